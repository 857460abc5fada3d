#pragma once
// A read-only POSIX file descriptor that closes itself, with reads that
// turn system errors into InputError naming the file. "-" is standard input.
//
// A file is opened once: a pipe, a FIFO or standard input cannot be opened
// again or rewound, so whatever looks at its first bytes (compression,
// numpy or Parquet magic) peeks through the same handle, and the bytes
// peeked are handed out again by read() before the rest.
#include <cstdint>
#include <string>
#include <string_view>

namespace ranklab {

class FileHandle {
public:
    explicit FileHandle(const std::string& path);
    ~FileHandle();
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;

    // Reads up to `capacity` bytes (fewer only at the end of the file),
    // the peeked bytes first.
    std::size_t read(char* buffer, std::size_t capacity);
    // The first `count` bytes not yet read (fewer at the end of the file),
    // without consuming them: read() returns them again.
    std::string_view peek(std::size_t count);
    std::uint64_t size() const { return size_; }
    const std::string& path() const { return path_; }
    // False for a pipe, a FIFO, a terminal, a device or standard input: it
    // can be read only once.
    bool regularFile() const { return regular_; }
    // The descriptor (for copying the rest of the file elsewhere).
    int descriptor() const { return fd_; }

private:
    std::size_t readRaw(char* buffer, std::size_t capacity);
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    bool regular_ = true;
    std::string peeked_;  // read from fd_ but not yet handed out
};

// Whether `path` is a regular file, which can be opened again and read from
// the start; found without opening it (a FIFO opened to look at it would
// lose its writer). False for "-" (standard input) and a missing path.
bool isRegularInput(const std::string& path);

// Whether `path` names standard input.
inline bool isStandardInput(const std::string& path) { return path == "-"; }

} // namespace ranklab

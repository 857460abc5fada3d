#pragma once
// A read-only POSIX file descriptor that closes itself, with reads that
// turn system errors into InputError naming the file.
#include <cstdint>
#include <string>

namespace ranklab {

class FileHandle {
public:
    explicit FileHandle(const std::string& path);
    ~FileHandle();
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;

    // Reads up to `capacity` bytes (fewer only at the end of the file).
    std::size_t read(char* buffer, std::size_t capacity);
    std::uint64_t size() const { return size_; }
    const std::string& path() const { return path_; }
    bool regularFile() const { return regular_; }

private:
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    bool regular_ = true;
};

} // namespace ranklab

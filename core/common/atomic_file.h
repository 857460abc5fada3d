#pragma once
// A file written whole or not at all: the bytes go to a new temporary file
// with a unique name in PATH's folder (created exclusively, so no existing
// file or link of that name is ever opened), and commit() flushes it and
// renames it to PATH. A link at PATH is replaced, never followed. The file
// gets the mode of the file it replaces, or 0666 less the umask. Destroyed
// without commit(), it removes the temporary. Failures throw Error with the
// path and the system's message.
#include <cstdint>
#include <string>
#include <string_view>

namespace ranklab {

class AtomicFile {
public:
    // `durable`: commit() also flushes the data and the rename to disk
    // (fsync), as a user's document deserves; bulk generated data may skip it.
    explicit AtomicFile(std::string path, bool durable = true);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::string_view bytes);
    void commit();

    const std::string& path() const { return path_; }
    std::uint64_t bytesWritten() const { return bytes_; }

private:
    [[noreturn]] void fail(const std::string& what, int error);

    std::string path_;
    std::string tmpPath_;
    int fd_ = -1;
    std::uint64_t bytes_ = 0;
    bool committed_ = false;
    bool durable_ = true;
};

} // namespace ranklab

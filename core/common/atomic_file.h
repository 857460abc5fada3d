#pragma once
// A file written whole or not at all: the bytes go to PATH.tmp, and commit()
// renames it to PATH. Destroyed without commit(), it removes PATH.tmp.
// Failures throw Error with the path and the system's message.
#include <cstdint>
#include <string>
#include <string_view>

namespace ranklab {

class AtomicFile {
public:
    explicit AtomicFile(std::string path);
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
};

} // namespace ranklab

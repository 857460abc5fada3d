#pragma once
// The regular-file half of writing a user's file (common/output_file.h
// decides which half a target takes: write user files through OutputFile).
// The bytes go to a new temporary file with a unique name in PATH's folder
// (created exclusively, so no existing file or link of that name is ever
// opened, and registered for removal if a signal stops the process:
// common/temporary_files.h), and commit() flushes it and renames it to
// PATH. The file gets the mode (and, for root, the owner) of the file it
// replaces, or 0666 less the umask. Destroyed without commit(), it removes
// the temporary, so the old file stays as it was. Failures throw Error with
// PATH and the system's message.
#include <cstdint>
#include <string>
#include <string_view>

#include "common/temporary_files.h"

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
    const std::string& temporaryPath() const { return tmpPath_; }
    std::uint64_t bytesWritten() const { return bytes_; }

private:
    [[noreturn]] void fail(const std::string& what, int error);

    std::string path_;
    std::string tmpPath_;
    TemporaryFileGuard guard_;
    int fd_ = -1;
    std::uint64_t bytes_ = 0;
    bool committed_ = false;
    bool durable_ = true;
};

} // namespace ranklab

#pragma once
// Every file RankLab writes for its user (reports, charts, per-user values,
// partial states, workspaces, generated data) goes through here, so one
// policy decides how a target is written:
//   - a symbolic link: refused (never followed, never replaced);
//   - a character device or a FIFO (/dev/null, a named pipe): opened for
//     writing as it is and written in place: no temporary, no rename, the
//     node stays what it was;
//   - "-", /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the
//     descriptor this process was given, written as a shell redirection
//     would write it;
//   - a regular file, or no file yet: a temporary beside it, renamed over it
//     on commit() (common/atomic_file.h): the file is replaced whole or left
//     as it was;
//   - anything else (a directory, a socket, a block device): refused.
// Every write, flush and close is checked (a full disk is an error, never a
// truncated file); failures throw Error naming the file and the system's
// message.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace ranklab {

class AtomicFile;

enum class OutputKind {
    Replaced,    // a regular file or a new one: temporary and rename
    Device,      // a character device or a FIFO, written in place
    Descriptor,  // an open descriptor of the process (standard output...)
};

class OutputFile {
public:
    // Decides the kind and, for a regular file, creates its temporary (so a
    // folder that cannot be written fails before any work). A FIFO is opened
    // at the first write or at commit() (opening waits for a reader).
    // `durable`: a replaced file is flushed to disk before the rename.
    explicit OutputFile(std::string path, bool durable = true);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    void write(std::string_view bytes);
    // Finishes the file: renames a replaced file over the target, closes a
    // device. Without commit(), a replaced file's target stays as it was.
    void commit();

    OutputKind kind() const { return kind_; }
    const std::string& path() const { return path_; }
    std::uint64_t bytesWritten() const { return bytes_; }

private:
    void openDevice();
    [[noreturn]] void fail(int error) const;

    std::string path_;
    OutputKind kind_ = OutputKind::Replaced;
    std::unique_ptr<AtomicFile> atomic_;
    int fd_ = -1;
    bool ownsFd_ = false;
    bool committed_ = false;
    std::uint64_t bytes_ = 0;
};

// The whole of `bytes` to `path` under the policy above.
void writeOutputFile(const std::string& path, std::string_view bytes, bool durable = true);

// The descriptor `path` names ("-" and /dev/stdout: 1, /dev/stderr: 2,
// /dev/fd/N and /proc/self/fd/N: N), or -1 when it names none.
int namedDescriptor(const std::string& path);

} // namespace ranklab

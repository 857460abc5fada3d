#include "common/output_file.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomic_file.h"
#include "common/error.h"
#include "common/write_all.h"

namespace ranklab {
namespace {

std::string shown(const std::string& path) { return path == "-" ? "to standard output" : path; }

std::string message(int error) { return std::generic_category().message(error); }

// N of PREFIX + N, or -1.
int descriptorAfter(const std::string& path, std::string_view prefix) {
    if (path.size() <= prefix.size() || path.compare(0, prefix.size(), prefix) != 0) return -1;
    int n = -1;
    const char* end = path.data() + path.size();
    const auto [at, ec] = std::from_chars(path.data() + prefix.size(), end, n);
    return ec == std::errc() && at == end && n >= 0 ? n : -1;
}

// What a node is, for the refusal's message.
const char* nodeKind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISBLK(mode)) return "a block device";
    return "not a regular file";
}

} // namespace

int namedDescriptor(const std::string& path) {
    if (path == "-" || path == "/dev/stdout") return 1;
    if (path == "/dev/stderr") return 2;
    if (const int n = descriptorAfter(path, "/dev/fd/"); n >= 0) return n;
    return descriptorAfter(path, "/proc/self/fd/");
}

OutputFile::OutputFile(std::string path, bool durable) : path_(std::move(path)) {
    if (path_.empty()) throw Error("cannot write a file with an empty name");
    if (const int fd = namedDescriptor(path_); fd >= 0) {
        kind_ = OutputKind::Descriptor;
        const int flags = ::fcntl(fd, F_GETFL);
        if (flags < 0) fail(errno);
        if ((flags & O_ACCMODE) == O_RDONLY) fail(EBADF);
        // Beyond the standard three, only a descriptor this process was
        // given (a shell's >(...)), never one of its own files: those are
        // all close-on-exec.
        if (fd > 2 && (::fcntl(fd, F_GETFD) & FD_CLOEXEC))
            throw Error("cannot write " + path_ + ": the descriptor was not given to RankLab");
        fd_ = fd;
        return;
    }
    struct stat node {};
    if (::lstat(path_.c_str(), &node) != 0) {
        if (errno != ENOENT) fail(errno);
        atomic_ = std::make_unique<AtomicFile>(path_, durable);
        return;
    }
    if (S_ISLNK(node.st_mode))
        throw Error("refusing to write " + path_ +
                    ": it is a symbolic link, and RankLab never writes through a link (give the file it points to, "
                    "or remove the link)");
    if (S_ISREG(node.st_mode)) {
        atomic_ = std::make_unique<AtomicFile>(path_, durable);
        return;
    }
    if (!S_ISCHR(node.st_mode) && !S_ISFIFO(node.st_mode))
        throw Error("cannot write " + path_ + ": it is " + nodeKind(node.st_mode) +
                    "; expected a regular file, a character device or a FIFO");
    kind_ = OutputKind::Device;
    if (S_ISCHR(node.st_mode)) openDevice();  // at once (a FIFO's open waits for its reader)
}

OutputFile::~OutputFile() {
    if (ownsFd_ && fd_ >= 0) ::close(fd_);
}

void OutputFile::fail(int error) const { throw Error("cannot write " + shown(path_) + ": " + message(error)); }

void OutputFile::openDevice() {
    int fd = -1;
    do {
        fd = ::open(path_.c_str(), O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) fail(errno);
    struct stat node {};
    if (::fstat(fd, &node) != 0 || !(S_ISCHR(node.st_mode) || S_ISFIFO(node.st_mode))) {
        ::close(fd);
        throw Error("cannot write " + path_ + ": it was replaced while being opened");
    }
    fd_ = fd;
    ownsFd_ = true;
}

void OutputFile::write(std::string_view bytes) {
    if (committed_) throw Error("cannot write " + shown(path_) + ": the file is already finished");
    if (atomic_) {
        atomic_->write(bytes);
        bytes_ += bytes.size();
        return;
    }
    if (fd_ < 0) openDevice();
    if (kind_ == OutputKind::Descriptor && fd_ <= 2) {
        // What the program printed through the streams goes first.
        std::cout.flush();
        std::cerr.flush();
        std::fflush(stdout);
    }
    if (const int error = writeAll(fd_, bytes)) fail(error);
    bytes_ += bytes.size();
}

void OutputFile::commit() {
    if (committed_) return;
    if (atomic_) {
        atomic_->commit();
    } else if (kind_ == OutputKind::Device) {
        if (fd_ < 0) openDevice();  // an empty output still reaches its reader, as an end of file
        const int fd = fd_;
        fd_ = -1;
        ownsFd_ = false;
        if (::close(fd) != 0 && errno != EINTR) fail(errno);
    }
    committed_ = true;
}

void writeOutputFile(const std::string& path, std::string_view bytes, bool durable) {
    OutputFile file(path, durable);
    file.write(bytes);
    file.commit();
}

} // namespace ranklab

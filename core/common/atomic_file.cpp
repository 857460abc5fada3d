#include "common/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <system_error>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"

namespace ranklab {

namespace {

// The mode a new file would get: 0666 less the process's umask (read
// without changing it for good).
mode_t newFileMode() {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

} // namespace

AtomicFile::AtomicFile(std::string path, bool durable) : path_(std::move(path)), durable_(durable) {
    // mkostemp opens with O_CREAT | O_EXCL: an existing name, a link
    // included, is never opened, and another writer gets another name.
    std::string pattern = path_ + ".tmp-XXXXXX";
    fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd_ < 0) throw Error("cannot write " + path_ + ": " + std::generic_category().message(errno));
    tmpPath_ = pattern;
    struct stat existing {};
    const mode_t mode = ::lstat(path_.c_str(), &existing) == 0 && S_ISREG(existing.st_mode)
                            ? existing.st_mode & 07777
                            : newFileMode();
    if (::fchmod(fd_, mode) != 0) {
        const int error = errno;
        ::close(fd_);
        ::unlink(tmpPath_.c_str());
        fd_ = -1;
        throw Error("cannot write " + tmpPath_ + ": " + std::generic_category().message(error));
    }
}

AtomicFile::~AtomicFile() {
    if (committed_) return;
    if (fd_ >= 0) ::close(fd_);
    ::unlink(tmpPath_.c_str());
}

void AtomicFile::fail(const std::string& what, int error) {
    throw Error(what + " " + tmpPath_ + ": " + std::generic_category().message(error));
}

void AtomicFile::write(std::string_view bytes) {
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd_, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("cannot write", errno);
        }
        p += n;
        left -= std::size_t(n);
    }
    bytes_ += bytes.size();
}

void AtomicFile::commit() {
    const int fd = fd_;
    fd_ = -1;
    if (durable_ && ::fsync(fd) != 0) {
        const int error = errno;
        ::close(fd);
        fail("cannot flush to disk", error);
    }
    if (::close(fd) != 0) fail("cannot write", errno);
    if (::rename(tmpPath_.c_str(), path_.c_str()) != 0)
        throw Error("cannot rename " + tmpPath_ + " to " + path_ + ": " + std::generic_category().message(errno));
    committed_ = true;
    if (durable_) {
        // Make the rename itself durable.
        const std::string folder = path_.find('/') == std::string::npos ? "." : path_.substr(0, path_.rfind('/') + 1);
        const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir >= 0) {
            ::fsync(dir);
            ::close(dir);
        }
    }
}

} // namespace ranklab

#include "common/atomic_file.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"
#include "common/write_all.h"

namespace ranklab {

namespace {

// The mode a new file would get: 0666 less the process's umask (read
// without changing it for good).
mode_t newFileMode() {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

std::string message(int error) { return std::generic_category().message(error); }

// PATH's temporary: "NAME.tmp-XXXXXX" beside it, absolute (a signal handler
// removes it by this name whatever the working folder), NAME shortened if
// the whole would pass the longest name a folder takes.
std::string temporaryPattern(const std::string& path) {
    std::error_code ec;
    std::filesystem::path full = std::filesystem::absolute(path, ec);
    if (ec) full = path;
    std::string name = full.filename().string();
    constexpr std::size_t kSuffix = sizeof(".tmp-XXXXXX") - 1;
    if (name.size() + kSuffix > NAME_MAX) name.resize(NAME_MAX - kSuffix);
    return (full.parent_path() / (name + ".tmp-XXXXXX")).string();
}

} // namespace

AtomicFile::AtomicFile(std::string path, bool durable) : path_(std::move(path)), durable_(durable) {
    std::string pattern = temporaryPattern(path_);
    fd_ = guard_.create(pattern);
    if (fd_ < 0) throw Error("cannot write " + path_ + ": " + message(errno));
    tmpPath_ = pattern;
    struct stat existing {};
    const bool replaces = ::lstat(path_.c_str(), &existing) == 0 && S_ISREG(existing.st_mode);
    const mode_t mode = replaces ? existing.st_mode & 0777 : newFileMode();
    if (::fchmod(fd_, mode) != 0) {
        const int error = errno;
        ::close(fd_);
        fd_ = -1;
        ::unlink(tmpPath_.c_str());
        guard_.release();
        throw Error("cannot write " + path_ + ": " + message(error));
    }
    // Root replacing someone else's file keeps it theirs; anyone else cannot
    // give a file away, and the new file is simply their own.
    if (replaces && ::geteuid() == 0 && (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()))
        (void)::fchown(fd_, existing.st_uid, existing.st_gid);
}

AtomicFile::~AtomicFile() {
    if (committed_) return;
    if (fd_ >= 0) ::close(fd_);
    ::unlink(tmpPath_.c_str());  // before the guard forgets it
}

void AtomicFile::fail(const std::string& what, int error) {
    throw Error(what + " " + path_ + ": " + message(error));
}

void AtomicFile::write(std::string_view bytes) {
    if (fd_ < 0) throw Error("cannot write " + path_ + ": the file is already closed");
    if (const int error = writeAll(fd_, bytes)) fail("cannot write", error);
    bytes_ += bytes.size();
}

void AtomicFile::commit() {
    if (fd_ < 0) throw Error("cannot write " + path_ + ": the file is already closed");
    const int fd = fd_;
    fd_ = -1;
    if (durable_ && ::fsync(fd) != 0) {
        const int error = errno;
        ::close(fd);
        fail("cannot write", error);
    }
    if (::close(fd) != 0) fail("cannot write", errno);
    if (::rename(tmpPath_.c_str(), path_.c_str()) != 0) fail("cannot write", errno);
    committed_ = true;
    guard_.release();
    if (durable_) {
        // Make the rename itself durable.
        const std::string folder = std::filesystem::path(tmpPath_).parent_path().string();
        const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir >= 0) {
            ::fsync(dir);
            ::close(dir);
        }
    }
}

} // namespace ranklab

#include "io/file_handle.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"

namespace ranklab {

FileHandle::FileHandle(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        int err = errno;
        throw InputError({path, 0, 0}, std::string("cannot open the file: ") + std::strerror(err));
    }
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || S_ISDIR(st.st_mode)) {
        ::close(fd_);
        fd_ = -1;
        throw InputError({path, 0, 0}, "cannot read the file: it is a directory, expected a file");
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
    regular_ = S_ISREG(st.st_mode);
}

FileHandle::~FileHandle() {
    if (fd_ >= 0) ::close(fd_);
}

std::size_t FileHandle::read(char* buffer, std::size_t capacity) {
    std::size_t total = 0;
    while (total < capacity) {
        ssize_t n = ::read(fd_, buffer + total, capacity - total);
        if (n < 0) {
            if (errno == EINTR) continue;
            int err = errno;
            throw InputError({path_, 0, 0}, std::string("cannot read the file: ") + std::strerror(err));
        }
        if (n == 0) break;
        total += static_cast<std::size_t>(n);
    }
    return total;
}

} // namespace ranklab

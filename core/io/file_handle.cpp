#include "io/file_handle.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"

namespace ranklab {

FileHandle::FileHandle(const std::string& path) : path_(path) {
    if (isStandardInput(path)) {
        fd_ = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
        if (fd_ < 0) {
            int err = errno;
            throw InputError({path, 0, 0}, std::string("cannot read standard input: ") + std::strerror(err));
        }
    } else {
        fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    }
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
    size_ = S_ISREG(st.st_mode) ? static_cast<std::uint64_t>(st.st_size) : 0;
    // Standard input is read once even when it is redirected from a file
    // (opened again, it would go on where the first reading stopped).
    regular_ = S_ISREG(st.st_mode) && !isStandardInput(path);
    if (S_ISREG(st.st_mode) && isStandardInput(path)) {
        const off_t at = ::lseek(fd_, 0, SEEK_CUR);
        if (at > 0) size_ -= std::min<std::uint64_t>(size_, static_cast<std::uint64_t>(at));
    }
}

FileHandle::~FileHandle() {
    if (fd_ >= 0) ::close(fd_);
}

std::size_t FileHandle::readRaw(char* buffer, std::size_t capacity) {
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

std::size_t FileHandle::read(char* buffer, std::size_t capacity) {
    std::size_t n = std::min(capacity, peeked_.size());
    if (n > 0) {
        std::memcpy(buffer, peeked_.data(), n);
        peeked_.erase(0, n);
    }
    if (n < capacity) n += readRaw(buffer + n, capacity - n);
    return n;
}

std::string_view FileHandle::peek(std::size_t count) {
    if (peeked_.size() < count) {
        const std::size_t had = peeked_.size();
        peeked_.resize(count);
        peeked_.resize(had + readRaw(peeked_.data() + had, count - had));
    }
    return std::string_view(peeked_).substr(0, std::min(count, peeked_.size()));
}

bool isRegularInput(const std::string& path) {
    struct stat st {};
    return !isStandardInput(path) && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

} // namespace ranklab

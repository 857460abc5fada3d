#include "io/mapped_bytes.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

#include "common/error.h"
#include "io/file_handle.h"

namespace ranklab {
namespace {

std::uint64_t pageSize() { return static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)); }

struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) close(fd);
    }
};

} // namespace

MappedBytes::~MappedBytes() {
    if (data_ && mappedSize_ > 0) munmap(data_, mappedSize_);
    if (fd_ >= 0) close(fd_);
}

std::shared_ptr<const MappedBytes> MappedBytes::mapFile(const std::string& path) {
    Fd f;
    f.fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f.fd < 0) throw InputError({path, 0, 0}, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (fstat(f.fd, &st) != 0) throw InputError({path, 0, 0}, std::string("cannot stat: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        throw InputError({path, 0, 0}, "not a regular file; a .npy/.npz file is memory-mapped and must be a file");
    std::shared_ptr<MappedBytes> out(new MappedBytes);
    out->size_ = static_cast<std::uint64_t>(st.st_size);
    if (out->size_ == 0) return out;
    void* p = mmap(nullptr, out->size_, PROT_READ, MAP_PRIVATE, f.fd, 0);
    if (p == MAP_FAILED) throw InputError({path, 0, 0}, std::string("cannot map: ") + std::strerror(errno));
    out->data_ = static_cast<char*>(p);
    out->mappedSize_ = out->size_;
    out->fd_ = f.fd;
    f.fd = -1;
    return out;
}

std::shared_ptr<const MappedBytes> MappedBytes::fromWriter(const std::string& name, std::uint64_t size,
                                                           const std::function<void(char*, std::uint64_t)>& fill) {
    std::shared_ptr<MappedBytes> out(new MappedBytes);
    out->size_ = size;
    if (size == 0) {
        fill(nullptr, 0);
        return out;
    }
    Fd f;
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/ranklab-npz-XXXXXX";
    f.fd = mkstemp(pattern.data());
    if (f.fd < 0) throw Error(name + ": cannot create a temporary file: " + std::strerror(errno));
    unlink(pattern.c_str());
    // Blocks reserved, not a sparse file: writing through the map past the
    // free space would be SIGBUS; here it is an error saying so.
    if (const int error = posix_fallocate(f.fd, 0, static_cast<off_t>(size)); error != 0)
        throw Error(name + ": cannot make a temporary file of " + std::to_string(size) + " bytes in " +
                    pattern.substr(0, pattern.rfind('/')) + " (TMPDIR): " + std::strerror(error));
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, f.fd, 0);
    if (p == MAP_FAILED) throw Error(name + ": cannot map a temporary file: " + std::strerror(errno));
    out->data_ = static_cast<char*>(p);
    out->mappedSize_ = size;
    fill(out->data_, size);
    mprotect(p, size, PROT_READ);
    return out;
}

std::shared_ptr<const MappedBytes> MappedBytes::fromStream(FileHandle& file) {
    const std::string& path = file.path();
    Fd f;
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/ranklab-stream-XXXXXX";
    f.fd = mkstemp(pattern.data());
    auto fail = [&](const std::string& what) {
        const int err = errno;
        throw InputError({path, 0, 0}, "read once (a pipe, a FIFO or standard input), it is copied to a temporary "
                                       "file to be mapped, but " + what + " (" + std::strerror(err) +
                                       "); expected room in $TMPDIR (or save it to a file first)");
    };
    if (f.fd < 0) fail("the temporary file cannot be created in " + pattern.substr(0, pattern.rfind('/')));
    unlink(pattern.c_str());
    std::vector<char> buffer(std::size_t(1) << 20);
    std::uint64_t size = 0;
    for (std::size_t got; (got = file.read(buffer.data(), buffer.size())) > 0;) {
        for (std::size_t done = 0; done < got;) {
            const ssize_t n = write(f.fd, buffer.data() + done, got - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail("writing it failed after " + std::to_string(size + done) + " bytes");
            done += static_cast<std::size_t>(n);
        }
        size += got;
    }
    std::shared_ptr<MappedBytes> out(new MappedBytes);
    out->size_ = size;
    if (size == 0) return out;
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, f.fd, 0);
    if (p == MAP_FAILED) fail("mapping the copy failed");
    out->data_ = static_cast<char*>(p);
    out->mappedSize_ = size;
    out->fd_ = f.fd;
    f.fd = -1;
    return out;
}

void MappedBytes::adviseSequential() const {
    if (data_) madvise(data_, mappedSize_, MADV_SEQUENTIAL);
}

void MappedBytes::populate(std::uint64_t offset, std::uint64_t length) const {
#if defined(MADV_POPULATE_READ)
    constexpr int kPopulateRead = MADV_POPULATE_READ;
#else
    constexpr int kPopulateRead = 22;  // Linux's value, for older headers
#endif
    if (!data_ || offset >= mappedSize_) return;
    const std::uint64_t page = pageSize();
    const std::uint64_t begin = offset / page * page;
    const std::uint64_t end = std::min(mappedSize_, offset + length);
    madvise(data_ + begin, end - begin, kPopulateRead);  // EINVAL on an older kernel: the faults do it
}

bool MappedBytes::readAt(std::uint64_t offset, std::uint64_t length, char* out) const {
    if (fd_ < 0 || offset + length > size_) return false;
    while (length > 0) {
        const ssize_t n = pread(fd_, out, length, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        out += n;
        offset += static_cast<std::uint64_t>(n);
        length -= static_cast<std::uint64_t>(n);
    }
    return true;
}

void MappedBytes::release(std::uint64_t offset, std::uint64_t length) const {
    if (!data_) return;
    const std::uint64_t page = pageSize();
    std::uint64_t begin = (offset + page - 1) / page * page;  // whole pages inside the range only
    std::uint64_t end = (offset + length) / page * page;
    if (end > mappedSize_) end = mappedSize_ / page * page;
    if (end > begin) madvise(data_ + begin, end - begin, MADV_DONTNEED);
}

} // namespace ranklab

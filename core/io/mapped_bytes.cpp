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
    if (mapStart_ && mappedSize_ > 0) munmap(mapStart_, mappedSize_);
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
    out->data_ = out->mapStart_ = static_cast<char*>(p);
    out->mappedSize_ = out->size_;
    out->fd_ = f.fd;
    f.fd = -1;
    return out;
}

std::shared_ptr<const MappedBytes> MappedBytes::mapFileRange(const std::string& path, std::uint64_t offset,
                                                             std::uint64_t length, const std::string& name) {
    Fd f;
    f.fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f.fd < 0) throw InputError({name, 0, 0}, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (fstat(f.fd, &st) != 0) throw InputError({name, 0, 0}, std::string("cannot stat: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        throw InputError({name, 0, 0}, "not a regular file; a .npy/.npz file is memory-mapped and must be a file");
    const auto fileSize = static_cast<std::uint64_t>(st.st_size);
    if (offset > fileSize || length > fileSize - offset)
        throw InputError({name, 0, 0}, "bytes " + std::to_string(offset) + " to " + std::to_string(offset + length) +
                                           " are past the end of the file (" + std::to_string(fileSize) +
                                           " bytes); the file is truncated");
    std::shared_ptr<MappedBytes> out(new MappedBytes);
    out->size_ = length;
    out->fileOffset_ = offset;
    if (length == 0) return out;
    const std::uint64_t start = offset / pageSize() * pageSize();
    const std::uint64_t span = offset - start + length;
    void* p = mmap(nullptr, span, PROT_READ, MAP_PRIVATE, f.fd, static_cast<off_t>(start));
    if (p == MAP_FAILED) throw InputError({name, 0, 0}, std::string("cannot map: ") + std::strerror(errno));
    out->mapStart_ = static_cast<char*>(p);
    out->mappedSize_ = span;
    out->data_ = out->mapStart_ + (offset - start);
    out->fd_ = f.fd;
    f.fd = -1;
    return out;
}

std::shared_ptr<const MappedBytes> MappedBytes::inMemory(const std::string& name, std::uint64_t size,
                                                         const std::function<void(char*, std::uint64_t)>& fill) {
    std::shared_ptr<MappedBytes> out(new MappedBytes);
    out->size_ = size;
    if (size == 0) {
        fill(nullptr, 0);
        return out;
    }
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        throw Error(name + ": cannot have " + std::to_string(size) + " bytes of memory: " + std::strerror(errno));
    out->data_ = out->mapStart_ = static_cast<char*>(p);
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
    out->data_ = out->mapStart_ = static_cast<char*>(p);
    out->mappedSize_ = size;
    out->fd_ = f.fd;
    f.fd = -1;
    return out;
}

void MappedBytes::adviseSequential() const {
    if (mapStart_) madvise(mapStart_, mappedSize_, MADV_SEQUENTIAL);
}

void MappedBytes::populate(std::uint64_t offset, std::uint64_t length) const {
#if defined(MADV_POPULATE_READ)
    constexpr int kPopulateRead = MADV_POPULATE_READ;
#else
    constexpr int kPopulateRead = 22;  // Linux's value, for older headers
#endif
    if (!mapStart_ || offset >= size_) return;
    // Positions in the map (data_ may sit inside its first page).
    const std::uint64_t page = pageSize();
    const std::uint64_t lead = static_cast<std::uint64_t>(data_ - mapStart_);
    const std::uint64_t begin = (lead + offset) / page * page;
    const std::uint64_t end = std::min(mappedSize_, lead + offset + length);
    madvise(mapStart_ + begin, end - begin, kPopulateRead);  // EINVAL on an older kernel: the faults do it
}

bool MappedBytes::readAt(std::uint64_t offset, std::uint64_t length, char* out) const {
    if (fd_ < 0 || offset > size_ || length > size_ - offset) return false;
    while (length > 0) {
        const ssize_t n = pread(fd_, out, length, static_cast<off_t>(fileOffset_ + offset));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        out += n;
        offset += static_cast<std::uint64_t>(n);
        length -= static_cast<std::uint64_t>(n);
    }
    return true;
}

void MappedBytes::release(std::uint64_t offset, std::uint64_t length) const {
    if (!mapStart_ || offset >= size_) return;
    const std::uint64_t page = pageSize();
    const std::uint64_t lead = static_cast<std::uint64_t>(data_ - mapStart_);
    // Whole pages inside the range only (a page shared with other bytes stays).
    const std::uint64_t begin = (lead + offset + page - 1) / page * page;
    std::uint64_t end = (lead + std::min(size_, offset + length)) / page * page;
    if (end > mappedSize_) end = mappedSize_ / page * page;
    if (end > begin) madvise(mapStart_ + begin, end - begin, MADV_DONTNEED);
}

} // namespace ranklab

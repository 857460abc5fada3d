#pragma once
// Read-only bytes mapped into memory: a whole file or a range of one (mmap;
// a stored .npz member is read in place in its archive), so a large array
// is paged in and out by the kernel instead of held in the process's heap;
// or anonymous memory filled by a writer (rows inflated from a deflated
// .npz member: never written to disk).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace ranklab {

class FileHandle;

class MappedBytes {
public:
    ~MappedBytes();
    MappedBytes(const MappedBytes&) = delete;
    MappedBytes& operator=(const MappedBytes&) = delete;

    // Maps `path` whole. Throws InputError naming the file on failure.
    static std::shared_ptr<const MappedBytes> mapFile(const std::string& path);
    // Bytes [offset, offset + length) of `path`, mapped in place (the map
    // starts at the page holding `offset`). Throws InputError naming `name`
    // if the file is not a regular file, is shorter, or cannot be mapped.
    static std::shared_ptr<const MappedBytes> mapFileRange(const std::string& path, std::uint64_t offset,
                                                           std::uint64_t length, const std::string& name);
    // `size` bytes of anonymous memory (nothing on disk) filled by
    // `fill(data, size)`, then kept read-only. Throws Error naming `name` if
    // the memory cannot be had.
    static std::shared_ptr<const MappedBytes> inMemory(const std::string& name, std::uint64_t size,
                                                       const std::function<void(char*, std::uint64_t)>& fill);

    // The rest of `file` (a pipe, a FIFO, standard input: anything that
    // cannot be mapped) copied to an unlinked temporary file in $TMPDIR
    // (on disk, not in the heap) and mapped. Throws InputError naming the
    // file if the copy cannot be written.
    static std::shared_ptr<const MappedBytes> fromStream(FileHandle& file);

    std::string_view bytes() const { return {data_, static_cast<std::size_t>(size_)}; }
    const char* data() const { return data_; }
    std::uint64_t size() const { return size_; }
    // Tells the kernel the bytes [offset, offset + length) are read once, in order.
    void adviseSequential() const;
    // Maps bytes [offset, offset + length) in one call before they are read
    // (MADV_POPULATE_READ, Linux 5.14; elsewhere nothing: they fault in as
    // read), sparing a page fault per 64 KiB.
    void populate(std::uint64_t offset, std::uint64_t length) const;
    // Copies bytes [offset, offset + length) to `out` with pread: for data
    // read once, cheaper than mapping its pages in and out. False when the
    // file cannot be read that way (the caller then reads the mapping).
    bool readAt(std::uint64_t offset, std::uint64_t length, char* out) const;
    // Drops bytes [offset, offset + length) from this process's resident set.
    void release(std::uint64_t offset, std::uint64_t length) const;

private:
    MappedBytes() = default;
    char* data_ = nullptr;           // the first byte (inside the map)
    std::uint64_t size_ = 0;
    char* mapStart_ = nullptr;       // the map, from a page boundary
    std::uint64_t mappedSize_ = 0;
    std::uint64_t fileOffset_ = 0;   // of data_ in the file, for readAt
    int fd_ = -1;  // the file mapped, kept open for readAt
};

} // namespace ranklab

#pragma once
// A 2-D numpy array over mapped bytes: its header checked against the bytes
// there are, and rows read out as doubles whatever the dtype, byte order or
// memory order. Nothing is copied until rows are asked for.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/mapped_bytes.h"
#include "io/npy_header.h"

namespace ranklab {

class NpyArray {
public:
    // `name` is used in errors ("run.npz: member scores.npy" or the path).
    // Throws InputError if the header is bad, the array is not 2-D, or the
    // bytes are fewer (truncated) or more (a shape that lies) than the
    // header's shape needs.
    NpyArray(std::shared_ptr<const MappedBytes> bytes, std::string name);
    // The same over bytes whose header was parsed already (`header`, its
    // dataOffset counted from the start of `bytes`): rows inflated from an
    // .npz member come without one.
    NpyArray(std::shared_ptr<const MappedBytes> bytes, std::string name, NpyHeader header);
    static NpyArray open(const std::string& path) { return NpyArray(MappedBytes::mapFile(path), path); }

    const NpyHeader& header() const { return header_; }
    const std::string& name() const { return name_; }
    std::uint64_t byteCount() const { return bytes_->size(); }  // header and data
    std::uint64_t rows() const { return header_.shape[0]; }
    std::uint64_t columns() const { return header_.shape[1]; }
    bool isInteger() const { return header_.type == NpyType::Int32 || header_.type == NpyType::Int64; }

    // Rows [first, first + count) into out (row-major, count x columns()).
    // Floats and integers alike as doubles (int64 beyond 2^53 rounds; use
    // readIndexRows for indices).
    void readRows(std::uint64_t first, std::uint64_t count, double* out) const;
    // Row r in place when the array is little-endian float32 in C order and
    // aligned (the common case: no conversion pass); else nullptr.
    const float* float32Row(std::uint64_t r) const;
    // The same as exact integers (an integer dtype only).
    void readIndexRows(std::uint64_t first, std::uint64_t count, std::int64_t* out) const;
    // Lets the kernel drop rows [first, first + count) from this process's
    // memory once read (C order only; a no-op for Fortran order, whose rows
    // are spread over the whole file).
    void releaseRows(std::uint64_t first, std::uint64_t count) const;
    void adviseSequential() const { bytes_->adviseSequential(); }
    // Rows [first, first + count) of a little-endian C-order float32 array
    // copied to `out` (pread); false for any other layout or a failed read.
    bool copyFloat32Rows(std::uint64_t first, std::uint64_t count, float* out) const;
    // The raw bytes of rows [first, first + count) to `out` in C order
    // (count x columns() elements of the array's dtype, as stored).
    void copyRawRows(std::uint64_t first, std::uint64_t count, char* out) const;
    // Maps rows [first, first + count) in before they are read (C order only).
    void populateRows(std::uint64_t first, std::uint64_t count) const;

private:
    void checkShape() const;
    template <class T, class Convert> void gather(std::uint64_t first, std::uint64_t count, T* out, Convert convert) const;

    std::shared_ptr<const MappedBytes> bytes_;
    std::string name_;
    NpyHeader header_;
};

} // namespace ranklab

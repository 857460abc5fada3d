#pragma once
// numpy's .npy header: the magic "\x93NUMPY", a version (1.0, 2.0, 3.0), the
// header's length (2 bytes in version 1, 4 in 2 and 3), then a Python dict
// literal {'descr': '<f4', 'fortran_order': False, 'shape': (100, 50), }
// padded with spaces to a multiple of 64 bytes and ending in '\n'. The raw
// data follows. Only what a score file needs is accepted: the dtypes f2, f4,
// f8, i4, i8 in either byte order.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ranklab {

enum class NpyType { Float16, Float32, Float64, Int32, Int64 };

struct NpyHeader {
    NpyType type = NpyType::Float32;
    std::uint32_t itemSize = 4;
    bool bigEndian = false;
    bool fortranOrder = false;
    std::vector<std::uint64_t> shape;
    std::string descr;             // as written: "<f4"
    std::uint64_t dataOffset = 0;  // bytes before the data
    int majorVersion = 1;

    std::uint64_t elementCount() const;
    std::uint64_t dataBytes() const { return elementCount() * itemSize; }
    // "float32", "int64", ...
    const char* typeName() const;
    // "(100, 50)"
    std::string shapeText() const;
};

// Parses the header at the start of `bytes` (the file's first bytes, at
// least the whole header). Throws InputError naming `file`, the byte offset
// (as the column; line 0) and what was expected; a shape whose data would
// pass 2^63 bytes is refused (so dataBytes() never overflows after this).
NpyHeader parseNpyHeader(std::string_view bytes, const std::string& file);

// True if `bytes` start with numpy's magic.
bool hasNpyMagic(std::string_view bytes);

} // namespace ranklab

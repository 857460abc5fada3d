#include "io/npy_array.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/error.h"

namespace ranklab {
namespace {

template <class U> U load(const char* p, bool swap) {
    U v;
    std::memcpy(&v, p, sizeof v);
    if (swap) {
        if constexpr (sizeof(U) == 2) v = static_cast<U>((v >> 8) | (v << 8));
        if constexpr (sizeof(U) == 4) v = __builtin_bswap32(v);
        if constexpr (sizeof(U) == 8) v = __builtin_bswap64(v);
    }
    return v;
}

// IEEE 754 binary16 to double, exactly (subnormals, infinities, NaN).
double halfToDouble(std::uint16_t h) {
    const int sign = h >> 15;
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    double v;
    if (exponent == 0) v = std::ldexp(double(mantissa), -24);
    else if (exponent == 31) v = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else v = std::ldexp(double(mantissa | 0x400), exponent - 25);
    return sign ? -v : v;
}

} // namespace

NpyArray::NpyArray(std::shared_ptr<const MappedBytes> bytes, std::string name)
    : bytes_(std::move(bytes)), name_(std::move(name)), header_(parseNpyHeader(bytes_->bytes(), name_)) {
    checkShape();
}

NpyArray::NpyArray(std::shared_ptr<const MappedBytes> bytes, std::string name, NpyHeader header)
    : bytes_(std::move(bytes)), name_(std::move(name)), header_(std::move(header)) {
    if (header_.dataOffset > bytes_->size())
        throw InputError({name_, 0, 0}, "byte " + std::to_string(bytes_->size()) + ": the data is truncated: the " +
                                            std::to_string(header_.dataOffset) + "-byte header is not whole");
    checkShape();
}

void NpyArray::checkShape() const {
    if (header_.shape.size() != 2)
        throw InputError({name_, 0, 0}, "the array has shape " + header_.shapeText() + " (" +
                                            std::to_string(header_.shape.size()) +
                                            " dimensions); expected 2 (users x items)");
    const std::uint64_t have = bytes_->size() - header_.dataOffset;
    const std::uint64_t rows = header_.shape[0], columns = header_.shape[1];
    // A zero dimension holds no score: (2^40, 0) would otherwise pass the size
    // check (0 bytes) and make 2^40 users of nothing.
    if (rows == 0 || columns == 0)
        throw InputError({name_, 0, 0}, "the array has shape " + header_.shapeText() + ", which holds no " +
                                            (rows == 0 ? "row" : "column") +
                                            "; expected at least one user (row) and one item (column)");
    // Overflow-safe: the bytes the shape needs, or "more than the file" if it overflows.
    const bool overflow = columns != 0 && rows > std::numeric_limits<std::uint64_t>::max() / columns / header_.itemSize;
    const std::uint64_t need = overflow ? 0 : header_.dataBytes();
    if (overflow || need > have) {
        const std::uint64_t whole = have / header_.itemSize;
        const std::uint64_t columnsSafe = columns == 0 ? 1 : columns;
        const std::uint64_t r = header_.fortranOrder ? whole % rows : whole / columnsSafe;
        const std::uint64_t c = header_.fortranOrder ? whole / rows : whole % columnsSafe;
        throw InputError({name_, 0, 0},
                         "byte " + std::to_string(bytes_->size()) + ": the data is truncated: shape " +
                             header_.shapeText() + " of " + header_.typeName() + " needs " +
                             (overflow ? std::string("more bytes than any file holds")
                                       : std::to_string(need) + " data bytes") +
                             " after the " + std::to_string(header_.dataOffset) + "-byte header, the file has " +
                             std::to_string(have) + " (it ends at row " + std::to_string(r) + ", column " +
                             std::to_string(c) + ")");
    }
    if (need < have)
        throw InputError({name_, 0, 0}, "byte " + std::to_string(header_.dataOffset + need) + ": the header's shape " +
                                            header_.shapeText() + " of " + header_.typeName() + " accounts for " +
                                            std::to_string(need) + " data bytes but the file has " +
                                            std::to_string(have) + "; expected the shape to match the data");
}

template <class T, class Convert>
void NpyArray::gather(std::uint64_t first, std::uint64_t count, T* out, Convert convert) const {
    const char* data = bytes_->data() + header_.dataOffset;
    const std::uint64_t cols = columns(), size = header_.itemSize;
    if (!header_.fortranOrder) {
        const char* p = data + first * cols * size;
        const std::uint64_t n = count * cols;
        for (std::uint64_t i = 0; i < n; ++i) out[i] = convert(p + i * size);
    } else {
        // Column c's rows are contiguous: read `count` of them per column.
        for (std::uint64_t c = 0; c < cols; ++c) {
            const char* p = data + (c * rows() + first) * size;
            for (std::uint64_t r = 0; r < count; ++r) out[r * cols + c] = convert(p + r * size);
        }
    }
}

void NpyArray::readRows(std::uint64_t first, std::uint64_t count, double* out) const {
    const bool swap = header_.bigEndian;
    switch (header_.type) {
    case NpyType::Float16:
        gather(first, count, out, [swap](const char* p) { return halfToDouble(load<std::uint16_t>(p, swap)); });
        break;
    case NpyType::Float32:
        if (!swap) gather(first, count, out, [](const char* p) {
            float f;
            std::memcpy(&f, p, 4);
            return double(f);
        });
        else gather(first, count, out, [](const char* p) { return double(std::bit_cast<float>(load<std::uint32_t>(p, true))); });
        break;
    case NpyType::Float64:
        gather(first, count, out, [swap](const char* p) { return std::bit_cast<double>(load<std::uint64_t>(p, swap)); });
        break;
    case NpyType::Int32:
        gather(first, count, out, [swap](const char* p) { return double(std::bit_cast<std::int32_t>(load<std::uint32_t>(p, swap))); });
        break;
    case NpyType::Int64:
        gather(first, count, out, [swap](const char* p) { return double(std::bit_cast<std::int64_t>(load<std::uint64_t>(p, swap))); });
        break;
    }
}

const float* NpyArray::float32Row(std::uint64_t r) const {
    if (header_.type != NpyType::Float32 || header_.bigEndian || header_.fortranOrder) return nullptr;
    const char* p = bytes_->data() + header_.dataOffset + r * columns() * 4;
    if (reinterpret_cast<std::uintptr_t>(p) % alignof(float) != 0) return nullptr;
    return reinterpret_cast<const float*>(p);
}

void NpyArray::readIndexRows(std::uint64_t first, std::uint64_t count, std::int64_t* out) const {
    const bool swap = header_.bigEndian;
    if (header_.type == NpyType::Int32)
        gather(first, count, out, [swap](const char* p) { return std::int64_t(std::bit_cast<std::int32_t>(load<std::uint32_t>(p, swap))); });
    else if (header_.type == NpyType::Int64)
        gather(first, count, out, [swap](const char* p) { return std::bit_cast<std::int64_t>(load<std::uint64_t>(p, swap)); });
    else
        throw InputError({name_, 0, 0}, std::string("the array holds ") + header_.typeName() +
                                            "; expected item indices as integers (int32 or int64)");
}

bool NpyArray::copyFloat32Rows(std::uint64_t first, std::uint64_t count, float* out) const {
    if (header_.type != NpyType::Float32 || header_.bigEndian || header_.fortranOrder) return false;
    const std::uint64_t row = columns() * 4;
    return bytes_->readAt(header_.dataOffset + first * row, count * row, reinterpret_cast<char*>(out));
}

void NpyArray::copyRawRows(std::uint64_t first, std::uint64_t count, char* out) const {
    const char* data = bytes_->data() + header_.dataOffset;
    const std::uint64_t cols = columns(), size = header_.itemSize;
    if (!header_.fortranOrder) {
        std::memcpy(out, data + first * cols * size, count * cols * size);
        return;
    }
    for (std::uint64_t c = 0; c < cols; ++c)
        for (std::uint64_t r = 0; r < count; ++r)
            std::memcpy(out + (r * cols + c) * size, data + (c * rows() + first + r) * size, size);
}

void NpyArray::populateRows(std::uint64_t first, std::uint64_t count) const {
    if (header_.fortranOrder) return;
    const std::uint64_t row = columns() * header_.itemSize;
    bytes_->populate(header_.dataOffset + first * row, count * row);
}

void NpyArray::releaseRows(std::uint64_t first, std::uint64_t count) const {
    if (header_.fortranOrder) return;
    const std::uint64_t row = columns() * header_.itemSize;
    bytes_->release(header_.dataOffset + first * row, count * row);
}

} // namespace ranklab

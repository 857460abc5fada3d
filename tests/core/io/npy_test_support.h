#pragma once
// Writes numpy files in the tests themselves (no numpy needed): .npy bytes
// of any supported dtype, byte order and memory order, and .npz archives
// through libzip (stored or deflated) or by hand (zip64 records).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <zip.h>
#include <zlib.h>

namespace ranklab::test {

struct NpyMatrix {
    std::size_t rows = 0, columns = 0;
    std::vector<double> values;  // row-major
    double at(std::size_t r, std::size_t c) const { return values[r * columns + c]; }
};

// binary16 of a value exactly representable as one (the tests pick such).
inline std::uint16_t toHalf(double v) {
    if (std::isinf(v)) return v < 0 ? 0xfc00 : 0x7c00;
    if (std::isnan(v)) return 0x7e00;
    std::uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    v = std::fabs(v);
    if (v == 0) return sign;
    int e = 0;
    double m = std::frexp(v, &e);  // v = m * 2^e, m in [0.5, 1)
    int exponent = e - 1 + 15;
    if (exponent <= 0) return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::ldexp(v, 24)));
    auto mantissa = static_cast<std::uint16_t>(std::ldexp(m * 2 - 1, 10));
    if (std::ldexp(1.0 + mantissa / 1024.0, e - 1) != v) throw std::runtime_error("not a half");
    return static_cast<std::uint16_t>(sign | (exponent << 10) | mantissa);
}

template <class U> void appendBytes(std::string& out, U v, bool big) {
    char b[sizeof(U)];
    std::memcpy(b, &v, sizeof v);
    if (big) std::reverse(b, b + sizeof(U));
    out.append(b, sizeof(U));
}

// The .npy bytes of `m` as `descr` ("<f4", ">f8", "<f2", "<i8", ...), in C
// or Fortran order, with header `version` 1, 2 or 3. `shapeText` overrides
// the shape written (to make a header lie).
inline std::string npyBytes(const NpyMatrix& m, const std::string& descr, bool fortran = false, int version = 1,
                            const std::string& shapeText = "") {
    std::string dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                       ", 'shape': " +
                       (shapeText.empty() ? "(" + std::to_string(m.rows) + ", " + std::to_string(m.columns) + ")"
                                          : shapeText) +
                       ", }";
    const std::size_t preamble = version == 1 ? 10 : 12;
    std::size_t total = preamble + dict.size() + 1;
    total = (total + 63) / 64 * 64;
    dict.append(total - preamble - dict.size() - 1, ' ');
    dict += '\n';
    std::string out = "\x93NUMPY";
    out += char(version);
    out += char(0);
    if (version == 1) appendBytes<std::uint16_t>(out, static_cast<std::uint16_t>(dict.size()), false);
    else appendBytes<std::uint32_t>(out, static_cast<std::uint32_t>(dict.size()), false);
    out += dict;
    const bool big = descr[0] == '>';
    const std::string t = descr.substr(1);
    for (std::size_t i = 0; i < m.rows * m.columns; ++i) {
        const std::size_t r = fortran ? i % m.rows : i / m.columns;
        const std::size_t c = fortran ? i / m.rows : i % m.columns;
        const double v = m.at(r, c);
        if (t == "f2") appendBytes<std::uint16_t>(out, toHalf(v), big);
        else if (t == "f4") appendBytes<std::uint32_t>(out, std::bit_cast<std::uint32_t>(float(v)), big);
        else if (t == "f8") appendBytes<std::uint64_t>(out, std::bit_cast<std::uint64_t>(v), big);
        else if (t == "i4") appendBytes<std::uint32_t>(out, static_cast<std::uint32_t>(std::int32_t(v)), big);
        else if (t == "i8") appendBytes<std::uint64_t>(out, static_cast<std::uint64_t>(std::int64_t(v)), big);
        else appendBytes<std::uint16_t>(out, std::uint16_t(v), big);  // any other dtype: 2 bytes (for error tests)
    }
    return out;
}

struct ZipMember {
    std::string name;
    std::string bytes;
    bool deflate = false;
    int level = 0;  // deflate's level, 1 (fast) to 9; 0: libzip's default
};

// A zip written by libzip.
inline void writeZip(const std::string& path, const std::vector<ZipMember>& members) {
    int error = 0;
    zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!z) throw std::runtime_error("zip_open");
    for (const ZipMember& m : members) {
        zip_source_t* s = zip_source_buffer(z, m.bytes.data(), m.bytes.size(), 0);
        const zip_int64_t index = zip_file_add(z, m.name.c_str(), s, ZIP_FL_OVERWRITE);
        if (index < 0) throw std::runtime_error("zip_file_add");
        zip_set_file_compression(z, static_cast<zip_uint64_t>(index), m.deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                 static_cast<zip_uint32_t>(m.level));
    }
    if (zip_close(z) != 0) throw std::runtime_error("zip_close");
}

// A zip64 archive of stored members written by hand (APPNOTE 4.5.3,
// 4.3.14-15): every size and offset in the zip64 extra fields and a zip64
// end of central directory record with its locator, the 32-bit fields set
// to 0xffffffff, as large archives have them.
inline std::string zip64Bytes(const std::vector<ZipMember>& members) {
    std::string out, central;
    auto u16 = [](std::string& s, std::uint16_t v) { appendBytes(s, v, false); };
    auto u32 = [](std::string& s, std::uint32_t v) { appendBytes(s, v, false); };
    auto u64 = [](std::string& s, std::uint64_t v) { appendBytes(s, v, false); };
    for (const ZipMember& m : members) {
        const std::uint64_t offset = out.size();
        const auto crc = static_cast<std::uint32_t>(
            crc32(0, reinterpret_cast<const Bytef*>(m.bytes.data()), static_cast<uInt>(m.bytes.size())));
        std::string extra;
        u16(extra, 0x0001);
        u16(extra, 16);
        u64(extra, m.bytes.size());
        u64(extra, m.bytes.size());
        u32(out, 0x04034b50);
        u16(out, 45), u16(out, 0), u16(out, 0), u16(out, 0), u16(out, 0);
        u32(out, crc), u32(out, 0xffffffff), u32(out, 0xffffffff);
        u16(out, static_cast<std::uint16_t>(m.name.size())), u16(out, static_cast<std::uint16_t>(extra.size()));
        out += m.name + extra + m.bytes;
        std::string cextra;
        u16(cextra, 0x0001);
        u16(cextra, 24);
        u64(cextra, m.bytes.size());
        u64(cextra, m.bytes.size());
        u64(cextra, offset);
        u32(central, 0x02014b50);
        u16(central, 45), u16(central, 45), u16(central, 0), u16(central, 0), u16(central, 0), u16(central, 0);
        u32(central, crc), u32(central, 0xffffffff), u32(central, 0xffffffff);
        u16(central, static_cast<std::uint16_t>(m.name.size())), u16(central, static_cast<std::uint16_t>(cextra.size()));
        u16(central, 0), u16(central, 0), u16(central, 0), u32(central, 0), u32(central, 0xffffffff);
        central += m.name + cextra;
    }
    const std::uint64_t cdOffset = out.size();
    out += central;
    const std::uint64_t eocd64 = out.size();
    u32(out, 0x06064b50);
    u64(out, 44);
    u16(out, 45), u16(out, 45), u32(out, 0), u32(out, 0);
    u64(out, members.size()), u64(out, members.size()), u64(out, central.size()), u64(out, cdOffset);
    u32(out, 0x07064b50), u32(out, 0), u64(out, eocd64), u32(out, 1);
    u32(out, 0x06054b50);
    u16(out, 0), u16(out, 0), u16(out, 0xffff), u16(out, 0xffff), u32(out, 0xffffffff), u32(out, 0xffffffff);
    u16(out, 0);
    return out;
}

} // namespace ranklab::test

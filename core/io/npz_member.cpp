#include "io/npz_member.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <zlib.h>

#include "common/error.h"
#include "io/byte_source.h"
#include "io/zip_handle.h"
#include "io/zip_layout.h"

namespace ranklab {
namespace {

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x", v);
    return buf;
}

// Reads exactly `size` bytes of the member into `out`; throws naming it.
void readExactly(zip_file_t* file, const std::string& name, char* out, std::uint64_t size, std::uint64_t at) {
    std::uint64_t done = 0;
    while (done < size) {
        const zip_uint64_t want = std::min<std::uint64_t>(size - done, std::uint64_t(1) << 24);
        const zip_int64_t got = zip_fread(file, out + done, want);
        if (got < 0)
            throw InputError({name, 0, 0}, "byte " + std::to_string(at + done) + " of the member: " +
                                               zip_file_strerror(file) + "; the member is corrupt");
        if (got == 0)
            throw InputError({name, 0, 0}, "byte " + std::to_string(at + done) +
                                               " of the member: it ends before the bytes its entry declares; the "
                                               "member is corrupt");
        done += static_cast<std::uint64_t>(got);
    }
}

// Whether the member's bytes, inflated a piece at a time (nothing kept),
// have the CRC-32 its entry declares: tells a corrupt member from a bad
// header. True when the entry has no CRC or the member is past 1 GiB (not
// worth the time on an error path).
bool crcMatches(zip_t* z, zip_uint64_t index, const zip_stat_t& st) {
    if (!(st.valid & ZIP_STAT_CRC) || st.size > (std::uint64_t(1) << 30)) return true;
    ZipFileHandle file(zip_fopen_index(z, index, 0));
    if (!file) return false;
    std::string piece(std::size_t(1) << 20, '\0');
    uLong crc = crc32(0, nullptr, 0);
    for (;;) {
        const zip_int64_t got = zip_fread(file.get(), piece.data(), piece.size());
        if (got < 0) return false;
        if (got == 0) break;
        crc = crc32(crc, reinterpret_cast<const Bytef*>(piece.data()), static_cast<uInt>(got));
    }
    return static_cast<std::uint32_t>(crc) == st.crc;
}

} // namespace

// A deflated member being inflated, its CRC-32 kept up to date.
struct NpzMember::Stream {
    ZipHandle zip;
    ZipFileHandle file;
    std::string name;
    zip_stat_t stat{};
    std::uint64_t at = 0;  // bytes inflated so far
    uLong crc = crc32(0, nullptr, 0);

    void read(char* out, std::uint64_t size) {
        readExactly(file.get(), name, out, size, at);
        for (std::uint64_t done = 0; done < size;) {
            const auto n = static_cast<uInt>(std::min<std::uint64_t>(size - done, std::uint64_t(1) << 30));
            crc = crc32(crc, reinterpret_cast<const Bytef*>(out + done), n);
            done += n;
        }
        at += size;
    }

    // The member's .npy header; see readHeader below.
    std::string readHeader(NpyHeader& h);

    // The end of the member, where its entry says, with its CRC-32.
    void finish() {
        char extra = 0;
        const zip_int64_t got = zip_fread(file.get(), &extra, 1);
        if (got < 0)
            throw InputError({name, 0, 0}, "byte " + std::to_string(at) + " of the member: " +
                                               zip_file_strerror(file.get()) + "; the member is corrupt");
        if (got > 0)
            throw InputError({name, 0, 0}, "byte " + std::to_string(at) + " of the member: more bytes than its entry "
                                                                         "declares; the member is corrupt");
        if ((stat.valid & ZIP_STAT_CRC) && static_cast<std::uint32_t>(crc) != stat.crc)
            throw InputError({name, 0, 0}, "CRC-32 " + hex(static_cast<std::uint32_t>(crc)) +
                                               " of the inflated bytes differs from the archive's " + hex(stat.crc) +
                                               "; the member is corrupt");
    }
};

// The member's .npy header, inflated alone (at most 1 MiB of it: numpy
// writes headers of a few hundred bytes), parsed and checked against the
// member's size before any data is inflated. Returns the header's bytes.
std::string NpzMember::Stream::readHeader(NpyHeader& h) {
    Stream& s = *this;
    const std::uint64_t memberSize = s.stat.size;
    std::string head(std::min<std::uint64_t>(memberSize, 12), '\0');
    s.read(head.data(), head.size());
    std::uint64_t length = 0;
    if (head.size() >= 10 && hasNpyMagic(head)) {
        const auto byte = [&](std::size_t i) { return std::uint64_t(static_cast<unsigned char>(head[i])); };
        const auto major = static_cast<unsigned char>(head[6]);
        length = major == 1            ? (byte(8) | byte(9) << 8) + 10
                 : head.size() >= 12 ? (byte(8) | byte(9) << 8 | byte(10) << 16 | byte(11) << 24) + 12
                                     : 12;
    }
    constexpr std::uint64_t kMaxHeader = std::uint64_t(1) << 20;
    if (length > kMaxHeader)
        throw InputError({s.name, 0, 0}, "byte 8: a .npy header of " + std::to_string(length) +
                                             " bytes; expected at most 1 MiB (numpy writes a few hundred)");
    const std::uint64_t want = std::min(length, memberSize);
    if (want > head.size()) {
        const std::size_t had = head.size();
        head.resize(want);
        s.read(head.data() + had, want - had);
    }
    h = parseNpyHeader(head, s.name);  // names the member and the byte
    if (h.shape.size() != 2)
        throw InputError({s.name, 0, 0}, "the array has shape " + h.shapeText() + " (" +
                                             std::to_string(h.shape.size()) + " dimensions); expected 2 (users x items)");
    if (h.shape[0] == 0 || h.shape[1] == 0)
        throw InputError({s.name, 0, 0}, "the array has shape " + h.shapeText() + ", which holds no " +
                                             (h.shape[0] == 0 ? "row" : "column") +
                                             "; expected at least one user (row) and one item (column)");
    const std::uint64_t need = h.dataOffset + h.dataBytes();  // no overflow: parseNpyHeader bounds it
    if (need != memberSize)
        throw InputError({s.name, 0, 0}, "the header's shape " + h.shapeText() + " of " + h.typeName() + " needs " +
                                             std::to_string(h.dataBytes()) + " data bytes after the " +
                                             std::to_string(h.dataOffset) + "-byte header, but the member holds " +
                                             std::to_string(memberSize) +
                                             " bytes; expected the shape to match the data (nothing was extracted)");
    head.resize(h.dataOffset);
    return head;
}

NpzMember::NpzMember() = default;
NpzMember::NpzMember(NpzMember&&) noexcept = default;
NpzMember& NpzMember::operator=(NpzMember&&) noexcept = default;
NpzMember::~NpzMember() = default;

NpzMember NpzMember::open(const std::string& path, const std::string& member, double maxExpansion) {
    NpzMember m;
    m.name_ = path + ": member " + member;
    const std::string& name = m.name_;
    auto s = std::make_unique<Stream>();
    s->name = name;
    s->zip = openZip(path);
    zip_t* z = s->zip.get();
    const zip_int64_t found = zip_name_locate(z, member.c_str(), 0);
    zip_stat_init(&s->stat);
    if (found < 0 || zip_stat_index(z, static_cast<zip_uint64_t>(found), 0, &s->stat) != 0 ||
        !(s->stat.valid & ZIP_STAT_SIZE))
        throw InputError({name, 0, 0}, std::string("cannot read the member's entry: ") + zip_strerror(z));
    const auto index = static_cast<zip_uint64_t>(found);
    const zip_stat_t& st = s->stat;
    const bool encrypted = (st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE;
    if ((st.valid & ZIP_STAT_COMP_METHOD) && st.comp_method == ZIP_CM_STORE && !encrypted) {
        // Stored: the bytes as they are in the archive, mapped in place.
        const ZipMemberPlace place = zipMemberPlace(path, index, member, name);
        if (place.size != st.size)
            throw InputError({name, 0, 0}, "the local header puts " + std::to_string(place.size) +
                                               " bytes where the central directory says " + std::to_string(st.size) +
                                               "; the archive is corrupt");
        m.whole_.emplace(MappedBytes::mapFileRange(path, place.dataOffset, place.size, name), name);
        m.header_ = m.whole_->header();
        return m;
    }
    s->file.reset(zip_fopen_index(z, index, 0));
    if (!s->file)
        throw InputError({name, 0, 0}, std::string("cannot open the member: ") + zip_strerror(z) +
                                           "; expected a stored or deflated .npy");
    // Before any data: the header (inflated alone) against the member's
    // size, then the size against the bomb limit.
    std::string head;
    try {
        head = s->readHeader(m.header_);
    } catch (const InputError& e) {
        const bool saysCorrupt = e.problem().find("the member is corrupt") != std::string::npos;
        if (!saysCorrupt && !crcMatches(z, index, st))
            throw InputError({name, 0, 0}, "its bytes fail the archive's CRC-32 (" + e.problem() +
                                               "); the member is corrupt");
        throw;
    }
    if (maxExpansion > 0 && (st.valid & ZIP_STAT_COMP_SIZE) && st.size > kExpansionFloor &&
        double(st.size) > maxExpansion * double(std::max<zip_uint64_t>(st.comp_size, 1)))
        throw InputError({name, 0, 0}, std::to_string(st.comp_size) + " compressed bytes inflate to " +
                                           std::to_string(st.size) + ", more than " +
                                           std::to_string(static_cast<std::uint64_t>(maxExpansion)) +
                                           " times as many; refused as a decompression bomb");
    if (!m.header_.fortranOrder) {
        m.stream_ = std::move(s);
        return m;
    }
    // Fortran order: a row is spread over every column, so the whole member
    // is inflated, into memory.
    auto bytes = MappedBytes::inMemory(name, st.size, [&](char* out, std::uint64_t size) {
        std::memcpy(out, head.data(), head.size());
        s->read(out + head.size(), size - head.size());
    });
    s->finish();
    m.whole_.emplace(std::move(bytes), name, m.header_);
    return m;
}

NpyArray NpzMember::nextRows(std::uint64_t count) {
    if (count > rows() - nextRow_) throw Error(name_ + ": rows past the last were asked for");
    const std::uint64_t rowBytes = columns() * header_.itemSize;  // bounded by the header's check
    NpyHeader h = header_;
    h.shape = {count, columns()};
    h.fortranOrder = false;
    h.dataOffset = 0;
    auto bytes = MappedBytes::inMemory(name_, count * rowBytes, [&](char* out, std::uint64_t) {
        if (whole_) whole_->copyRawRows(nextRow_, count, out);
        else stream_->read(out, count * rowBytes);
    });
    nextRow_ += count;
    return NpyArray(std::move(bytes), name_, std::move(h));
}

void NpzMember::finish() {
    if (stream_) stream_->finish();
}

} // namespace ranklab

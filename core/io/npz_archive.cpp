#include "io/npz_archive.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sys/statvfs.h>
#include <zip.h>
#include <zlib.h>

#include "common/error.h"
#include "io/byte_source.h"

namespace ranklab {
namespace {

struct ZipCloser {
    void operator()(zip_t* z) const { zip_discard(z); }
};
struct FileCloser {
    void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using Zip = std::unique_ptr<zip_t, ZipCloser>;

Zip openZip(const std::string& path) {
    int code = 0;
    zip_t* z = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
    if (!z) {
        zip_error_t error;
        zip_error_init_with_code(&error, code);
        std::string text = zip_error_strerror(&error);
        zip_error_fini(&error);
        throw InputError({path, 0, 0}, "not a readable .npz (zip) archive: " + text +
                                           "; expected a zip of .npy members as numpy.savez writes");
    }
    return Zip(z);
}

using File = std::unique_ptr<zip_file_t, FileCloser>;

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

// The member's .npy header, inflated alone (at most 1 MiB of it: numpy
// writes headers of a few hundred bytes), parsed and checked against the
// member's size before anything is extracted.
NpyHeader memberHeader(zip_t* z, const std::string& member, const std::string& name, std::uint64_t memberSize) {
    File file(zip_fopen(z, member.c_str(), 0));
    if (!file)
        throw InputError({name, 0, 0}, std::string("cannot open the member: ") + zip_strerror(z) +
                                           "; expected a stored or deflated .npy");
    std::string head(std::min<std::uint64_t>(memberSize, 12), '\0');
    readExactly(file.get(), name, head.data(), head.size(), 0);
    std::uint64_t length = 0;
    if (head.size() >= 10 && hasNpyMagic(head)) {
        const auto major = static_cast<unsigned char>(head[6]);
        length = major == 1 ? (std::uint64_t(static_cast<unsigned char>(head[8])) |
                               std::uint64_t(static_cast<unsigned char>(head[9])) << 8) + 10
                            : head.size() >= 12 ? (std::uint64_t(static_cast<unsigned char>(head[8])) |
                                                   std::uint64_t(static_cast<unsigned char>(head[9])) << 8 |
                                                   std::uint64_t(static_cast<unsigned char>(head[10])) << 16 |
                                                   std::uint64_t(static_cast<unsigned char>(head[11])) << 24) + 12
                                                : 12;
    }
    constexpr std::uint64_t kMaxHeader = std::uint64_t(1) << 20;
    if (length > kMaxHeader)
        throw InputError({name, 0, 0}, "byte 8: a .npy header of " + std::to_string(length) +
                                           " bytes; expected at most 1 MiB (numpy writes a few hundred)");
    const std::uint64_t want = std::min(length, memberSize);
    if (want > head.size()) {
        const std::size_t had = head.size();
        head.resize(want);
        readExactly(file.get(), name, head.data() + had, want - had, had);
    }
    NpyHeader h = parseNpyHeader(head, name);  // names the member and the byte
    if (h.shape.size() != 2)
        throw InputError({name, 0, 0}, "the array has shape " + h.shapeText() + " (" + std::to_string(h.shape.size()) +
                                           " dimensions); expected 2 (users x items)");
    const std::uint64_t need = h.dataOffset + h.dataBytes();  // no overflow: parseNpyHeader bounds it
    if (need != memberSize)
        throw InputError({name, 0, 0}, "the header's shape " + h.shapeText() + " of " + h.typeName() + " needs " +
                                           std::to_string(h.dataBytes()) + " data bytes after the " +
                                           std::to_string(h.dataOffset) + "-byte header, but the member holds " +
                                           std::to_string(memberSize) +
                                           " bytes; expected the shape to match the data (nothing was extracted)");
    return h;
}

// Whether the member's bytes, inflated a piece at a time (nothing kept),
// have the CRC-32 its entry declares: tells a corrupt member from a bad
// header. True when the entry has no CRC or the member is past 1 GiB (not
// worth the time on an error path).
bool crcMatches(zip_t* z, const std::string& member, const zip_stat_t& st) {
    if (!(st.valid & ZIP_STAT_CRC) || st.size > (std::uint64_t(1) << 30)) return true;
    File file(zip_fopen(z, member.c_str(), 0));
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

// Free bytes for unprivileged users in the folder members are inflated to.
std::uint64_t freeBytes(const std::string& folder) {
    struct statvfs fs {};
    if (statvfs(folder.c_str(), &fs) != 0) return UINT64_MAX;  // unknown: fallocate still refuses cleanly
    return std::uint64_t(fs.f_bavail) * fs.f_frsize;
}

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x", v);
    return buf;
}

} // namespace

NpzArchive::NpzArchive(std::string path, double maxExpansion) : path_(std::move(path)), maxExpansion_(maxExpansion) {
    Zip z = openZip(path_);
    const zip_int64_t n = zip_get_num_entries(z.get(), 0);
    for (zip_int64_t i = 0; i < n; ++i) {
        const char* name = zip_get_name(z.get(), static_cast<zip_uint64_t>(i), 0);
        if (!name) continue;
        std::string s = name;
        if (s.size() > 4 && s.compare(s.size() - 4, 4, ".npy") == 0) arrays_.push_back(s.substr(0, s.size() - 4));
    }
}

bool NpzArchive::has(const std::string& array) const {
    return std::find(arrays_.begin(), arrays_.end(), array) != arrays_.end();
}

NpyArray NpzArchive::open(const std::string& array) const {
    const std::string member = array + ".npy";
    const std::string name = path_ + ": member " + member;
    if (!has(array)) {
        std::string list;
        for (const auto& a : arrays_) list += (list.empty() ? "" : ", ") + a;
        throw InputError({path_, 0, 0}, "the archive has no array '" + array + "' (member " + member + "); it holds: " +
                                            (list.empty() ? std::string("no .npy members") : list));
    }
    Zip z = openZip(path_);
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat(z.get(), member.c_str(), 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
        throw InputError({name, 0, 0}, std::string("cannot read the member's entry: ") + zip_strerror(z.get()));
    // Before anything is extracted: the header (inflated alone) against the
    // member's size, the expansion against the bomb limit, the size against
    // the free space where it is extracted to.
    try {
        (void)memberHeader(z.get(), member, name, st.size);
    } catch (const InputError& e) {
        const bool saysCorrupt = e.problem().find("the member is corrupt") != std::string::npos;
        if (!saysCorrupt && !crcMatches(z.get(), member, st))
            throw InputError({name, 0, 0}, "its bytes fail the archive's CRC-32 (" + e.problem() +
                                               "); the member is corrupt");
        throw;
    }
    if (maxExpansion_ > 0 && (st.valid & ZIP_STAT_COMP_SIZE) && st.size > kExpansionFloor &&
        double(st.size) > maxExpansion_ * double(std::max<zip_uint64_t>(st.comp_size, 1)))
        throw InputError({name, 0, 0}, std::to_string(st.comp_size) + " compressed bytes inflate to " +
                                           std::to_string(st.size) + ", more than " +
                                           std::to_string(static_cast<std::uint64_t>(maxExpansion_)) +
                                           " times as many; refused as a decompression bomb");
    const char* tmp = std::getenv("TMPDIR");
    const std::string folder = tmp && *tmp ? tmp : "/tmp";
    if (const std::uint64_t space = freeBytes(folder); st.size > space)
        throw InputError({name, 0, 0}, "the member inflates to " + std::to_string(st.size) + " bytes but " + folder +
                                           " (TMPDIR, where it is extracted to) has " + std::to_string(space) +
                                           " free; set TMPDIR to a folder with room");
    File file(zip_fopen(z.get(), member.c_str(), 0));
    if (!file)
        throw InputError({name, 0, 0}, std::string("cannot open the member: ") + zip_strerror(z.get()) +
                                           "; expected a stored or deflated .npy");
    auto bytes = MappedBytes::fromWriter(name, st.size, [&](char* out, std::uint64_t size) {
        readExactly(file.get(), name, out, size, 0);
        // The member's CRC-32 from the archive against the bytes read.
        if (st.valid & ZIP_STAT_CRC) {
            uLong crc = crc32(0, nullptr, 0);
            for (std::uint64_t at = 0; at < size;) {
                const auto n = static_cast<uInt>(std::min<std::uint64_t>(size - at, std::uint64_t(1) << 30));
                crc = crc32(crc, reinterpret_cast<const Bytef*>(out + at), n);
                at += n;
            }
            if (static_cast<std::uint32_t>(crc) != st.crc)
                throw InputError({name, 0, 0}, "CRC-32 " + hex(static_cast<std::uint32_t>(crc)) +
                                                   " of the inflated bytes differs from the archive's " + hex(st.crc) +
                                                   "; the member is corrupt");
        }
    });
    return NpyArray(std::move(bytes), name);
}

} // namespace ranklab

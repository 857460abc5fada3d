#include "io/npz_archive.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <zip.h>
#include <zlib.h>

#include "common/error.h"

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

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x", v);
    return buf;
}

} // namespace

NpzArchive::NpzArchive(std::string path) : path_(std::move(path)) {
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
    std::unique_ptr<zip_file_t, FileCloser> file(zip_fopen(z.get(), member.c_str(), 0));
    if (!file)
        throw InputError({name, 0, 0}, std::string("cannot open the member: ") + zip_strerror(z.get()) +
                                           "; expected a stored or deflated .npy");
    auto bytes = MappedBytes::fromWriter(name, st.size, [&](char* out, std::uint64_t size) {
        std::uint64_t done = 0;
        while (done < size) {
            const zip_uint64_t want = std::min<std::uint64_t>(size - done, std::uint64_t(1) << 24);
            const zip_int64_t got = zip_fread(file.get(), out + done, want);
            if (got < 0)
                throw InputError({name, 0, 0}, "byte " + std::to_string(done) + " of the member: " +
                                                   zip_file_strerror(file.get()) + "; the member is corrupt");
            if (got == 0)
                throw InputError({name, 0, 0}, "byte " + std::to_string(done) + " of the member: it ends before its " +
                                                   std::to_string(size) + " bytes; the member is corrupt");
            done += static_cast<std::uint64_t>(got);
        }
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

// Fuzz target: numpy .npz archives — the member's header inflated alone and
// checked against the member's size before any data is read, the expansion
// check, a stored member's place in the archive (central directory, zip64,
// local header), a deflated member inflated a batch of rows at a time, and
// the CRC. The first
// byte picks the mode: bit 0 set, the rest is a whole archive; else it is
// one .npy member that libzip wraps (bit 1: deflated; bit 2: as items.npy,
// a top-k run, else scores.npy). Any exception but ranklab::Error is a bug.
#include <algorithm>

#include <zip.h>

#include "common/error.h"
#include "fuzz_support.h"
#include "io/npy_preview.h"
#include "io/npz_archive.h"

using namespace ranklab;

namespace {

// `member` in a zip at this process's scratch .npz path (libzip writes it).
std::string wrapped(const std::uint8_t* data, std::size_t size, bool deflate, const char* name) {
    const std::string path = fuzz::writeInput(nullptr, 0, ".npz");
    int error = 0;
    zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!z) return {};
    zip_source_t* source = zip_source_buffer(z, data, size, 0);
    const zip_int64_t index = source ? zip_file_add(z, name, source, ZIP_FL_OVERWRITE) : -1;
    if (index < 0) {
        if (source) zip_source_free(source);
        zip_discard(z);
        return {};
    }
    zip_set_file_compression(z, static_cast<zip_uint64_t>(index), deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0);
    if (zip_close(z) != 0) {
        zip_discard(z);
        return {};
    }
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t mode = data[0];
    const std::string path = mode & 1 ? fuzz::writeInput(data + 1, size - 1, ".npz")
                                      : wrapped(data + 1, size - 1, mode & 2, mode & 4 ? "items.npy" : "scores.npy");
    if (path.empty()) return 0;
    try {
        const NpzArchive archive(path, 100);
        for (const std::string& array : archive.arrays()) {
            try {
                NpzMember member = archive.member(array);
                for (std::uint64_t row = 0; row < member.rows();) {
                    const std::uint64_t count = std::min<std::uint64_t>(3, member.rows() - row);
                    (void)member.nextRows(count);
                    row += count;
                }
                member.finish();
            } catch (const Error&) {
            }
        }
    } catch (const Error&) {
    }
    ReadOptions options;
    try {
        options = fuzz::smallReadOptions(FormatSpec::parse("npz"), mode & 0x80);
    } catch (const Error&) {
        return 0;
    }
    fuzz::readAs(path, options, {Role::Run});
    fuzz::refusalIsFine([&] { (void)previewNumpy(path, options.format, 4, 4); });
    return 0;
}

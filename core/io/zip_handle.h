#pragma once
// libzip handles that close themselves, and opening an archive read-only
// with its consistency checked; the error names the file.
#include <memory>
#include <string>
#include <zip.h>

#include "common/error.h"

namespace ranklab {

struct ZipCloser {
    void operator()(zip_t* z) const { zip_discard(z); }
};
struct ZipFileCloser {
    void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using ZipHandle = std::unique_ptr<zip_t, ZipCloser>;
using ZipFileHandle = std::unique_ptr<zip_file_t, ZipFileCloser>;

inline ZipHandle openZip(const std::string& path) {
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
    return ZipHandle(z);
}

} // namespace ranklab

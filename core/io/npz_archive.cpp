#include "io/npz_archive.h"

#include <algorithm>

#include "common/error.h"
#include "io/zip_handle.h"

namespace ranklab {

NpzArchive::NpzArchive(std::string path, double maxExpansion) : path_(std::move(path)), maxExpansion_(maxExpansion) {
    ZipHandle z = openZip(path_);
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

NpzMember NpzArchive::member(const std::string& array) const {
    if (!has(array)) {
        std::string list;
        for (const auto& a : arrays_) list += (list.empty() ? "" : ", ") + a;
        throw InputError({path_, 0, 0}, "the archive has no array '" + array + "' (member " + array +
                                            ".npy); it holds: " + (list.empty() ? std::string("no .npy members") : list));
    }
    return NpzMember::open(path_, array + ".npy", maxExpansion_);
}

} // namespace ranklab

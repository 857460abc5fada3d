#pragma once
// numpy's .npz: a zip archive of .npy members ("scores.npy", ...), stored or
// deflated, zip64 for large ones (libzip reads all three). A member is
// inflated into a private temporary file in $TMPDIR (its blocks reserved
// first, so a full disk is an error, never SIGBUS) and memory-mapped from
// there, so its size costs disk cache, not heap. Before anything is
// extracted, the member's .npy header is inflated alone and its shape
// checked against the member's size, the expansion against the bomb limit
// and the size against the free space. A member that fails its CRC or
// cannot be inflated is an error naming it.
#include <string>
#include <vector>

#include "io/byte_source.h"
#include "io/npy_array.h"

namespace ranklab {

class NpzArchive {
public:
    // Throws InputError naming the file if it is not a readable zip.
    // `maxExpansion`: a member may inflate to at most this many times its
    // compressed size once past kExpansionFloor (io/byte_source.h); 0: no limit.
    explicit NpzArchive(std::string path, double maxExpansion = kDefaultMaxExpansion);
    const std::string& path() const { return path_; }
    // Member names without ".npy" ("scores"), in archive order.
    const std::vector<std::string>& arrays() const { return arrays_; }
    bool has(const std::string& array) const;
    // The array `array` ("scores" reads member "scores.npy"). Errors name
    // "FILE: member scores.npy".
    NpyArray open(const std::string& array) const;

private:
    std::string path_;
    std::vector<std::string> arrays_;
    double maxExpansion_;
};

} // namespace ranklab

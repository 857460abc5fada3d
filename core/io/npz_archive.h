#pragma once
// numpy's .npz: a zip archive of .npy members ("scores.npy", ...), stored or
// deflated, zip64 for large ones (libzip reads all three). A member is
// inflated into a private temporary file and memory-mapped from there, so
// its size costs disk cache, not heap; a member that fails its CRC or
// cannot be inflated is an error naming it.
#include <string>
#include <vector>

#include "io/npy_array.h"

namespace ranklab {

class NpzArchive {
public:
    // Throws InputError naming the file if it is not a readable zip.
    explicit NpzArchive(std::string path);
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
};

} // namespace ranklab

#pragma once
// numpy's .npz: a zip archive of .npy members ("scores.npy", ...), stored or
// deflated, zip64 for large ones. Nothing is extracted to disk: a stored
// member is mapped in place in the archive, a deflated one inflated a batch
// of rows at a time into memory (io/npz_member.h); its header is checked
// first and its expansion capped.
#include <string>
#include <vector>

#include "io/byte_source.h"
#include "io/npz_member.h"

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
    NpzMember member(const std::string& array) const;

private:
    std::string path_;
    std::vector<std::string> arrays_;
    double maxExpansion_;
};

} // namespace ranklab

#pragma once
// verify's private scratch folder: made with mkdtemp (mode 0700, a name no
// one can predict or plant), removed with everything in it when the object
// goes. The manifest's inputs are copied into it, hashed while copied, so
// the bytes whose SHA-256 is checked are the bytes the recomputation reads.
#include <cstdint>
#include <string>

namespace ranklab::cli {

class VerifyScratch {
public:
    VerifyScratch();  // throws Error when no folder can be made
    ~VerifyScratch();
    VerifyScratch(const VerifyScratch&) = delete;
    VerifyScratch& operator=(const VerifyScratch&) = delete;

    const std::string& path() const { return path_; }

    struct Copy {
        std::string path;    // the copy in the scratch folder
        std::string sha256;  // of the bytes copied
        std::uint64_t size = 0;
        std::string problem;  // non-empty: the source could not be read (missing, not a regular file)
    };
    // Copies the file at `source` to <scratch>/in/<index>/<its file name>
    // (a new file: never through a link), hashing what it copies.
    Copy copyIn(const std::string& source, std::size_t index) const;

private:
    std::string path_;
};

} // namespace ranklab::cli

#pragma once
// One .npy member of an .npz archive, read without writing it anywhere:
// - stored (numpy.savez): mapped in place in the archive, at the data offset
//   its local header gives (io/zip_layout.h), exactly as a .npy file is;
// - deflated (numpy.savez_compressed) in C order: inflated as a stream, a
//   batch of rows at a time into memory (nextRows), each batch read and
//   dropped before the next is inflated; its CRC-32 checked at the end;
// - deflated in Fortran order: its rows are spread over all of it, so it is
//   inflated whole into memory (anonymous, never to disk).
// Before any data is read, the member's .npy header (inflated alone, at
// most 1 MiB) is parsed and its shape checked against the member's size,
// and a deflated member's size against the expansion limit.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "io/npy_array.h"

namespace ranklab {

class NpzMember {
public:
    // Member `member` ("scores.npy") of the zip at `path`. Errors name
    // "PATH: member scores.npy". `maxExpansion` as NpzArchive's.
    static NpzMember open(const std::string& path, const std::string& member, double maxExpansion);
    NpzMember(NpzMember&&) noexcept;
    NpzMember& operator=(NpzMember&&) noexcept;
    ~NpzMember();

    const NpyHeader& header() const { return header_; }
    const std::string& name() const { return name_; }
    std::uint64_t rows() const { return header_.shape[0]; }
    std::uint64_t columns() const { return header_.shape[1]; }
    // The whole array when it is at hand without streaming: a stored member
    // (mapped) or a deflated one in Fortran order (in memory). Else nullptr:
    // its rows come through nextRows.
    const NpyArray* whole() const { return whole_ ? &*whole_ : nullptr; }
    // The next `count` rows (past the last ones handed out) as an array of
    // shape (count, columns()) in C order, of the member's dtype: inflated
    // now, or copied out of the whole array. Throws InputError naming the
    // member if its bytes end early or fail to inflate.
    NpyArray nextRows(std::uint64_t count);
    // After the last row: a streamed member must end there and have the
    // CRC-32 its entry declares; throws InputError naming it otherwise.
    void finish();

private:
    struct Stream;
    NpzMember();
    std::string name_;
    NpyHeader header_;
    std::optional<NpyArray> whole_;
    std::unique_ptr<Stream> stream_;
    std::uint64_t nextRow_ = 0;
};

} // namespace ranklab

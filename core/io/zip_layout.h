#pragma once
// Where a member's bytes sit in a zip archive (APPNOTE.TXT 4.3): the end of
// central directory record (zip64's record through its locator when the
// 32-bit fields are saturated), the member's central directory entry (its
// zip64 extra field for a saturated size or offset), then its local header,
// whose name and extra field lengths put the data after it. libzip reads
// members but tells no offset; a stored member is then mapped in place.
// Every read is bounded (a few fixed records, one entry at a time) and
// checked against the file's size.
#include <cstdint>
#include <string>

namespace ranklab {

struct ZipMemberPlace {
    std::uint64_t dataOffset = 0;  // of the member's first byte in the archive
    std::uint64_t size = 0;        // its stored bytes (compressed size)
    std::uint16_t method = 0;      // 0 stored, 8 deflated
};

// The place of entry number `index` (central directory order, as libzip
// numbers them), which must be named `member`. Throws InputError naming
// `name` (e.g. "run.npz: member scores.npy") if a record is missing, lies
// (past the end of the file, another name, another method) or the member is
// encrypted.
ZipMemberPlace zipMemberPlace(const std::string& path, std::uint64_t index, const std::string& member,
                              const std::string& name);

} // namespace ranklab

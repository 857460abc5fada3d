#pragma once
// Cuts a byte stream into large blocks that end at a line boundary, so each
// block can be split further and parsed in parallel. Removes a UTF-8 BOM.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "io/byte_source.h"

namespace ranklab {

// Bytes after the end of every block that may be read (never used): lets
// parsers load whole 16-byte words at the end of a line.
inline constexpr std::size_t kLinePadding = 64;

class LineBlocks {
public:
    LineBlocks(ByteSource& source, std::size_t blockBytes);

    // The next block of whole lines (the file's last line may lack its
    // '\n'); empty at the end. Valid until the next call. `linesBefore` is
    // the number of lines the caller has had so far: an error of the byte
    // stream (truncated or corrupt compressed data), which knows no lines, is
    // thrown after the whole lines before it were handed out, at the line
    // and column where the readable data stops.
    std::string_view next(std::uint64_t linesBefore);

private:
    void fill();
    [[noreturn]] void throwWhereDataStops(std::uint64_t linesBefore) const;

    ByteSource& source_;
    void grow();

    std::size_t maxCapacity_;
    std::size_t capacity_;
    std::vector<char> buffer_;  // capacity_ + kLinePadding bytes
    std::size_t size_ = 0;   // bytes in buffer_
    std::size_t start_ = 0;  // start of the bytes not yet handed out
    bool atEnd_ = false;
    bool first_ = true;
    std::optional<InputError> failure_;  // of the byte stream, raised after the lines before it
};

// Splits `block` into pieces of about `bytes`, each ending after a '\n'
// (except perhaps the last). Depends only on the bytes, not on threads.
std::vector<std::string_view> splitAtLines(std::string_view block, std::size_t bytes);

} // namespace ranklab

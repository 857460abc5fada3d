#pragma once
// Cuts a byte stream into large blocks that end at a line boundary, so each
// block can be split further and parsed in parallel. Removes a UTF-8 BOM.
// While the caller parses a block, the next one is read on another thread
// into a second buffer (the source is touched by that thread only until the
// next call), so reading and decompressing overlap the parsing.
#include <cstdint>
#include <exception>
#include <future>
#include <optional>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "data/column.h"
#include "io/byte_source.h"

namespace ranklab {

// Bytes after the end of every block that may be read (never used): lets
// parsers load whole 16-byte words at the end of a line.
inline constexpr std::size_t kLinePadding = 64;

class LineBlocks {
public:
    // `maxLineBytes` (0: none): a longer line is an InputError naming the
    // file, the line and the limit, so a file without newlines (/dev/zero)
    // cannot grow the buffer without bound. A file starting with '{' (JSON,
    // whose text may be one line) is exempt.
    LineBlocks(ByteSource& source, std::size_t blockBytes, std::size_t maxLineBytes = 0);

    // The next block of whole lines (the file's last line may lack its
    // '\n'); empty at the end. Valid until the next call. `linesBefore` is
    // the number of lines the caller has had so far: an error of the byte
    // stream (truncated or corrupt compressed data), which knows no lines, is
    // thrown after the whole lines before it were handed out, at the line
    // and column where the readable data stops.
    std::string_view next(std::uint64_t linesBefore);
    // Bytes of the file consumed by the blocks handed out so far and the one
    // read ahead (for progress; the source's own count may be changing).
    std::uint64_t consumed() const { return consumed_; }
    // Call before the first next(): a file that starts with '{' (JSON, parsed
    // as a byte stream) is then handed out in blocks cut anywhere, not at
    // line ends, so a one-line JSON file is never held whole.
    void jsonAsBytes() { jsonAsBytes_ = true; }
    // Whether the blocks are cut anywhere (a JSON file, after jsonAsBytes()).
    bool raw() const { return raw_; }
    ~LineBlocks();
    LineBlocks(const LineBlocks&) = delete;
    LineBlocks& operator=(const LineBlocks&) = delete;

private:
    struct Filled {
        std::size_t size = 0;
        bool atEnd = false;
        std::optional<InputError> failure;  // a broken stream, raised after the lines before it
        std::exception_ptr other;           // anything else, raised at once
        std::uint64_t consumed = 0;
    };
    // Reads into `buffer` after its first `size` bytes until `capacity` or the end.
    static Filled fillInto(ByteSource& source, Column<char>& buffer, std::size_t size, std::size_t capacity);
    // Starts reading the block after the one ending at `end` into spare_.
    void readAhead(std::size_t end);
    void fill();
    [[noreturn]] void throwWhereDataStops(std::uint64_t linesBefore) const;

    ByteSource& source_;
    void grow();

    [[noreturn]] void throwLineTooLong(std::uint64_t linesBefore) const;

    std::size_t maxCapacity_;
    std::size_t maxLineBytes_;
    std::size_t capacity_;
    Column<char> buffer_;  // capacity_ + kLinePadding bytes (on huge pages when large)
    std::size_t size_ = 0;   // bytes in buffer_
    std::size_t start_ = 0;  // start of the bytes not yet handed out
    bool atEnd_ = false;
    bool first_ = true;
    bool jsonAsBytes_ = false;
    bool raw_ = false;
    std::optional<InputError> failure_;  // of the byte stream, raised after the lines before it
    Column<char> spare_;                  // the next block, being read
    std::future<Filled> ahead_;
    std::uint64_t consumed_ = 0;
};

// Splits `block` into pieces of about `bytes`, each ending after a '\n'
// (except perhaps the last). Depends only on the bytes, not on threads.
std::vector<std::string_view> splitAtLines(std::string_view block, std::size_t bytes);

} // namespace ranklab

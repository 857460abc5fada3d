#pragma once
// Reads TREC and delimited text in parallel: blocks of lines are cut into
// pieces, parsed by TBB tasks, and the new ids of each piece are interned in
// file order, so ids and records are the same for any thread count.
#include <string>
#include <string_view>
#include <vector>

#include "common/progress.h"
#include "data/interner.h"
#include "io/byte_source.h"
#include "io/file_format.h"
#include "io/line_blocks.h"
#include "io/read_options.h"
#include "io/record.h"

namespace ranklab {

struct TextInput {
    const std::string& path;
    Role role;
    const ResolvedFormat& format;
    const ReadOptions& options;
};

// Parses every line from `blocks` (whose first block is `firstBlock`, already
// taken from it). Throws InputError on the first bad line unless
// options.skipBadLines. With a `sink`, it is handed the entries after each
// block and at the end (a streaming read: the result keeps what it left).
ParsedRecords readTextRecords(const TextInput& input, LineBlocks& blocks, std::string_view firstBlock,
                              Interner& users, Interner& keys, const Progress* progress,
                              const ByteSource& source, const RecordSink* sink = nullptr);

// A line holding a given (user, key), and its value.
struct LineMatch {
    std::uint64_t line = 0;  // 1-based
    double value = 0;
    std::uint64_t column = 1;  // of the entry (JSON), else 1
};

// Where (user, key) is in the file, read again, for error messages on
// duplicates: its first line, then the next line holding it again (with a
// different value if `differentValue`). At most two matches.
std::vector<LineMatch> findTextLines(const TextInput& input, std::string_view user, std::string_view key,
                                     bool differentValue);

// The first line where `user` comes back after other users' lines (read
// again, for the message of a streaming read), or 0.
std::uint64_t findUserReturn(const TextInput& input, std::string_view user);

} // namespace ranklab

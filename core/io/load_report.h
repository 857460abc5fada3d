#pragma once
// What reading one file found: its format, sizes, skipped lines, duplicates.
#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_source.h"
#include "io/file_format.h"

namespace ranklab {

struct BadLine {
    std::uint64_t line = 0;
    std::uint64_t column = 0;
    std::string problem;
    std::string text;
};

struct LoadReport {
    static constexpr std::size_t kMaxListedBadLines = 10;

    std::string path;
    Role role = Role::Run;
    std::string format;  // ResolvedFormat::describe()
    std::string formatName;  // the detected format, short: "trec", "tsv", "csv", "ws", "json", "parquet"
    Compression compression = Compression::None;
    std::uint64_t fileBytes = 0;
    std::uint64_t lines = 0;    // lines in the (decompressed) file
    std::uint64_t records = 0;  // entries kept
    std::uint64_t skippedLines = 0;
    std::vector<BadLine> firstSkipped;  // the first kMaxListedBadLines, in file order
    std::uint64_t duplicatesDropped = 0;  // repeated (user, item) entries resolved by the policy
    std::uint64_t identicalDuplicates = 0;  // repeated lines with the same value, merged
    std::size_t users = 0;  // distinct users in this file
    std::size_t items = 0;  // distinct items (groups for cohorts) in this file
    std::size_t newUsers = 0;  // ids this file added to the workspace
    std::size_t newItems = 0;
    std::string tag;  // TREC run tag of the first line, if any
    std::vector<std::string> warnings;
    // JSON: user keys given twice ("user "u" at 1:2 replaced by 5:2"), the
    // last kept; also among the warnings. The first kMaxListedBadLines.
    std::vector<std::string> repeatedUsers;
    std::uint64_t repeatedUserCount = 0;
};

} // namespace ranklab

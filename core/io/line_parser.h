#pragma once
// Parses one line of a text file (TREC or delimited) into its user, key and
// value, or says precisely what is wrong with it.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "io/file_format.h"
#include "io/line_splitter.h"

namespace ranklab {

inline constexpr std::size_t kMaxIdBytes = 65536;

struct ParsedLine {
    std::string_view user;
    std::string_view key;  // the item, or the group of a cohort file
    double value = 0;
};

struct LineProblem {
    std::uint32_t column = 0;
    std::string problem;
    std::string text;
};

class LineParser {
public:
    enum class Outcome { Record, Skip, Bad };

    // Unescaped quoted fields are kept in `scratch`, which must outlive the
    // parsed ids.
    LineParser(Role role, const ResolvedFormat& format, std::deque<std::string>& scratch);

    // `line` without its '\n' (a trailing '\r' is removed here). Ids point
    // into `line` or into the scratch space.
    Outcome parse(std::string_view line, ParsedLine& out, LineProblem& problem);
    // Lines are checked for NUL bytes unless the caller knows there are none.
    void setMayContainNul(bool may) { mayContainNul_ = may; }
    // The caller guarantees 64 readable bytes after every line's start
    // (LineBlocks pads its buffer), which allows word-at-a-time scanning.
    void setPaddedInput(bool padded) { paddedInput_ = padded; }
    // Lines of more fields (0: no limit) are bad, split no further than that.
    void setMaxFields(std::size_t maxFields);

private:
    // The common case: blank-separated fields with the expected count.
    // Returns false to let the general path handle (and explain) the line.
    bool parseBlankSeparated(std::string_view line, ParsedLine& out, Outcome& outcome);
    Outcome bad(LineProblem& problem, std::uint32_t column, std::string message, std::string_view text);
    std::string fieldCountMessage(std::size_t found) const;

    Role role_;
    const ResolvedFormat& format_;
    LineSplitter splitter_;
    std::vector<Field> fields_;
    std::deque<std::string>& scratch_;
    bool mayContainNul_ = true;
    bool paddedInput_ = false;
    std::size_t maxFields_ = 0;
};

} // namespace ranklab

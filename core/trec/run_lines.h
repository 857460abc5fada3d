#pragma once
// A TREC run read line by line the way trec_eval reads it: the first six
// whitespace-separated fields (qid Q0 docno rank score tag), the rest of a
// line ignored, every line kept (duplicates too). The strict reader in
// core/io refuses such files; this is trec_eval's leniency for the trec
// command, used only when the strict reader fails.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ranklab::trec {

struct RunLine {
    std::string_view qid, docno;
    double score = 0;
    std::uint64_t line = 0;  // 1-based
};

struct RunLines {
    std::string text;  // the file, decompressed; the views point into it
    std::vector<RunLine> lines;
    std::string tag;  // the sixth field of the first line
};

// Reads `path`; nullopt if a line that is not blank or a comment has fewer
// than six fields or a score that is not a number (trec_eval refuses those
// too; the strict reader's error says more).
std::optional<RunLines> readRunLines(const std::string& path);

// A document twice among the top `maxLength` (0: all) of its query, after
// sorting by score descending and docno descending: trec_eval's duplicate
// check, which runs after -M.
struct DuplicateDoc {
    std::string_view qid, docno;
    std::uint64_t firstLine = 0, secondLine = 0;
};
std::optional<DuplicateDoc> findDuplicateInTop(const RunLines& run, std::uint32_t maxLength);

} // namespace ranklab::trec

#pragma once
// A TREC run read line by line the way trec_eval reads it: the first six
// whitespace-separated fields (qid Q0 docno rank score tag), the rest of a
// line ignored, every line kept (duplicates too). The strict reader in
// core/io refuses such files; this is trec_eval's leniency for the trec
// command, used only when the strict reader fails. The file is streamed
// (one line in memory at a time); each line keeps only its interned ids, its
// score and its number, so memory grows with the records, not the bytes.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/id_space.h"

namespace ranklab::trec {

struct RunLine {
    std::uint32_t qid = 0, docno = 0;  // ids in IdSpace::users and ::items
    double score = 0;
    std::uint64_t line = 0;  // 1-based
};

struct RunLines {
    std::vector<RunLine> lines;
    std::string tag;  // the sixth field of the first line
};

// The longest line the lenient reading accepts (a longer one leaves the
// strict reader's error standing).
inline constexpr std::size_t kMaxLenientLine = std::size_t(1) << 20;

// Reads `path`, interning qids and docnos into `ids`; nullopt if a line that
// is not blank or a comment has fewer than six fields or a score that is not
// a number (trec_eval refuses those too; the strict reader's error says
// more), or is longer than kMaxLenientLine.
std::optional<RunLines> readRunLines(const std::string& path, IdSpace& ids);

// A document twice among the top `maxLength` (0: all) of its query, after
// sorting by score descending and docno descending: trec_eval's duplicate
// check, which runs after -M.
struct DuplicateDoc {
    std::string qid, docno;
    std::uint64_t firstLine = 0, secondLine = 0;
};
std::optional<DuplicateDoc> findDuplicateInTop(const RunLines& run, const IdSpace& ids, std::uint32_t maxLength);

} // namespace ranklab::trec

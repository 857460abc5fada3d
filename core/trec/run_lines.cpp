#include "trec/run_lines.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

#include "io/byte_source.h"

namespace ranklab::trec {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Up to `max` fields of `line`; returns how many there were (at most max).
std::size_t split(std::string_view line, std::string_view* fields, std::size_t max) {
    std::size_t n = 0, p = 0;
    while (n < max) {
        while (p < line.size() && isBlank(line[p])) ++p;
        if (p == line.size()) break;
        std::size_t start = p;
        while (p < line.size() && !isBlank(line[p])) ++p;
        fields[n++] = line.substr(start, p - start);
    }
    return n;
}

bool parseScore(std::string_view text, double& value) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() && !std::isnan(value);
}

} // namespace

std::optional<RunLines> readRunLines(const std::string& path) {
    RunLines run;
    run.text = readAll(path);
    std::string_view text = run.text;
    std::uint64_t number = 0;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++number;
        std::string_view fields[6];
        std::size_t n = split(line, fields, 6);
        if (n == 0 || fields[0].front() == '#') continue;
        RunLine entry;
        if (n < 6 || !parseScore(fields[4], entry.score)) return std::nullopt;
        entry.qid = fields[0];
        entry.docno = fields[2];
        entry.line = number;
        if (run.lines.empty()) run.tag = std::string(fields[5]);
        run.lines.push_back(entry);
    }
    return run;
}

std::optional<DuplicateDoc> findDuplicateInTop(const RunLines& run, std::uint32_t maxLength) {
    std::map<std::string_view, std::vector<const RunLine*>> byQuery;
    for (const RunLine& l : run.lines) byQuery[l.qid].push_back(&l);
    for (auto& [qid, lines] : byQuery) {
        std::sort(lines.begin(), lines.end(), [](const RunLine* a, const RunLine* b) {
            if (a->score != b->score) return a->score > b->score;
            return a->docno > b->docno;
        });
        if (maxLength > 0 && lines.size() > maxLength) lines.resize(maxLength);
        std::sort(lines.begin(), lines.end(), [](const RunLine* a, const RunLine* b) {
            return a->docno != b->docno ? a->docno < b->docno : a->line < b->line;
        });
        for (std::size_t i = 1; i < lines.size(); ++i)
            if (lines[i]->docno == lines[i - 1]->docno)
                return DuplicateDoc{qid, lines[i]->docno, lines[i - 1]->line, lines[i]->line};
    }
    return std::nullopt;
}

} // namespace ranklab::trec

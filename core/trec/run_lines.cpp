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

namespace {

// One line: true to go on, false when the run is not one trec_eval reads.
bool addLine(std::string_view line, std::uint64_t number, RunLines& run, IdSpace& ids) {
    std::string_view fields[6];
    const std::size_t n = split(line, fields, 6);
    if (n == 0 || fields[0].front() == '#') return true;
    RunLine entry;
    if (n < 6 || !parseScore(fields[4], entry.score)) return false;
    entry.qid = ids.users.intern(fields[0]);
    entry.docno = ids.items.intern(fields[2]);
    entry.line = number;
    if (run.lines.empty()) run.tag = std::string(fields[5]);
    run.lines.push_back(entry);
    return true;
}

} // namespace

std::optional<RunLines> readRunLines(const std::string& path, IdSpace& ids) {
    RunLines run;
    const auto source = ByteSource::open(path);
    std::string buffer(std::size_t(1) << 16, '\0');
    std::string pending;  // the start of a line cut by the block's end
    std::uint64_t number = 0;
    for (std::size_t got; (got = source->read(buffer.data(), buffer.size())) > 0;) {
        std::string_view block(buffer.data(), got);
        while (!block.empty()) {
            const std::size_t end = block.find('\n');
            if (end == std::string_view::npos) {
                if (pending.size() + block.size() > kMaxLenientLine) return std::nullopt;
                pending.append(block);
                break;
            }
            std::string_view line = block.substr(0, end);
            block.remove_prefix(end + 1);
            if (!pending.empty()) {
                if (pending.size() + line.size() > kMaxLenientLine) return std::nullopt;
                pending.append(line);
                line = pending;
            }
            if (line.size() > kMaxLenientLine || !addLine(line, ++number, run, ids)) return std::nullopt;
            pending.clear();
        }
    }
    if (!pending.empty() && !addLine(pending, ++number, run, ids)) return std::nullopt;
    return run;
}

std::optional<DuplicateDoc> findDuplicateInTop(const RunLines& run, const IdSpace& ids, std::uint32_t maxLength) {
    std::map<std::string_view, std::vector<const RunLine*>> byQuery;
    for (const RunLine& l : run.lines) byQuery[ids.users.name(l.qid)].push_back(&l);
    for (auto& [qid, lines] : byQuery) {
        std::sort(lines.begin(), lines.end(), [&](const RunLine* a, const RunLine* b) {
            if (a->score != b->score) return a->score > b->score;
            return ids.items.name(a->docno) > ids.items.name(b->docno);
        });
        if (maxLength > 0 && lines.size() > maxLength) lines.resize(maxLength);
        std::sort(lines.begin(), lines.end(), [](const RunLine* a, const RunLine* b) {
            return a->docno != b->docno ? a->docno < b->docno : a->line < b->line;
        });
        for (std::size_t i = 1; i < lines.size(); ++i)
            if (lines[i]->docno == lines[i - 1]->docno)
                return DuplicateDoc{std::string(qid), std::string(ids.items.name(lines[i]->docno)), lines[i - 1]->line,
                                    lines[i]->line};
    }
    return std::nullopt;
}

} // namespace ranklab::trec

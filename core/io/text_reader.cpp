#include "io/text_reader.h"

#include <algorithm>
#include <cstring>
#include <deque>

#include <absl/container/flat_hash_map.h>

#include "data/id_hash.h"

#include "common/error.h"
#include "common/huge_pages.h"
#include "io/line_parser.h"

namespace ranklab {
namespace {

constexpr std::uint32_t kLocal = 0x80000000u;  // marks an id not yet in the Interner
// An item table larger than this is read through prefetches (half of this
// machine's 2 MiB L2: the table shares it with the block being parsed).
constexpr std::size_t kPrefetchTableBytes = std::size_t(1) << 20;

// Ids first seen in one piece, in order of first sight.
struct LocalIds {
    absl::flat_hash_map<absl::string_view, std::uint32_t, IdHash> index;
    std::vector<std::string_view> names;
    std::vector<std::uint32_t> global;  // filled in file order after parsing

    // `padded`: text lies in a LineBlocks buffer (not in a scratch string).
    std::uint32_t resolve(const Interner& interner, std::string_view text, bool padded) {
        return resolveFound(padded ? interner.findPadded(text) : interner.find(text), text);
    }
    // With the id the Interner found (or npos).
    std::uint32_t resolveFound(std::uint32_t id, std::string_view text) {
        if (id != Interner::npos) return id;
        auto [it, added] = index.try_emplace(absl::string_view(text.data(), text.size()),
                                             static_cast<std::uint32_t>(names.size()));
        if (added) names.push_back(text);
        return it->second | kLocal;
    }
    void intern(Interner& interner) {
        global.resize(names.size());
        for (std::size_t i = 0; i < names.size(); ++i) global[i] = interner.intern(names[i]);
        if (interner.size() >= kLocal) throw Error("more than 2^31 distinct ids");
    }
    std::uint32_t map(std::uint32_t id) const { return id & kLocal ? global[id & ~kLocal] : id; }
};

struct Piece {
    std::string_view text;
    Column<Record> records;
    LocalIds users, keys;
    std::uint64_t lines = 0;
    std::uint64_t skipped = 0;
    std::vector<BadLine> bad;  // line numbers local to the piece, 1-based
    std::deque<std::string> scratch;  // unescaped quoted ids
    bool failed = false;
};

void parsePiece(Piece& piece, const TextInput& input, const Interner& users, const Interner& keys) {
    LineParser parser(input.role, input.format, piece.scratch);
    parser.setMayContainNul(std::memchr(piece.text.data(), '\0', piece.text.size()) != nullptr);
    parser.setPaddedInput(true);  // pieces live in a LineBlocks buffer
    parser.setMaxFields(input.options.maxFields);
    const std::size_t maxLine = input.options.maxLineBytes;
    ParsedLine parsed;
    LineProblem problem;
    // With a large catalogue, item lookups trail the parsing by kAhead
    // records: each key's slot is prefetched when its line is parsed and read
    // kAhead lines later, so the misses of a table larger than the cache
    // overlap. A table that stays in cache is read at once (the ring would
    // only cost). Records keep file order either way.
    const bool prefetch = keys.tableBytes() > kPrefetchTableBytes;
    struct Pending {
        std::uint32_t user;
        std::string_view key;
        bool padded;
        Interner::Probe probe;
        double value;
    };
    constexpr std::size_t kAhead = 8;
    Pending pending[kAhead];
    std::size_t pendingHead = 0, pendingCount = 0;
    auto resolveOldest = [&] {
        const Pending& p = pending[pendingHead];
        const std::uint32_t found = p.padded ? keys.find(p.key, p.probe) : keys.find(p.key);
        piece.records.push_back({p.user, piece.keys.resolveFound(found, p.key), p.value});
        pendingHead = (pendingHead + 1) % kAhead;
        --pendingCount;
    };
    std::string_view lastUser;
    std::uint32_t lastUserId = 0;
    const std::string_view text = piece.text;
    const auto textBegin = reinterpret_cast<std::uintptr_t>(text.data());
    auto inText = [&](std::string_view id) {
        return reinterpret_cast<std::uintptr_t>(id.data()) - textBegin < text.size();
    };
    piece.records.reserve(text.size() / 24);
    std::size_t pos = 0;
    while (pos < text.size()) {
        const char* nl = static_cast<const char*>(std::memchr(text.data() + pos, '\n', text.size() - pos));
        std::size_t end = nl ? static_cast<std::size_t>(nl - text.data()) : text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++piece.lines;
        LineParser::Outcome outcome;
        if (maxLine > 0 && line.size() > maxLine) {
            problem.column = static_cast<std::uint32_t>(std::min<std::size_t>(maxLine + 1, UINT32_MAX));
            problem.problem = "the line is longer than " + std::to_string(maxLine) +
                              " bytes, the limit (--max-line-length raises it); expected lines of text";
            problem.text = std::string(line.substr(0, 40));
            outcome = LineParser::Outcome::Bad;
        } else {
            outcome = parser.parse(line, parsed, problem);
        }
        switch (outcome) {
        case LineParser::Outcome::Skip: break;
        case LineParser::Outcome::Bad:
            ++piece.skipped;
            if (piece.bad.size() < LoadReport::kMaxListedBadLines)
                piece.bad.push_back({piece.lines, problem.column, std::move(problem.problem), std::move(problem.text)});
            if (!input.options.skipBadLines) {
                while (pendingCount > 0) resolveOldest();
                piece.failed = true;
                return;
            }
            break;
        case LineParser::Outcome::Record: {
            if (parsed.user.size() != lastUser.size() ||
                std::memcmp(parsed.user.data(), lastUser.data(), lastUser.size()) != 0) {
                lastUserId = piece.users.resolve(users, parsed.user, inText(parsed.user));
                lastUser = parsed.user;
            }
            if (!prefetch) {
                piece.records.push_back(
                    {lastUserId, piece.keys.resolve(keys, parsed.key, inText(parsed.key)), parsed.value});
                break;
            }
            if (pendingCount == kAhead) resolveOldest();
            Pending& p = pending[(pendingHead + pendingCount) % kAhead];
            p.user = lastUserId;
            p.key = parsed.key;
            p.padded = inText(parsed.key);
            if (p.padded) p.probe = keys.probePadded(parsed.key);
            p.value = parsed.value;
            ++pendingCount;
            break;
        }
        }
    }
    while (pendingCount > 0) resolveOldest();
}

// The most records a file of this size and format can hold (a reservation
// of address space: pages are only used as records fill them), or 0 where
// the decompressed size is unknown or the bound would not fit in memory.
std::size_t recordBound(const ResolvedFormat& format, const ByteSource& source) {
    if (source.compression() != Compression::None || source.fileSize() == 0 || format.fieldCount == 0) return 0;
    // A record line: the separators, one byte at least for the user, the
    // key and the value, and a newline (but for the last line).
    const std::uint64_t minLine = (format.fieldCount - 1) + 2 + (format.valueColumn >= 0 ? 1 : 0);
    const std::uint64_t bound = (source.fileSize() + 1) / (minLine + 1) + 1;
    const std::uint64_t bytes = bound * (sizeof(std::uint32_t) + sizeof(double));
    if (bytes > physicalMemoryBytes() / 2) return 0;
    return static_cast<std::size_t>(bound);
}

// Consumes the lines of `block` up to and including the header (the first
// non-blank line), which may come in a later block than the first; clears
// `pending` once it is gone. Returns the number of lines consumed.
std::uint64_t skipHeader(std::string_view& block, bool& pending) {
    std::uint64_t lines = 0;
    while (pending && !block.empty()) {
        std::size_t nl = block.find('\n');
        std::string_view line = block.substr(0, nl);
        block.remove_prefix(nl == std::string_view::npos ? block.size() : nl + 1);
        ++lines;
        if (!std::all_of(line.begin(), line.end(), [](char c) { return isBlank(c) || c == '\r'; })) pending = false;
    }
    return lines;
}

} // namespace

ParsedRecords readTextRecords(const TextInput& input, LineBlocks& blocks, std::string_view firstBlock,
                              Interner& users, Interner& keys, const Progress* progress,
                              const ByteSource& source, const RecordSink* sink) {
    ParsedRecords out;
    std::uint64_t lineBase = 0;
    std::string_view block = firstBlock;
    bool headerPending = input.format.header;
    out.sawHeader = input.format.header;
    const Parallelism& parallel = input.options.parallelism;
    std::vector<Column<Record>> scratchRecords;  // the pieces' records, reused block after block
    if (std::size_t bound = sink ? 0 : recordBound(input.format, source); bound > 0) out.records.reserve(bound);
    for (;;) {
        if (headerPending) {
            lineBase += skipHeader(block, headerPending);
            if (!headerPending) out.headerLine = lineBase;
        }
        if (block.empty()) {
            block = blocks.next(lineBase);
            if (block.empty()) break;
            continue;
        }
        if (progress) progress->check();
        std::vector<std::string_view> texts = splitAtLines(block, input.options.chunkBytes);
        std::vector<Piece> pieces(texts.size());
        if (scratchRecords.size() < pieces.size()) scratchRecords.resize(pieces.size());
        for (std::size_t i = 0; i < texts.size(); ++i) {
            pieces[i].text = texts[i];
            pieces[i].records = std::move(scratchRecords[i]);
            pieces[i].records.clear();
        }

        parallel.forEach(0, pieces.size(), 1, [&](std::size_t i) {
            if (progress) progress->check();
            parsePiece(pieces[i], input, users, keys);
        });

        // Line numbers and bad lines, in file order.
        for (auto& piece : pieces) {
            for (auto& b : piece.bad) {
                b.line += lineBase;
                if (piece.failed) {
                    throw InputError({input.path, b.line, b.column}, b.problem, b.text);
                }
                if (out.firstSkipped.size() < LoadReport::kMaxListedBadLines) out.firstSkipped.push_back(std::move(b));
            }
            out.skippedLines += piece.skipped;
            lineBase += piece.lines;
        }

        // New ids in file order.
        for (auto& piece : pieces) {
            piece.users.intern(users);
            piece.keys.intern(keys);
        }
        // Copied to the columns kept, ids mapped on the way, each piece's
        // users noted as stretches; the pieces' vectors are reused for the
        // next block, so their pages are touched once per file.
        std::vector<std::size_t> at(pieces.size() + 1, 0);
        for (std::size_t i = 0; i < pieces.size(); ++i) at[i + 1] = at[i] + pieces[i].records.size();
        const std::size_t base = out.records.size();
        out.records.extend(at.back());
        std::vector<std::vector<UserStretch>> stretches(pieces.size());
        parallel.forEach(0, pieces.size(), 1, [&](std::size_t i) {
            const Piece& piece = pieces[i];
            std::uint32_t* keysTo = out.records.keysAt(base + at[i]);
            double* valuesTo = out.records.valuesAt(base + at[i]);
            std::vector<UserStretch>& users = stretches[i];
            for (const Record& r : piece.records) {
                *keysTo++ = piece.keys.map(r.key);
                *valuesTo++ = r.value;
                addStretch(users, piece.users.map(r.user), 1);
            }
        });
        for (const auto& list : stretches)
            for (const UserStretch& s : list) out.records.addStretch(s.user, s.length);
        for (std::size_t i = 0; i < pieces.size(); ++i) scratchRecords[i] = std::move(pieces[i].records);

        if (progress && source.fileSize() > 0)
            progress->report(std::min(1.0, double(blocks.consumed()) / double(source.fileSize())));
        if (sink) (*sink)(out.records, lineBase, false);
        block = {};
    }
    out.lines = lineBase;
    if (sink) (*sink)(out.records, lineBase, true);
    return out;
}

namespace {

// Reads the file again, line by line, handing each record line to `visit`
// (its 1-based number and what it parsed) until `visit` returns true: the
// slow, serial path behind the messages that name lines.
template <typename Visit>
void forEachRecordLine(const TextInput& input, Visit&& visit) {
    auto source = ByteSource::open(input.path, input.options.maxExpansion);
    LineBlocks blocks(*source, input.options.blockBytes, input.options.maxLineBytes);
    std::deque<std::string> scratch;
    LineParser parser(input.role, input.format, scratch);
    parser.setMaxFields(input.options.maxFields);
    ParsedLine parsed;
    LineProblem problem;
    std::uint64_t lineNumber = 0;
    bool headerPending = input.format.header;
    for (std::string_view block = blocks.next(0); !block.empty(); block = blocks.next(lineNumber)) {
        if (headerPending) lineNumber += skipHeader(block, headerPending);
        std::size_t pos = 0;
        while (pos < block.size()) {
            std::size_t end = block.find('\n', pos);
            if (end == std::string_view::npos) end = block.size();
            ++lineNumber;
            scratch.clear();
            if (parser.parse(block.substr(pos, end - pos), parsed, problem) == LineParser::Outcome::Record &&
                visit(lineNumber, parsed))
                return;
            pos = end + 1;
        }
    }
}

} // namespace

std::vector<LineMatch> findTextLines(const TextInput& input, std::string_view user, std::string_view key,
                                     bool differentValue) {
    std::vector<LineMatch> found;
    forEachRecordLine(input, [&](std::uint64_t line, const ParsedLine& parsed) {
        if (parsed.user != user || parsed.key != key) return false;
        if (found.empty() || !differentValue || parsed.value != found.front().value)
            found.push_back({line, parsed.value, 1});
        return found.size() == 2;
    });
    return found;
}

std::uint64_t findUserReturn(const TextInput& input, std::string_view user) {
    std::uint64_t returned = 0;
    bool seen = false, left = false;
    forEachRecordLine(input, [&](std::uint64_t line, const ParsedLine& parsed) {
        if (parsed.user != user) {
            left = seen;
            return false;
        }
        if (left) returned = line;
        seen = true;
        return left;
    });
    return returned;
}

} // namespace ranklab

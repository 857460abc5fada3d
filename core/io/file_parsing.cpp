#include "io/file_parsing.h"

#include <algorithm>

#include "common/error.h"
#include "io/byte_source.h"
#include "io/format_detection.h"
#include "io/header_mode.h"
#include "io/input_opening.h"
#include "io/json_reader.h"
#include "io/line_blocks.h"
#include "io/parquet_reader.h"
#include "io/parquet_source.h"
#include "io/text_reader.h"

namespace ranklab {
namespace {

// Once a data line is found, format detection looks at no more than this
// many bytes of whole lines for the second (a data line followed by
// gigabytes of comments is not held whole).
constexpr std::size_t kDetectionBytes = std::size_t(4) << 20;

// After a bad line in a compressed file: if the stream is corrupt, the bad
// line may be garbage decoded before the corruption was found, so the
// stream's error (at a byte offset) is thrown instead. Reads the rest.
void throwIfStreamCorrupt(const ByteSource& source, LineBlocks& blocks) {
    if (source.compression() == Compression::None) return;
    try {
        while (!blocks.next(0).empty()) {
        }
    } catch (const StreamError& e) {
        if (!e.truncated()) throw;
    } catch (const InputError&) {
        // a truncated stream, a long line, a bomb: the first error stands
    }
}

// The first blocks of the file: enough whole lines to resolve the format
// (comments or blank lines may fill more than one block). Padded like a
// LineBlocks buffer when copied.
std::string_view firstBlocks(LineBlocks& blocks, std::string& copy) {
    std::string_view first = blocks.next(0);
    // JSON cut anywhere: its first character is all detection needs.
    if (blocks.raw()) return first;
    std::size_t found = layoutLines(first, kLayoutLines);
    if (first.empty() || found == kLayoutLines) return first;
    copy.assign(first);
    auto lines = static_cast<std::uint64_t>(std::count(copy.begin(), copy.end(), '\n'));
    for (std::string_view more = blocks.next(lines); !more.empty(); more = blocks.next(lines)) {
        copy += more;
        lines += static_cast<std::uint64_t>(std::count(more.begin(), more.end(), '\n'));
        found += layoutLines(more, kLayoutLines - found);
        if (found == kLayoutLines || (found > 0 && copy.size() >= kDetectionBytes)) break;
    }
    copy.append(kLinePadding, '\0');
    return std::string_view(copy).substr(0, copy.size() - kLinePadding);
}

// Removes the records of the JSON members `dropped` (member i holds the
// records from objectStart[i] to objectStart[i + 1]).
void dropMembers(RecordColumns& records, std::vector<std::uint64_t> objectStart, std::vector<std::uint32_t> dropped) {
    std::sort(dropped.begin(), dropped.end());
    while (objectStart.size() < std::size_t(dropped.back()) + 2) objectStart.push_back(records.size());
    RecordColumns kept;
    std::size_t at = 0, next = 0;
    records.forEach([&](const Record& r) {
        while (next < dropped.size() && objectStart[dropped[next] + 1] <= at) ++next;
        const bool drop = next < dropped.size() && at >= objectStart[dropped[next]];
        if (!drop) kept.push_back(r);
        ++at;
    });
    records = std::move(kept);
}

bool isParquet(const std::string& path, const FormatSpec& spec) {
    return spec.kind == FormatKind::Parquet || (spec.kind == FormatKind::Auto && looksLikeParquet(path));
}

// Whether every field of a header is a usual name of one of the role's columns.
bool usualHeader(const std::vector<std::string>& fields, Role role) {
    return std::all_of(fields.begin(), fields.end(), [role](const std::string& f) {
        return isHeaderNameFor(f, role, 0) || isHeaderNameFor(f, role, 1) || isHeaderNameFor(f, role, 2);
    });
}

// Parquet (a file, a folder of parts, a glob) through DuckDB.
ParsedFile parseParquet(const std::string& path, Role role, Interner& users, Interner& keys,
                        const ReadOptions& options, const Progress* progress) {
    if (isStreamPath(path)) refuseParquetStream(path);
    ParsedFile out;
    ParquetRecords read = readParquetRecords(path, role, options.format, users, keys, progress);
    out.parsed = std::move(read.parsed);
    out.format.kind = FormatKind::Parquet;
    out.report.path = path;
    out.report.role = role;
    out.report.format = read.description;
    out.report.formatName = "parquet";
    out.report.fileBytes = read.bytes;
    out.report.lines = out.parsed.lines;
    if (progress) progress->report(1.0);
    return out;
}

} // namespace

ParsedFile parseFile(const std::string& path, Role role, Interner& users, Interner& keys,
                     const ReadOptions& options, const Progress* progress, const FileSink* stream,
                     std::unique_ptr<FileHandle> opened) {
    if (!opened && stream && isParquet(path, options.format))
        throw InputError({path, 0, 0}, "--stream reads runs of text (TREC or delimited); this is Parquet: leave out "
                                       "--stream (Parquet is read column by column, not held as text)");
    if (!opened && isParquet(path, options.format)) return parseParquet(path, role, users, keys, options, progress);
    ParsedFile out;
    if (options.format.isNumpy())
        throw InputError({path, 0, 0}, "the format " + options.format.toString() + " is for runs only; expected a " +
                                           "text format (auto, trec, json, tsv, csv, ws) for the " + roleName(role));
    if (!opened) opened = std::make_unique<FileHandle>(path);
    if (!opened->regularFile() && opened->peek(4) == "PAR1") refuseParquetStream(path);
    auto source = openByteSource(std::move(opened), options.maxExpansion);
    out.report.path = path;
    out.report.role = role;
    out.report.compression = source->compression();
    out.report.fileBytes = source->fileSize();
    out.regularFile = source->regularFile();

    LineBlocks blocks(*source, options.blockBytes, options.maxLineBytes);
    if (options.format.kind == FormatKind::Auto || options.format.kind == FormatKind::Json) blocks.jsonAsBytes();
    std::string head;
    std::string_view first = firstBlocks(blocks, head);
    try {
        out.format = resolveFormat(first, role, options.format, path, options.maxFields);
    } catch (const InputError&) {
        throwIfStreamCorrupt(*source, blocks);
        throw;
    }
    out.report.format = out.format.describe(role);
    out.report.formatName = out.format.name();
    out.report.tag = out.format.tag;

    if (stream && out.format.kind == FormatKind::Json)
        throw InputError({path, 0, 0}, "--stream reads runs of text (TREC or delimited); this is JSON, an object "
                                       "whose users may come in any order: leave out --stream");
    if (out.format.kind == FormatKind::Json) {
        // JSON is parsed serially as it is read: block by block, only the
        // entry being read held (a one-line file too: its blocks are cut
        // anywhere).
        std::uint64_t lines = 0;
        bool endsWithNewline = true;
        bool firstGiven = false;
        std::string firstCopy;
        if (!head.empty()) {
            head.resize(head.size() - kLinePadding);
            firstCopy = std::move(head);
            first = firstCopy;
        }
        auto next = [&]() -> std::string_view {
            std::string_view piece;
            if (!firstGiven) {
                firstGiven = true;
                piece = first;
            } else {
                piece = blocks.next(lines);
            }
            if (!piece.empty()) {
                lines += static_cast<std::uint64_t>(std::count(piece.begin(), piece.end(), '\n'));
                endsWithNewline = piece.back() == '\n';
                if (progress) progress->report(double(blocks.consumed()) / double(std::max<std::uint64_t>(1, out.report.fileBytes)));
            }
            return piece;
        };
        bool anyText = false;
        std::uint32_t lastUserId = 0;
        std::uint64_t lastObject = ~std::uint64_t{0};  // the member whose user lastUserId is
        std::vector<std::uint64_t> objectStart;  // the first record of each user member
        std::vector<std::uint32_t> replaced;     // members of a user key given again
        // A broken compressed stream is reported as such, not as the JSON
        // error its garbage makes (as for text).
        try {
        parseJsonStream(
            [&]() {
                const std::string_view piece = next();
                anyText = anyText || !piece.empty();
                return piece;
            },
            role, path,
            [&](const JsonEntry& e) {
                if (e.object != lastObject) {
                    lastUserId = users.intern(e.user);
                    lastObject = e.object;
                }
                while (objectStart.size() <= e.object) objectStart.push_back(out.parsed.records.size());
                out.parsed.records.push_back({lastUserId, keys.intern(e.key), e.value});
            },
            [&](const JsonRepeatedUser& r) {
                replaced.push_back(r.replacedObject);
                if (++out.report.repeatedUserCount <= LoadReport::kMaxListedBadLines)
                    out.report.repeatedUsers.push_back(
                        "user \"" + printable(r.user) + "\" is given twice in the JSON object, at " +
                        std::to_string(r.firstLine) + ":" + std::to_string(r.firstColumn) + " and " +
                        std::to_string(r.line) + ":" + std::to_string(r.column) + ": the last is kept");
            });
        } catch (const StreamError&) {
            throw;
        } catch (const InputError&) {
            throwIfStreamCorrupt(*source, blocks);
            throw;
        }
        if (!replaced.empty()) dropMembers(out.parsed.records, objectStart, replaced);
        out.parsed.lines = lines + (anyText && !endsWithNewline);
        if (out.parsed.records.empty())
            throw InputError({path, 1, 1}, std::string("the JSON object has no entries; expected ") + roleName(role) +
                                               " entries");
    } else {
        TextInput input{path, role, out.format, options};
        std::uint64_t streamed = 0;  // entries the sink took
        const RecordSink sink = [&](RecordColumns& records, std::uint64_t lines, bool last) {
            const std::uint64_t before = records.size();
            (*stream)(out, records, lines, last);
            streamed += before - records.size();
        };
        try {
            out.parsed = readTextRecords(input, blocks, first, users, keys, progress, *source, stream ? &sink : nullptr);
        } catch (const StreamError&) {
            throw;
        } catch (const InputError&) {
            throwIfStreamCorrupt(*source, blocks);
            throw;
        }
        if (out.parsed.records.empty() && streamed == 0) {
            std::string expected = std::string("expected ") + roleName(role) + " lines";
            if (out.parsed.skippedLines > 0)
                throw InputError({path, out.parsed.firstSkipped.front().line, out.parsed.firstSkipped.front().column},
                                 "every line was bad (" + std::to_string(out.parsed.skippedLines) +
                                     " skipped), the first: " + out.parsed.firstSkipped.front().problem,
                                 out.parsed.firstSkipped.front().text);
            if (out.parsed.sawHeader)
                throw InputError({path, 2, 1}, "the file has a header but no data lines; " + expected);
            throw InputError({path, 1, 1}, "the file has no data lines (only blanks or comments); " + expected);
        }
    }
    out.report.lines = out.parsed.lines;
    // A header guessed (not asked for) is said: a data line is never lost unseen.
    const FormatSpec& asked = options.format;
    if (out.parsed.headerLine > 0 && asked.header == HeaderMode::Auto && asked.user.name.empty() &&
        asked.item.name.empty() && asked.value.name.empty())
        out.report.warnings.push_back(headerTakenWarning(out.parsed.headerLine, out.format.headerFields,
                                                         usualHeader(out.format.headerFields, role)));
    out.report.skippedLines = out.parsed.skippedLines;
    out.report.firstSkipped = out.parsed.firstSkipped;
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab

#include "io/readers.h"

#include <algorithm>
#include <memory>

#include "common/error.h"
#include "io/byte_source.h"
#include "io/file_handle.h"
#include "io/format_detection.h"
#include "io/header_mode.h"
#include "io/input_opening.h"
#include "io/json_reader.h"
#include "io/line_blocks.h"
#include "io/npy_run_reader.h"
#include "io/parquet_reader.h"
#include "io/parquet_source.h"
#include "io/text_reader.h"
#include "io/user_grouping.h"

namespace ranklab {
namespace {

// Undoes the ids a failed read added.
class IdRollback {
public:
    IdRollback(Interner& users, Interner& keys)
        : users_(users), keys_(keys), userCount_(users.size()), keyCount_(keys.size()) {}
    ~IdRollback() {
        if (armed_) {
            users_.rollback(userCount_);
            keys_.rollback(keyCount_);
        }
    }
    void release() { armed_ = false; }
    std::size_t newUsers() const { return users_.size() - userCount_; }
    std::size_t newKeys() const { return keys_.size() - keyCount_; }

private:
    Interner& users_;
    Interner& keys_;
    std::size_t userCount_, keyCount_;
    bool armed_ = true;
};

struct ParsedFile {
    ParsedRecords parsed;
    ResolvedFormat format;
    LoadReport report;
    bool regularFile = true;  // else (a pipe, a FIFO) it cannot be read again
};

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

// A streaming read's sink: handed the file being read (its format and
// report so far), the entries read so far and the lines read so far.
using FileSink = std::function<void(const ParsedFile& file, RecordColumns& records, std::uint64_t lines, bool last)>;

// `opened`: `path` already opened (and maybe peeked at), else it is opened here.
ParsedFile parseFile(const std::string& path, Role role, Interner& users, Interner& keys,
                     const ReadOptions& options, const Progress* progress, const FileSink* stream = nullptr,
                     std::unique_ptr<FileHandle> opened = nullptr) {
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

// Where (user, key) is: its first line and the next one holding it again
// (with a different value if `differentValue`). Read again from the file.
std::vector<LineMatch> findLines(const std::string& path, Role role, const ResolvedFormat& format,
                                 const ReadOptions& options, std::string_view user, std::string_view key,
                                 bool differentValue) {
    if (format.kind == FormatKind::Parquet) return {};  // rows are found by findParquetRows
    if (format.kind != FormatKind::Json) return findTextLines({path, role, format, options}, user, key, differentValue);
    std::vector<LineMatch> found;
    std::string text = readAll(path);  // only for regular files (see throwDuplicate)
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
    parseJsonEntries(text, role, path, [&](const JsonEntry& e) {
        if (found.size() == 2 || e.user != user || e.key != key) return;
        if (found.empty() || !differentValue || e.value != found.front().value)
            found.push_back({e.line, e.value, e.column});
    });
    return found;
}

[[noreturn]] void throwDuplicate(const ParsedFile& file, const ReadOptions& options, const Interner& users,
                                 const Interner& keys, const DuplicateFound& dup) {
    std::string_view user = users.name(dup.user);
    std::string_view key = keys.name(dup.key);
    const bool run = file.report.role == Role::Run;
    std::string what = run ? "duplicate (user, item) in a run"
                           : "the same (user, item) is judged twice with different grades";
    if (file.format.kind == FormatKind::Parquet) {
        const std::string rows = findParquetRows(file.report.path, file.report.role, options.format, user, key);
        throw InputError({file.report.path, 0, 0}, what + ": user \"" + printable(user) + "\", item \"" +
                                                       printable(key) + "\"" + (rows.empty() ? "" : " " + rows) +
                                                       "; expected each pair once (--duplicates=first|max keeps one)");
    }
    if (!file.regularFile)
        throw InputError({file.report.path, 0, 0},
                         what + ": user \"" + printable(user) + "\", item \"" + printable(key) +
                             "\" (the file is a pipe or a device, read once: its lines are not known); expected "
                             "each pair once (--duplicates=first|max keeps one)");
    auto lines = findLines(file.report.path, file.report.role, file.format, options, user, key, !run);
    LineMatch first = lines.size() > 0 ? lines[0] : LineMatch{};
    LineMatch second = lines.size() > 1 ? lines[1] : LineMatch{};
    // JSON may hold both on one line: then say where on it.
    std::string where = file.format.kind == FormatKind::Json
                            ? "at " + std::to_string(first.line) + ":" + std::to_string(first.column) + " and " +
                                  std::to_string(second.line) + ":" + std::to_string(second.column)
                            : "on lines " + std::to_string(first.line) + " and " + std::to_string(second.line);
    throw InputError({file.report.path, second.line, second.column},
                     what + ": user \"" + printable(user) + "\", item \"" + printable(key) + "\" " + where +
                         "; expected each pair once (--duplicates=first|max keeps one)");
}

std::size_t distinctKeys(const Column<std::uint32_t>& keys, std::size_t keyCount) {
    std::vector<bool> seen(keyCount, false);
    std::size_t n = 0;
    for (auto k : keys) {
        if (!seen[k]) {
            seen[k] = true;
            ++n;
        }
    }
    return n;
}

void addWarnings(LoadReport& report) {
    if (report.repeatedUserCount > 0)
        report.warnings.push_back(std::to_string(report.repeatedUserCount) +
                                  " user keys given twice in the JSON object (the last kept), the first: " +
                                  report.repeatedUsers.front());
    if (report.skippedLines > 0)
        report.warnings.push_back(std::to_string(report.skippedLines) + " bad lines skipped");
    if (report.duplicatesDropped > 0)
        report.warnings.push_back(std::to_string(report.duplicatesDropped) + " duplicate entries resolved");
    if (report.identicalDuplicates > 0)
        report.warnings.push_back(std::to_string(report.identicalDuplicates) + " repeated identical lines merged");
}

void finishReport(LoadReport& report, const GroupedLists& lists, std::size_t keyCount, const IdRollback& ids) {
    report.records = lists.keys.size();
    report.users = lists.index.nonEmptyUsers();
    report.items = distinctKeys(lists.keys, keyCount);
    report.newUsers = ids.newUsers();
    report.newItems = ids.newKeys();
    addWarnings(report);
}

// Reads a file with (user, key, value) records into per-user lists.
GroupedLists readLists(const std::string& path, Role role, Interner& users, Interner& keys,
                       const ReadOptions& options, const Progress* progress, LoadReport& report,
                       bool identicalMerge, DuplicatePolicy policy, bool sortKeys,
                       std::unique_ptr<FileHandle> opened = nullptr) {
    IdRollback rollback(users, keys);
    ParsedFile file = parseFile(path, role, users, keys, options, progress, nullptr, std::move(opened));
    GroupedLists lists = groupByUser(file.parsed.records, users.size(), options.parallelism, progress);
    DuplicateCounts counts;
    if (auto dup = resolveDuplicates(lists, keys.size(), policy, identicalMerge, options.parallelism, counts, progress))
        throwDuplicate(file, options, users, keys, *dup);
    if (sortKeys) sortByKey(lists, options.parallelism, progress);
    report = std::move(file.report);
    report.duplicatesDropped = counts.dropped;
    report.identicalDuplicates = counts.identical;
    finishReport(report, lists, keys.size(), rollback);
    rollback.release();
    return lists;
}

} // namespace

LoadedJudgments readJudgments(const std::string& path, IdSpace& ids, const ReadOptions& options,
                              const Progress* progress) {
    LoadedJudgments out;
    GroupedLists lists = readLists(path, Role::Judgments, ids.users, ids.items, options, progress, out.report,
                                   /*identicalMerge=*/true, options.duplicates, /*sortKeys=*/true);
    out.judgments = Judgments(std::move(lists.index), std::move(lists.keys), std::move(lists.values));
    return out;
}

LoadedRun readRun(const std::string& path, IdSpace& ids, const ReadOptions& options, const Progress* progress) {
    if (options.format.isNumpy()) return readNumpyRun(path, ids, options, progress);
    std::unique_ptr<FileHandle> opened = openToDetect(path, options.format);
    if (opened) {
        if (auto kind = detectNumpyFormat(*opened)) {
            ReadOptions numpy = options;
            numpy.format.kind = *kind;
            return readNumpyRun(path, ids, numpy, progress, std::move(opened));
        }
    }
    LoadedRun out;
    GroupedLists lists = readLists(path, Role::Run, ids.users, ids.items, options, progress, out.report,
                                   /*identicalMerge=*/false, options.duplicates, /*sortKeys=*/false,
                                   std::move(opened));
    out.run = Run(std::move(lists.index), std::move(lists.keys), std::move(lists.values));
    return out;
}

LoadReport streamRun(const std::string& path, IdSpace& ids, const ReadOptions& options, std::size_t chunkRecords,
                     const std::function<void(Run&& chunk)>& chunk, const Progress* progress) {
    std::unique_ptr<FileHandle> opened = openToDetect(path, options.format);
    if (options.format.isNumpy() || (opened && detectNumpyFormat(*opened)))
        throw InputError({path, 0, 0}, "--stream reads runs of text (TREC or delimited); a numpy run is read row by "
                                       "row already: leave out --stream");
    const std::size_t usersBefore = ids.users.size(), itemsBefore = ids.items.size();
    std::vector<bool> done;      // users whose lines were handed on
    std::vector<bool> itemSeen;  // items of the run
    std::uint64_t records = 0, users = 0, items = 0;
    DuplicateCounts duplicates;
    // A chunk of whole users: checked, grouped and handed on.
    auto handOn = [&](const ParsedFile& file, RecordColumns& part, std::uint64_t lines) {
        if (done.size() < ids.users.size()) done.resize(ids.users.size(), false);
        for (const UserStretch& s : part.stretches()) {
            if (done[s.user]) {
                const std::string_view user = ids.users.name(s.user);
                const std::uint64_t line = file.regularFile
                                               ? findUserReturn({path, Role::Run, file.format, options}, user)
                                               : 0;
                throw UngroupedRunError({path, line, std::uint64_t{line == 0 ? 0u : 1u}},
                                 "user \"" + printable(user) + "\" comes back after other users' lines" +
                                     (line == 0 ? " (by line " + std::to_string(lines) + ")" : std::string()) +
                                     "; --stream reads a run that gives each user's lines together: sort it by user "
                                     "(sort -s -k1,1) or leave out --stream", std::string(user));
            }
            done[s.user] = true;
            ++users;
        }
        if (itemSeen.size() < ids.items.size()) itemSeen.resize(ids.items.size(), false);
        for (const std::uint32_t item : part.keys())
            if (!itemSeen[item]) {
                itemSeen[item] = true;
                ++items;
            }
        records += part.size();
        GroupedLists lists = groupByUser(part, ids.users.size(), options.parallelism, progress);
        DuplicateCounts counts;
        if (auto dup = resolveDuplicates(lists, ids.items.size(), options.duplicates, /*identicalMerge=*/false,
                                         options.parallelism, counts, progress))
            throwDuplicate(file, options, ids.users, ids.items, *dup);
        duplicates.dropped += counts.dropped;
        duplicates.identical += counts.identical;
        chunk(Run(std::move(lists.index), std::move(lists.keys), std::move(lists.values)));
    };
    const FileSink sink = [&](const ParsedFile& file, RecordColumns& window, std::uint64_t lines, bool last) {
        const std::size_t most = std::max<std::size_t>(chunkRecords, 1);
        while (last || window.size() >= most) {
            RecordColumns part = window.takeLeadingUsers(most, last);
            if (part.empty()) return;
            handOn(file, part, lines);
        }
    };
    // Blocks of about a chunk at most (32 bytes a line): each block then
    // yields a chunk or two, never hundreds cut one by one off its front.
    ReadOptions reading = options;
    const std::size_t chunkBytes = std::max<std::size_t>(chunkRecords, 1) * 32;
    reading.blockBytes = std::min(options.blockBytes, std::max<std::size_t>(std::size_t(1) << 16, chunkBytes));
    ParsedFile file = parseFile(path, Role::Run, ids.users, ids.items, reading, progress, &sink, std::move(opened));
    LoadReport report = std::move(file.report);
    report.records = records - duplicates.dropped;
    report.users = users;
    report.items = items;
    report.newUsers = ids.users.size() - usersBefore;
    report.newItems = ids.items.size() - itemsBefore;
    report.duplicatesDropped = duplicates.dropped;
    report.identicalDuplicates = duplicates.identical;
    addWarnings(report);
    return report;
}

LoadedExclusions readExclusions(const std::string& path, IdSpace& ids, const ReadOptions& options,
                                const Progress* progress) {
    LoadedExclusions out;
    GroupedLists lists = readLists(path, Role::Exclusions, ids.users, ids.items, options, progress, out.report,
                                   /*identicalMerge=*/true, DuplicatePolicy::First, /*sortKeys=*/true);
    out.exclusions = Exclusions(std::move(lists.index), std::move(lists.keys));
    return out;
}

LoadedItemAttributes readItemAttributes(const std::string& path, IdSpace& ids, const ReadOptions& options,
                                        const Progress* progress) {
    LoadedItemAttributes out;
    auto names = std::make_shared<Interner>();
    GroupedLists lists = readLists(path, Role::ItemAttributes, ids.items, *names, options, progress, out.report,
                                   /*identicalMerge=*/true, DuplicatePolicy::First, /*sortKeys=*/true);
    // The report's "users" are the items described, its "items" the distinct attributes.
    out.report.newItems = out.report.newUsers;
    out.report.newUsers = 0;
    out.attributes = ItemAttributes(std::move(lists.index), std::move(lists.keys), std::move(names));
    return out;
}

LoadedCohorts readCohorts(const std::string& path, IdSpace& ids, const ReadOptions& options,
                          const Progress* progress) {
    LoadedCohorts out;
    auto groups = std::make_shared<Interner>();
    IdRollback rollback(ids.users, *groups);
    ParsedFile file = parseFile(path, Role::Cohorts, ids.users, *groups, options, progress);
    std::vector<std::uint32_t> groupOf(ids.users.size(), Cohorts::none);
    file.parsed.records.forEach([&](const Record& r) {
        std::uint32_t& g = groupOf[r.user];
        if (g == Cohorts::none || g == r.key) {
            if (g == r.key) ++file.report.identicalDuplicates;
            g = r.key;
            return;
        }
        std::string_view user = ids.users.name(r.user);
        if (!file.regularFile)
            throw InputError({path, 0, 0}, "user \"" + printable(user) + "\" is in two groups, \"" +
                                               printable(groups->name(g)) + "\" and \"" +
                                               printable(groups->name(r.key)) +
                                               "\" (the file is a pipe or a device, read once: their lines are "
                                               "not known); expected one group per user");
        auto firstLines = findLines(path, Role::Cohorts, file.format, options, user, groups->name(g), false);
        auto secondLines = findLines(path, Role::Cohorts, file.format, options, user, groups->name(r.key), false);
        std::uint64_t a = firstLines.empty() ? 0 : firstLines[0].line;
        std::uint64_t b = secondLines.empty() ? 0 : secondLines[0].line;
        throw InputError({path, b, 1}, "user \"" + printable(user) + "\" is in two groups, \"" +
                                           printable(groups->name(g)) + "\" (line " + std::to_string(a) +
                                           ") and \"" + printable(groups->name(r.key)) + "\" (line " +
                                           std::to_string(b) + "); expected one group per user");
    });
    out.report = std::move(file.report);
    out.report.records = file.parsed.records.size() - out.report.identicalDuplicates;
    out.report.users = static_cast<std::size_t>(
        std::count_if(groupOf.begin(), groupOf.end(), [](std::uint32_t g) { return g != Cohorts::none; }));
    out.report.items = groups->size();
    out.report.newUsers = rollback.newUsers();
    out.report.newItems = 0;
    addWarnings(out.report);
    out.cohorts = Cohorts(std::move(groupOf), groups);
    rollback.release();
    return out;
}

} // namespace ranklab

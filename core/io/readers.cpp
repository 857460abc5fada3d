// The readers of readers.h: a file parsed (file_parsing.h) into per-user
// lists, repeated pairs resolved or reported (duplicate_lines.h), the load
// report filled in; a run may also be streamed chunk by chunk.
#include "io/readers.h"

#include <algorithm>
#include <memory>

#include "common/error.h"
#include "io/duplicate_lines.h"
#include "io/file_handle.h"
#include "io/file_parsing.h"
#include "io/id_rollback.h"
#include "io/input_opening.h"
#include "io/npy_run_reader.h"
#include "io/text_reader.h"
#include "io/user_grouping.h"

namespace ranklab {
namespace {

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

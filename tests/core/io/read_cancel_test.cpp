// A cancel that arrives after the last line is parsed (while the reader
// groups the lines by user, resolves duplicates and sorts) is honoured: the
// read throws Cancelled and leaves the IdSpace as it was.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>

#include "common/error.h"
#include "common/progress.h"
#include "core/io/io_test_support.h"
#include "io/readers.h"
#include "io/user_grouping.h"

using namespace ranklab;
using ranklab::test::TempDir;

namespace {

// Users interleaved (u0, u1, ..., u0, u1, ...) with a repeat of every tenth
// item: grouping copies, duplicates are resolved, keys are sorted.
std::string unsortedRunWithRepeats(int users, int perUser) {
    std::string text;
    for (int i = 0; i < perUser; ++i)
        for (int u = 0; u < users; ++u) {
            const int item = (i % 10 == 9) ? i - 1 : i;
            text += "u" + std::to_string(u) + "\ti" + std::to_string(item) + "\t" + std::to_string(perUser - i) + "\n";
        }
    return text;
}

GroupedLists someLists() {
    std::vector<Record> records;
    for (std::uint32_t u = 0; u < 3; ++u)
        for (std::uint32_t k = 0; k < 4; ++k) records.push_back(Record{2 - u, (7 * k + u) % 5, double(k)});
    return groupByUser(records, 3);
}

} // namespace

TEST(ReadCancelTest, ACancelWhenTheLastLineIsParsedStopsTheGroupingAndTheIdsStayAlone) {
    TempDir dir;
    const std::string path = dir.write("run.tsv", unsortedRunWithRepeats(200, 30));
    for (DuplicatePolicy policy : {DuplicatePolicy::First, DuplicatePolicy::Max}) {
        IdSpace ids;
        ids.users.intern("kept");
        // The parse reports 1.0 when the last line is in; the cancel comes then.
        Progress* self = nullptr;
        Progress progress([&](double fraction) {
            if (fraction >= 1.0) self->cancel();
        });
        self = &progress;
        ReadOptions options;
        options.format = FormatSpec::parse("tsv");
        options.duplicates = policy;
        options.parallelism = Parallelism(2);
        EXPECT_THROW(readRun(path, ids, options, &progress), Cancelled);
        EXPECT_EQ(ids.users.size(), 1u);
        EXPECT_EQ(ids.items.size(), 0u);
        // Without the cancel the same read succeeds (the run is good).
        IdSpace fresh;
        Progress quiet;
        EXPECT_EQ(readRun(path, fresh, options, &quiet).report.duplicatesDropped, 200u * 3u);
    }
}

TEST(ReadCancelTest, GroupingDuplicatesAndSortingEachCheckTheCancelToken) {
    Progress cancelled;
    cancelled.cancel();
    std::vector<Record> records{{1, 0, 1.0}, {0, 1, 2.0}, {1, 0, 3.0}};
    RecordColumns columns;
    columns.append(records);
    EXPECT_THROW(groupByUser(columns, 2, Parallelism(1), &cancelled), Cancelled);

    GroupedLists lists = someLists();
    DuplicateCounts counts;
    EXPECT_THROW(resolveDuplicates(lists, 5, DuplicatePolicy::Max, false, Parallelism(2), counts, &cancelled),
                 Cancelled);
    EXPECT_THROW(sortByKey(lists, Parallelism(2), &cancelled), Cancelled);
    // Not cancelled: they run (an independent check of the sort).
    Progress running;
    sortByKey(lists, Parallelism(2), &running);
    for (std::size_t u = 0; u < 3; ++u)
        for (std::uint64_t i = lists.index.begin(UserId(u)) + 1; i < lists.index.end(UserId(u)); ++i)
            EXPECT_LE(lists.keys[i - 1], lists.keys[i]);
}

TEST(ReadCancelTest, ACancelFromAnotherThreadWhileReadingIsSeen) {
    // RankLab's own threads under ThreadSanitizer: the read-ahead thread,
    // TBB's workers and a canceller thread share the Progress flag.
    TempDir dir;
    const std::string path = dir.write("run.tsv", unsortedRunWithRepeats(500, 200));
    IdSpace ids;
    // The first report waits until the other thread has cancelled: the
    // cancel lands while blocks are being read ahead and parsed.
    std::atomic<bool> started{false}, done{false};
    Progress watched([&](double) {
        started = true;
        while (!done) std::this_thread::yield();
    });
    Progress part(watched, 0, 1);
    std::thread canceller([&] {
        while (!started) std::this_thread::yield();
        watched.cancel();
        done = true;
    });
    ReadOptions options;
    options.format = FormatSpec::parse("tsv");
    options.duplicates = DuplicatePolicy::Max;
    options.parallelism = Parallelism(2);
    options.blockBytes = 4096;
    options.chunkBytes = 1024;
    bool cancelled = false;
    try {
        (void)readRun(path, ids, options, &part);
    } catch (const Cancelled&) {
        cancelled = true;
    }
    canceller.join();
    EXPECT_TRUE(cancelled);
    EXPECT_EQ(ids.users.size(), 0u);
}

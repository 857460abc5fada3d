// RecordColumns: entries kept in file order as key and value columns plus
// user stretches, however they were added, and grouped by user from there.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "io/record.h"
#include "io/user_grouping.h"

using namespace ranklab;

namespace {

Record recordAt(std::uint32_t i) { return {i / 100, i, 0.5 * i}; }

std::vector<Record> all(const RecordColumns& columns) {
    std::vector<Record> out;
    columns.forEach([&](const Record& r) { out.push_back(r); });
    return out;
}

void expectSequence(const RecordColumns& columns, std::uint32_t n) {
    std::vector<Record> got = all(columns);
    ASSERT_EQ(got.size(), n);
    ASSERT_EQ(columns.size(), n);
    for (std::uint32_t i = 0; i < n; ++i) {
        ASSERT_EQ(got[i].user, recordAt(i).user) << i;
        ASSERT_EQ(got[i].key, i);
        ASSERT_EQ(got[i].value, 0.5 * i);
    }
}

} // namespace

TEST(RecordColumnsTest, OneByOneMergesConsecutiveEntriesOfAUser) {
    RecordColumns columns;
    EXPECT_TRUE(columns.empty());
    const std::uint32_t n = 1'000'000;  // grows past several reallocations
    for (std::uint32_t i = 0; i < n; ++i) columns.push_back(recordAt(i));
    expectSequence(columns, n);
    ASSERT_EQ(columns.stretches().size(), n / 100);
    EXPECT_EQ(columns.stretches()[7].user, 7u);
    EXPECT_EQ(columns.stretches()[7].length, 100u);
    EXPECT_TRUE(columns.groupedInIdOrder());
}

TEST(RecordColumnsTest, ExtendFilledInPlaceAndAppendAgreeWithPushBack) {
    RecordColumns columns;
    columns.reserve(10);  // less than needed: the columns still grow
    std::uint32_t next = 0;
    for (std::size_t n : {3u, 70'000u, 1u, 500'000u, 0u, 12u}) {
        std::vector<Record> batch;
        for (std::size_t i = 0; i < n; ++i) batch.push_back(recordAt(next++));
        if (n % 2 == 0) {
            columns.append(batch);
        } else {
            const std::size_t base = columns.size();
            columns.extend(n);
            for (std::size_t i = 0; i < n; ++i) {
                *columns.keysAt(base + i) = batch[i].key;
                *columns.valuesAt(base + i) = batch[i].value;
                columns.addStretch(batch[i].user, 1);
            }
        }
    }
    expectSequence(columns, next);
    columns.clear();
    EXPECT_TRUE(columns.empty());
    EXPECT_TRUE(columns.stretches().empty());
}

TEST(RecordColumnsTest, UsersOutOfIdOrderOrSplitAreNotGroupedAlready) {
    RecordColumns split;
    for (Record r : {Record{0, 1, 0}, Record{1, 2, 0}, Record{0, 3, 0}}) split.push_back(r);
    EXPECT_FALSE(split.groupedInIdOrder());
    RecordColumns descending;
    for (Record r : {Record{2, 1, 0}, Record{1, 2, 0}}) descending.push_back(r);
    EXPECT_FALSE(descending.groupedInIdOrder());
    RecordColumns gaps;  // users without entries in between are fine
    for (Record r : {Record{1, 1, 0}, Record{5, 2, 0}, Record{5, 3, 0}}) gaps.push_back(r);
    EXPECT_TRUE(gaps.groupedInIdOrder());
}

// Grouping, whichever path it takes, equals a stable bucket sort by user
// computed here directly.
TEST(RecordColumnsTest, GroupingEqualsAStableSortByUser) {
    for (bool interleaved : {false, true}) {
        std::vector<Record> records;
        const std::uint32_t users = 1000;
        for (std::uint32_t i = 0; i < 200'000; ++i) {
            std::uint32_t user = interleaved ? (i * 7919u) % users : i / 200;
            records.push_back({user, i, double(i % 97)});
        }
        std::map<std::uint32_t, std::vector<Record>> expected;
        for (const Record& r : records) expected[r.user].push_back(r);

        RecordColumns columns;
        columns.append(records);
        EXPECT_EQ(columns.groupedInIdOrder(), !interleaved);
        GroupedLists lists = groupByUser(columns, users + 3, Parallelism(2));
        EXPECT_TRUE(columns.empty());
        ASSERT_EQ(lists.index.userCount(), users + 3);
        ASSERT_EQ(lists.keys.size(), records.size());
        for (std::uint32_t u = 0; u < users + 3; ++u) {
            const std::vector<Record>& want = expected[u];
            ASSERT_EQ(lists.index.count(u), want.size()) << u;
            for (std::size_t j = 0; j < want.size(); ++j) {
                ASSERT_EQ(lists.keys[lists.index.begin(u) + j], want[j].key);
                ASSERT_EQ(lists.values[lists.index.begin(u) + j], want[j].value);
            }
        }
    }
}

TEST(RecordColumnsTest, TakeLeadingUsersTakesWholeUsersAndKeepsTheLastUnlessAll) {
    RecordColumns r;
    for (std::uint32_t user : {3u, 3u, 1u, 1u, 1u, 7u, 2u, 2u})
        r.push_back({user, user * 10, double(r.size())});
    // 3 (2 entries), 1 (3), 7 (1), 2 (2): at most 5 entries -> users 3 and 1.
    RecordColumns head = r.takeLeadingUsers(5, false);
    ASSERT_EQ(head.stretches().size(), 2u);
    EXPECT_EQ(head.size(), 5u);
    EXPECT_EQ(head.values()[4], 4.0);
    EXPECT_EQ(r.size(), 3u);
    EXPECT_EQ(r.keys()[0], 70u);
    // One user at least, even past the limit; never the last one...
    head = r.takeLeadingUsers(0, false);
    EXPECT_EQ(head.size(), 1u);
    EXPECT_TRUE(r.takeLeadingUsers(100, false).empty());
    EXPECT_EQ(r.size(), 2u);
    // ...unless the file has ended.
    head = r.takeLeadingUsers(100, true);
    EXPECT_EQ(head.size(), 2u);
    EXPECT_EQ(head.stretches().front().user, 2u);
    EXPECT_TRUE(r.empty());
}

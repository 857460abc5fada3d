// Cohort files (`user group`) and exclusion files (`user item`).
#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

TEST(CohortsReadTest, UsersJoinTheWorkspaceGroupsGetTheirOwnNames) {
    TempDir dir;
    IdSpace ids;
    readJudgments(dir.write("q", "u1 0 a 1\nu2 0 a 1\n"), ids);
    auto loaded = readCohorts(dir.write("c.csv", "user,segment\nu2,new\nu3,old\nu1,new\nu2,new\n"), ids);
    EXPECT_EQ(loaded.report.format, "CSV with header (user=user, group=segment)");
    EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"u1", "u2", "u3"}));
    EXPECT_EQ(ids.items.size(), 1u);  // groups are not items
    const Cohorts& c = loaded.cohorts;
    EXPECT_EQ(c.groupCount(), 2u);
    EXPECT_EQ(c.groupName(c.groupOf(0)), "new");
    EXPECT_EQ(c.groupName(c.groupOf(1)), "new");
    EXPECT_EQ(c.groupName(c.groupOf(2)), "old");
    EXPECT_EQ(c.groupOf(99), Cohorts::none);
    EXPECT_EQ(c.assignedUsers(), 3u);
    EXPECT_EQ(loaded.report.users, 3u);
    EXPECT_EQ(loaded.report.items, 2u);
    EXPECT_EQ(loaded.report.records, 3u);
    EXPECT_EQ(loaded.report.identicalDuplicates, 1u);
    EXPECT_EQ(loaded.report.newUsers, 1u);
    EXPECT_EQ(loaded.report.lines, 5u);
}

TEST(CohortsReadTest, WithoutHeaderAndByColumnChoice) {
    TempDir dir;
    IdSpace ids;
    auto a = readCohorts(dir.write("c", "u1\tg1\nu2\tg2\n"), ids);
    EXPECT_EQ(a.report.format, "TSV without header (user=0, group=1)");
    EXPECT_EQ(a.cohorts.assignedUsers(), 2u);
    ReadOptions options;
    options.format = FormatSpec::parse("csv,header,user=id,group=country");
    auto b = readCohorts(dir.write("d", "country,age,id\nfr,30,u1\nde,40,u3\n"), ids, options);
    EXPECT_EQ(b.cohorts.groupName(b.cohorts.groupOf(ids.users.find("u3"))), "de");
    EXPECT_EQ(b.report.format, "CSV with header (user=id, group=country)");
}

TEST(CohortsReadTest, SkippedBadLinesAreReported) {
    TempDir dir;
    IdSpace ids;
    ReadOptions options;
    options.skipBadLines = true;
    auto loaded = readCohorts(dir.write("c", "u1 g1\nu2\nu3 g2\n"), ids, options);
    EXPECT_EQ(loaded.report.skippedLines, 1u);
    ASSERT_EQ(loaded.report.firstSkipped.size(), 1u);
    EXPECT_EQ(loaded.report.firstSkipped[0].line, 2u);
    EXPECT_EQ(loaded.report.warnings, (std::vector<std::string>{"1 bad lines skipped"}));
    EXPECT_EQ(loaded.cohorts.assignedUsers(), 2u);
}

TEST(ExclusionsReadTest, SortedPerUserWithoutRepeats) {
    TempDir dir;
    IdSpace ids;
    readRun(dir.write("r", "u1 c 1\nu1 b 1\nu1 a 1\n"), ids);  // c=0, b=1, a=2
    auto loaded = readExclusions(dir.write("x", "u1 a\nu1 c\nu2 b\nu1 a\n"), ids);
    auto items = loaded.exclusions.items(0);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[0], ids.items.find("c"));
    EXPECT_EQ(items[1], ids.items.find("a"));
    EXPECT_TRUE(loaded.exclusions.contains(1, ids.items.find("b")));
    EXPECT_FALSE(loaded.exclusions.contains(1, ids.items.find("a")));
    EXPECT_EQ(loaded.report.identicalDuplicates, 1u);
    EXPECT_EQ(loaded.report.records, 3u);
    EXPECT_EQ(loaded.report.users, 2u);
    EXPECT_EQ(loaded.report.newUsers, 1u);
}

TEST(ExclusionsReadTest, ExtraColumnsAreFineWhenDeclared) {
    TempDir dir;
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("csv,header,user=uid,item=iid");
    auto loaded = readExclusions(dir.write("x.csv", "ts,uid,iid,rating\n1,u1,a,5\n2,u1,b,4\n"), ids, options);
    EXPECT_EQ(loaded.exclusions.size(), 2u);
}

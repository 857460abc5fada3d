// CSR per-user tables: UserIndex, Run, Judgments, Exclusions, Cohorts.
#include <gtest/gtest.h>

#include "data/cohorts.h"
#include "data/exclusions.h"
#include "data/judgments.h"
#include "data/run.h"
#include "data/user_lists.h"

using namespace ranklab;

TEST(UserIndexTest, RangesPerUserAndUsersPastTheEndAreEmpty) {
    UserIndex index({0, 2, 2, 5});
    EXPECT_EQ(index.userCount(), 3u);
    EXPECT_EQ(index.begin(0), 0u);
    EXPECT_EQ(index.end(0), 2u);
    EXPECT_EQ(index.count(1), 0u);
    EXPECT_EQ(index.count(2), 3u);
    EXPECT_EQ(index.count(3), 0u);
    EXPECT_EQ(index.count(1000), 0u);
    EXPECT_EQ(index.entries(), 5u);
    EXPECT_EQ(index.nonEmptyUsers(), 2u);
    UserIndex empty;
    EXPECT_EQ(empty.userCount(), 0u);
    EXPECT_EQ(empty.entries(), 0u);
    EXPECT_EQ(empty.count(0), 0u);
}

TEST(RunTableTest, SlicesPerUser) {
    ranklab::Run run(UserIndex({0, 2, 3}), {5, 4, 9}, {0.5, 0.25, 1.0});
    EXPECT_EQ(run.size(), 3u);
    ASSERT_EQ(run.items(0).size(), 2u);
    EXPECT_EQ(run.items(0)[1], 4u);
    EXPECT_EQ(run.scores(1)[0], 1.0);
    EXPECT_TRUE(run.hasUser(1));
    EXPECT_FALSE(run.hasUser(2));
    EXPECT_TRUE(run.items(7).empty());
    EXPECT_GE(run.memoryBytes(), 3 * 8 + 3 * 4 + 3 * 8u);
}

TEST(JudgmentsTableTest, GradeLooksUpBySortedItem) {
    Judgments j(UserIndex({0, 3, 4}), {1, 4, 7, 2}, {1, 0, 2, 3});
    EXPECT_EQ(j.grade(0, 4), 0.0);
    EXPECT_EQ(j.grade(0, 7), 2.0);
    EXPECT_FALSE(j.grade(0, 2).has_value());
    EXPECT_EQ(j.grade(1, 2), 3.0);
    EXPECT_FALSE(j.grade(5, 1).has_value());
    EXPECT_FALSE(Judgments().grade(0, 0).has_value());
}

TEST(ExclusionsTableTest, ContainsBySortedItem) {
    Exclusions x(UserIndex({0, 2}), {3, 8});
    EXPECT_TRUE(x.contains(0, 8));
    EXPECT_FALSE(x.contains(0, 4));
    EXPECT_FALSE(x.contains(1, 3));
    EXPECT_FALSE(Exclusions().contains(0, 0));
}

TEST(CohortsTableTest, GroupOfEachUser) {
    auto groups = std::make_shared<Interner>();
    groups->intern("a");
    groups->intern("b");
    Cohorts c({1, Cohorts::none, 0}, groups);
    EXPECT_EQ(c.groupOf(0), 1u);
    EXPECT_EQ(c.groupOf(1), Cohorts::none);
    EXPECT_EQ(c.groupOf(9), Cohorts::none);
    EXPECT_EQ(c.groupName(c.groupOf(2)), "a");
    EXPECT_EQ(c.assignedUsers(), 2u);
    EXPECT_EQ(c.groupCount(), 2u);
    EXPECT_EQ(Cohorts().groupCount(), 0u);
}

// Users into cohorts: by relevant items, by activity, by attribute; every
// averaged user in exactly one cohort.
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "eval/cohort_grouping.h"
#include "io/dataset_loader.h"

using namespace ranklab;
using ranklab::testing::Triple;

namespace {

const std::string kDir = std::string(RANKLAB_TEST_DATA) + "/cohorts/";

// User uN has N relevant items (N = 0..12) and one non-relevant one.
Dataset relevantCounts() {
    std::vector<Triple> qrels, run;
    for (int n = 0; n <= 12; ++n) {
        const std::string u = "u" + std::to_string(n);
        for (int i = 0; i < n; ++i) qrels.emplace_back(u, "i" + std::to_string(i), 1);
        qrels.emplace_back(u, "z", 0);
        run.emplace_back(u, "z", 1);
    }
    return ranklab::testing::makeDataset(qrels, {{"m", run}});
}

Dataset cohortFiles() {
    DatasetSources sources;
    sources.judgments = kDir + "qrels.txt";
    sources.runs.push_back({"A", kDir + "A.run", {}});
    sources.runs.push_back({"B", kDir + "B.run", {}});
    sources.exclusions = kDir + "train.tsv";
    sources.cohorts = kDir + "groups.tsv";
    return loadDataset(sources, ReadOptions{});
}

std::vector<std::size_t> sizes(const CohortAssignment& a) {
    std::vector<std::size_t> out(a.labels.size(), 0);
    for (std::size_t c : a.cohortOfRow) ++out.at(c);
    return out;
}

std::vector<UserId> allUsers(const Dataset& data, UsersPolicy policy) {
    return selectUsers(data, policy, 1.0).users;
}

} // namespace

TEST(CohortGroupingTest, DefaultRelevantBinsPutEveryUserInExactlyOneCohort) {
    const Dataset data = relevantCounts();
    const auto users = allUsers(data, UsersPolicy::Relevant);  // u1..u12
    ASSERT_EQ(users.size(), 12u);
    const CohortAssignment a = assignCohorts(data, users, CohortSpec{});
    EXPECT_EQ(a.labels, (std::vector<std::string>{"1", "2", "3-5", "6-10", "11+"}));
    // By hand: R = 1 | 2 | 3, 4, 5 | 6..10 | 11, 12.
    EXPECT_EQ(sizes(a), (std::vector<std::size_t>{1, 1, 3, 5, 2}));
    ASSERT_EQ(a.cohortOfRow.size(), users.size());
    for (std::size_t row = 0; row < users.size(); ++row)
        EXPECT_TRUE(a.bins[a.cohortOfRow[row]].contains(a.valueOfRow[row])) << row;
}

TEST(CohortGroupingTest, AValueOutsideEveryBinGoesToOther) {
    const Dataset data = relevantCounts();
    const auto users = allUsers(data, UsersPolicy::All);  // u0..u12; u0 has R = 0
    ASSERT_EQ(users.size(), 13u);
    const CohortAssignment a = assignCohorts(data, users, CohortSpec{});
    EXPECT_EQ(a.labels.back(), "(other)");
    EXPECT_EQ(sizes(a), (std::vector<std::size_t>{1, 1, 3, 5, 2, 1}));
    CohortSpec spec;
    spec.bins = parseCountBins("0,1-6,7+");
    EXPECT_EQ(sizes(assignCohorts(data, users, spec)), (std::vector<std::size_t>{1, 6, 6}));
}

TEST(CohortGroupingTest, RelevantQuantilesAndTheThreshold) {
    const Dataset data = relevantCounts();
    const auto users = allUsers(data, UsersPolicy::Relevant);
    CohortSpec spec;
    spec.quantiles = 2;  // 1..12: the cut before sorted[6] = 7
    const CohortAssignment a = assignCohorts(data, users, spec);
    EXPECT_EQ(a.labels, (std::vector<std::string>{"1-6", "7-12"}));
    EXPECT_EQ(sizes(a), (std::vector<std::size_t>{6, 6}));
    spec = CohortSpec{};
    spec.relevanceThreshold = 2;  // no grade reaches 2: every R is 0
    EXPECT_EQ(assignCohorts(data, users, spec).labels.back(), "(other)");
}

TEST(CohortGroupingTest, ActivityQuartilesFromTheExclusionsFile) {
    const Dataset data = cohortFiles();
    const auto users = allUsers(data, UsersPolicy::Relevant);  // u1..u7
    CohortSpec spec;
    spec.by = CohortGrouping::Activity;
    const CohortAssignment a = assignCohorts(data, users, spec);
    // README: activity 1..7, quartile bins 1 | 2-3 | 4-5 | 6-7.
    EXPECT_EQ(a.labels, (std::vector<std::string>{"1", "2-3", "4-5", "6-7"}));
    EXPECT_EQ(sizes(a), (std::vector<std::size_t>{1, 2, 2, 2}));
    EXPECT_EQ(a.valueOfRow, (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6, 7}));
}

TEST(CohortGroupingTest, AttributeGroupsInFileOrderWithNoneLast) {
    const Dataset data = cohortFiles();
    const auto users = allUsers(data, UsersPolicy::Relevant);
    CohortSpec spec;
    spec.by = CohortGrouping::Attribute;
    const CohortAssignment a = assignCohorts(data, users, spec);
    EXPECT_EQ(a.labels, (std::vector<std::string>{"g1", "g2", "g3", "(none)"}));
    EXPECT_EQ(sizes(a), (std::vector<std::size_t>{4, 2, 0, 1}));  // u8 of g3 is not averaged; u7 has no group
}

TEST(CohortGroupingTest, AGroupingWithoutItsFileIsAClearError) {
    const Dataset data = relevantCounts();
    const auto users = allUsers(data, UsersPolicy::Relevant);
    CohortSpec spec;
    spec.by = CohortGrouping::Activity;
    EXPECT_THROW(assignCohorts(data, users, spec), Error);
    spec.by = CohortGrouping::Attribute;
    try {
        assignCohorts(data, users, spec);
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("--cohorts"), std::string::npos) << e.what();
    }
}

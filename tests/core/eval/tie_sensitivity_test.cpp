// The tie-sensitivity band: docs/metrics.md worked example 4, a run without ties,
// and the two user shares on lists built so that they differ.
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "eval/tie_sensitivity.h"
#include "eval/tie_structure.h"

using namespace ranklab;
using ranklab::testing::Triple;

namespace {

EvalSettings settingsFor(const std::string& metrics) {
    EvalSettings s;
    s.metrics = expandMetrics(metrics, {});
    s.parallelism = Parallelism(1);
    return s;
}

// One user, ten items with equal scores, items 3 and 7 relevant.
Dataset allTied() {
    std::vector<Triple> run;
    for (int i = 1; i <= 10; ++i) run.emplace_back("u", "i" + std::to_string(i), 0.5);
    return ranklab::testing::makeDataset({{"u", "i3", 1}, {"u", "i7", 1}}, {{"tied", run}});
}

} // namespace

TEST(TieSensitivityTest, WorkedExampleFourBracketsTheExpectedValue) {
    const Dataset data = allTied();
    RankCache cache;
    const TieSensitivity t = analyzeTies(data, settingsFor("precision@1,hr@3"), cache);
    ASSERT_EQ(t.models.size(), 1u);
    const auto& p1 = t.models[0].bands[0];
    const auto& hr3 = t.models[0].bands[1];
    // docs/metrics.md example 4: expected 0.2 and 1 − C(8,3)/C(10,3) = 8/15; optimistic 1 and 1; pessimistic 0 and 0.
    EXPECT_EQ(p1.metricId, "precision@1");
    EXPECT_NEAR(p1.chosen, 0.2, 1e-12);
    EXPECT_DOUBLE_EQ(p1.optimistic, 1.0);
    EXPECT_DOUBLE_EQ(p1.pessimistic, 0.0);
    EXPECT_DOUBLE_EQ(p1.width(), 1.0);
    EXPECT_NEAR(hr3.chosen, 8.0 / 15.0, 1e-12);
    EXPECT_DOUBLE_EQ(hr3.optimistic, 1.0);
    EXPECT_DOUBLE_EQ(hr3.pessimistic, 0.0);
    // The only user is affected and has ties in its top k; all 10 items are tied.
    EXPECT_EQ(t.users, 1u);
    EXPECT_EQ(p1.affectedUsers, 1u);
    EXPECT_EQ(p1.tiedInTopUsers, 1u);
    EXPECT_EQ(hr3.affectedUsers, 1u);
    EXPECT_DOUBLE_EQ(t.models[0].tiedShare(), 1.0);
}

TEST(TieSensitivityTest, WithoutTiesTheBandIsAPointAndTheSharesAreZero) {
    std::vector<Triple> run;
    for (int i = 1; i <= 10; ++i) run.emplace_back("u", "i" + std::to_string(i), 1.0 / i);
    run.emplace_back("v", "i1", 0.3);
    run.emplace_back("v", "i3", 0.7);
    const Dataset data = ranklab::testing::makeDataset({{"u", "i3", 1}, {"u", "i7", 1}, {"v", "i1", 2}}, {{"distinct", run}});
    RankCache cache;
    const TieSensitivity t = analyzeTies(data, settingsFor("precision@1,hr@3,ndcg@5,ap@all"), cache);
    EXPECT_EQ(t.users, 2u);
    for (const auto& band : t.models[0].bands) {
        EXPECT_DOUBLE_EQ(band.width(), 0.0) << band.metricId;
        EXPECT_DOUBLE_EQ(band.chosen, band.optimistic) << band.metricId;
        EXPECT_EQ(band.affectedUsers, 0u) << band.metricId;
        EXPECT_EQ(band.tiedInTopUsers, 0u) << band.metricId;
    }
    EXPECT_EQ(t.models[0].tiedEntries, 0u);
    EXPECT_EQ(t.models[0].entries, 12u);
}

TEST(TieSensitivityTest, ATieAmongUnjudgedItemsIsInTheTopButChangesNoMetric) {
    // Scores: a 3 (relevant), b 2, c 2, d 1. The tie {b, c} holds positions 2-3.
    const Dataset data = ranklab::testing::makeDataset(
        {{"u", "a", 1}}, {{"m", {Triple{"u", "a", 3}, Triple{"u", "b", 2}, Triple{"u", "c", 2}, Triple{"u", "d", 1}}}});
    RankCache cache;
    const TieSensitivity t = analyzeTies(data, settingsFor("precision@1,precision@2,ndcg@3"), cache);
    const auto& bands = t.models[0].bands;
    EXPECT_EQ(bands[0].tiedInTopUsers, 0u);  // top 1 = {a}: no tie
    EXPECT_EQ(bands[1].tiedInTopUsers, 1u);  // the group {b, c} crosses position 2
    EXPECT_EQ(bands[2].tiedInTopUsers, 1u);  // both tied items in the top 3
    for (const auto& band : bands) EXPECT_EQ(band.affectedUsers, 0u) << band.metricId;  // b, c unjudged
    EXPECT_EQ(t.models[0].tiedEntries, 2u);
}

TEST(TieSensitivityTest, ATieInsideTheTopKChangesNdcgButNotPrecision) {
    // Scores: a 2 (grade 1), b 2 (unjudged), c 1 (grade 1). Inside the top 2 the order of {a, b}
    // changes ndcg@2 (a at 1 or 2) but never precision@2 (always a among the first two).
    const Dataset data = ranklab::testing::makeDataset(
        {{"u", "a", 1}, {"u", "c", 1}}, {{"m", {Triple{"u", "a", 2}, Triple{"u", "b", 2}, Triple{"u", "c", 1}}}});
    RankCache cache;
    const TieSensitivity t = analyzeTies(data, settingsFor("precision@2,ndcg@2"), cache);
    EXPECT_EQ(t.models[0].bands[0].affectedUsers, 0u);
    EXPECT_EQ(t.models[0].bands[1].affectedUsers, 1u);
    // ndcg@2 by hand: ideal 1 + 1/log2(3); optimistic a first: 1 / ideal; pessimistic a second: (1/log2 3) / ideal.
    const double ideal = 1 + 1 / std::log2(3.0);
    EXPECT_NEAR(t.models[0].bands[1].optimistic, 1 / ideal, 1e-12);
    EXPECT_NEAR(t.models[0].bands[1].pessimistic, (1 / std::log2(3.0)) / ideal, 1e-12);
}

TEST(TieStructureTest, FirstTieIsThePositionOfTheFirstEqualPairAfterExclusions) {
    const Dataset data = ranklab::testing::makeDataset(
        {{"u", "a", 1}}, {{"m", {Triple{"u", "x", 9}, Triple{"u", "a", 5}, Triple{"u", "b", 5}, Triple{"u", "c", 9}}}});
    const TieStructure all = findTies(data.models[0].run, nullptr, Parallelism(1));
    const UserId u = data.ids.users.find("u");
    EXPECT_EQ(all.firstTieOf(u), 0u);  // x and c share 9 at positions 1-2
    EXPECT_EQ(all.tiedEntries[u], 4u);
}

TEST(TieSensitivityTest, CancelStopsTheWork) {
    const Dataset data = allTied();
    RankCache cache;
    Progress progress;
    progress.cancel();
    EXPECT_THROW(analyzeTies(data, settingsFor("precision@1"), cache, &progress), Cancelled);
}

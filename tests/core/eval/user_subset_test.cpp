// EvalSettings::onlyUsers: evaluate(), computeCurves() and
// computeRankDistributions() over a subset of users agree with the rows of
// the whole evaluation for those users (an independent path: the subset's
// mean recomputed from the unrestricted per-user table), and the counts
// describe the subset.
#include <algorithm>
#include <memory>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "eval/metric_curve.h"
#include "compare/rank_distribution.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

Dataset sample() {
    return makeDataset({{"u1", "a", 1}, {"u1", "c", 2}, {"u2", "b", 1}, {"u3", "d", 1}, {"u3", "a", 1}, {"u4", "x", 0}},
                       {{"m", {{"u1", "a", 3}, {"u1", "b", 2}, {"u1", "c", 1},
                               {"u2", "a", 3}, {"u2", "b", 1},
                               {"u3", "c", 2}, {"u3", "d", 2}, {"u3", "a", 1}}}});
}

EvalSettings settings() {
    EvalSettings s;
    s.metrics = expandMetrics("ndcg,recall,rr", {1, 2, 3});
    s.parallelism = Parallelism(1);
    return s;
}

UserId idOf(const Dataset& d, const char* name) { return d.ids.users.find(name); }

} // namespace

TEST(UserSubset, EvaluateAveragesOnlyTheSubsetRows) {
    const Dataset data = sample();
    RankCache cache;
    const Evaluation whole = evaluate(data, settings(), cache);
    ASSERT_EQ(whole.users.size(), 3u);  // u4 has no relevant item

    EvalSettings s = settings();
    // u4 is in the subset but not averaged by the policy; it stays out.
    std::vector<UserId> keep{idOf(data, "u1"), idOf(data, "u3"), idOf(data, "u4")};
    std::sort(keep.begin(), keep.end());
    s.onlyUsers = std::make_shared<const std::vector<UserId>>(keep);
    const Evaluation part = evaluate(data, s, cache);
    ASSERT_EQ(part.users.size(), 2u);
    EXPECT_EQ(part.counts.evaluated, 2u);
    EXPECT_EQ(part.counts.qrelsOnly, whole.counts.qrelsOnly);
    for (std::size_t metric = 0; metric < whole.metricCount(); ++metric) {
        double sum = 0;
        for (std::size_t row = 0; row < whole.users.size(); ++row)
            if (whole.users[row] != idOf(data, "u2")) sum += whole.value(0, row, metric);
        EXPECT_NEAR(part.models[0].means[metric], sum / 2, 1e-15) << whole.settings.metrics[metric].id();
    }
    // By hand: u1's first relevant item is at rank 1; u3's relevant d ties
    // with c at ranks 1-2, so its expected RR is (1 + 1/2) / 2 = 3/4.
    // MRR@3 over the two = (1 + 3/4) / 2.
    EXPECT_DOUBLE_EQ(part.models[0].means[part.metricIndex("rr@3")], 0.875);
}

TEST(UserSubset, CurvesAndRankDistributionsHonourTheSubset) {
    const Dataset data = sample();
    RankCache cache;
    EvalSettings s = settings();
    s.metrics.clear();
    s.onlyUsers = std::make_shared<const std::vector<UserId>>(std::vector<UserId>{idOf(data, "u2")});
    CurveOptions options;
    options.bands = false;
    const CurveResult curves = computeCurves(data, parseCurveMetrics("recall"), s, options, cache);
    EXPECT_EQ(curves.counts.evaluated, 1u);
    // u2: its one relevant item b at rank 2.
    ASSERT_GE(curves.curve(0, 0).mean.size(), 2u);
    EXPECT_DOUBLE_EQ(curves.curve(0, 0).mean[0], 0.0);
    EXPECT_DOUBLE_EQ(curves.curve(0, 0).mean[1], 1.0);

    const RankDistributions ranks = computeRankDistributions(data, s, 0, cache);
    EXPECT_EQ(ranks.counts.evaluated, 1u);
    ASSERT_EQ(ranks.models.size(), 1u);
    EXPECT_DOUBLE_EQ(ranks.models[0].first.total, 1.0);
    EXPECT_DOUBLE_EQ(ranks.models[0].first.counts.at(1), 1.0);
}

TEST(UserSubset, AnUnsortedSubsetIsAnError) {
    const Dataset data = sample();
    RankCache cache;
    EvalSettings s = settings();
    s.onlyUsers = std::make_shared<const std::vector<UserId>>(std::vector<UserId>{idOf(data, "u3"), idOf(data, "u1")});
    EXPECT_THROW(evaluate(data, s, cache), Error);
}

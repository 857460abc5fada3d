// computeCurveDifferences(): Δ(k) against a brute force over evaluate()'s
// per-user table at every cutoff (mean of the per-user differences, the t
// interval from Boost.Math's Student t quantile computed here), the paired
// bootstrap against stats::pairedBootstrap on the same two columns, a
// two-user example by hand, and the zero crossings.
#include <cmath>

#include <boost/math/distributions/students_t.hpp>
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "eval/curve_difference.h"
#include "stats/keyed_bootstrap.h"
#include "stats/paired_bootstrap.h"
#include "common/random.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

// `users` users with 15 items each, every item relevant with probability
// 0.3 (grade 1 or 2); model m's scores favour relevant items by m.
Dataset threeModels(std::size_t users, std::uint64_t seed) {
    synth::Rng rng(seed);
    std::vector<Triple> qrels;
    std::vector<std::pair<std::string, std::vector<Triple>>> runs{{"a", {}}, {"b", {}}, {"c", {}}};
    for (std::size_t u = 0; u < users; ++u) {
        const std::string user = "u" + std::to_string(u);
        for (int i = 0; i < 15; ++i) {
            const std::string item = "i" + std::to_string(i);
            const bool relevant = rng.next() % 10 < 3;
            if (relevant) qrels.emplace_back(user, item, double(1 + rng.next() % 2));
            for (std::size_t m = 0; m < runs.size(); ++m)
                runs[m].second.emplace_back(user, item, double(rng.next() % 100) + (relevant ? 40.0 * double(m) : 0));
        }
    }
    return makeDataset(qrels, runs);
}

EvalSettings oneThread() {
    EvalSettings s;
    s.parallelism = Parallelism(1);
    return s;
}

std::vector<double> column(const Evaluation& eval, std::size_t model, std::size_t metric) {
    std::vector<double> out;
    for (std::size_t row = 0; row < eval.users.size(); ++row) out.push_back(eval.value(model, row, metric));
    return out;
}

} // namespace

TEST(CurveDifferenceTest, DeltaAndTBandEqualABruteForceOverThePerUserDifferences) {
    const Dataset data = threeModels(40, 5);
    CurveOptions options;
    options.bootstrap = false;
    options.level = 0.9;
    RankCache cache;
    const MetricSpec ndcg = parseCurveMetrics("ndcg").front();
    const CurveDifferenceResult r = computeCurveDifferences(data, ndcg, oneThread(), 1, options, cache);
    ASSERT_EQ(r.kmax, 15u);
    ASSERT_EQ(r.curves.size(), 3u);
    EXPECT_EQ(r.baselineName, "b");

    EvalSettings settings = oneThread();
    std::vector<std::uint32_t> ks;
    for (std::uint32_t k = 1; k <= r.kmax; ++k) ks.push_back(k);
    settings.metrics = expandMetrics("ndcg", ks);
    RankCache fresh;
    const Evaluation eval = evaluate(data, settings, fresh);
    ASSERT_EQ(eval.users.size(), r.counts.evaluated);
    const double n = double(eval.users.size());
    const boost::math::students_t t(n - 1);
    const double critical = boost::math::quantile(t, 0.95);  // two-sided 90%

    for (std::size_t m : {std::size_t(0), std::size_t(2)}) {
        const DifferenceCurve& c = r.curves[m];
        EXPECT_EQ(c.model, eval.models[m].name);
        ASSERT_EQ(c.delta.size(), r.kmax);
        for (std::uint32_t k = 1; k <= r.kmax; ++k) {
            const std::size_t col = eval.metricIndex("ndcg@" + std::to_string(k));
            const std::vector<double> model = column(eval, m, col), base = column(eval, 1, col);
            double sum = 0;
            for (std::size_t i = 0; i < model.size(); ++i) sum += model[i] - base[i];
            const double mean = sum / n;
            double squares = 0;
            for (std::size_t i = 0; i < model.size(); ++i) squares += std::pow(model[i] - base[i] - mean, 2);
            const double halfWidth = critical * std::sqrt(squares / (n - 1)) / std::sqrt(n);
            EXPECT_NEAR(c.delta[k - 1], mean, 1e-12) << m << " k " << k;
            EXPECT_NEAR(c.tLo[k - 1], mean - halfWidth, 1e-10) << m << " k " << k;
            EXPECT_NEAR(c.tHi[k - 1], mean + halfWidth, 1e-10) << m << " k " << k;
        }
    }
    // The baseline against itself: zero everywhere, no band.
    for (double d : r.curves[1].delta) EXPECT_EQ(d, 0.0);
    EXPECT_TRUE(r.curves[1].tLo.empty());
}

TEST(CurveDifferenceTest, BootstrapBandIsThePairedBootstrapAtEveryK) {
    const Dataset data = threeModels(25, 9);
    CurveOptions options;
    options.resamples = 500;
    options.seed = 3;
    RankCache cache;
    const MetricSpec recall = parseCurveMetrics("recall").front();
    const CurveDifferenceResult r = computeCurveDifferences(data, recall, oneThread(), 0, options, cache);

    EvalSettings settings = oneThread();
    std::vector<std::uint32_t> ks;
    for (std::uint32_t k = 1; k <= r.kmax; ++k) ks.push_back(k);
    settings.metrics = expandMetrics("recall", ks);
    const Evaluation eval = evaluate(data, settings, cache);
    stats::ResamplingOptions resampling;
    resampling.resamples = 500;
    resampling.seed = 3;
    for (std::uint32_t k = 1; k <= r.kmax; ++k) {
        const std::size_t col = eval.metricIndex("recall@" + std::to_string(k));
        const auto d = stats::differences(column(eval, 2, col), column(eval, 0, col));
        const std::span<const double> ds(d);
        const stats::BootstrapInterval b =
            stats::keyedBootstrapIntervals(eval.keysOfRows(), std::span<const std::span<const double>>(&ds, 1), 0.95,
                                           resampling)
                .front();
        EXPECT_DOUBLE_EQ(r.curves[2].bootLo[k - 1], b.lo) << k;
        EXPECT_DOUBLE_EQ(r.curves[2].bootHi[k - 1], b.hi) << k;
    }
}

TEST(CurveDifferenceTest, TwoUsersByHandWithTheKWhereTheModelsSwap) {
    // R = {x} for both users. Model "early" ranks x first, "late" third;
    // user 2's "early" list is [y, x, z] so at k = 1 it has recall 0.
    //   recall@1: early (1 + 0)/2, late 0      -> Δ(late − early) = −1/2
    //   recall@2: early (1 + 1)/2, late 0      -> −1
    //   recall@3: both 1                        -> 0
    const std::vector<Triple> qrels{{"u1", "x", 1}, {"u2", "x", 1}};
    const std::vector<Triple> early{{"u1", "x", 3}, {"u1", "y", 2}, {"u1", "z", 1},
                                    {"u2", "y", 3}, {"u2", "x", 2}, {"u2", "z", 1}};
    const std::vector<Triple> late{{"u1", "y", 3}, {"u1", "z", 2}, {"u1", "x", 1},
                                   {"u2", "y", 3}, {"u2", "z", 2}, {"u2", "x", 1}};
    const Dataset data = makeDataset(qrels, {{"early", early}, {"late", late}});
    CurveOptions options;
    options.bootstrap = false;
    RankCache cache;
    const CurveDifferenceResult r =
        computeCurveDifferences(data, parseCurveMetrics("recall").front(), oneThread(), 0, options, cache);
    ASSERT_EQ(r.kmax, 3u);
    const DifferenceCurve& c = r.curves[1];
    EXPECT_DOUBLE_EQ(c.delta[0], -0.5);
    EXPECT_DOUBLE_EQ(c.delta[1], -1.0);
    EXPECT_DOUBLE_EQ(c.delta[2], 0.0);
    // k = 1: differences {−1, 0}: mean −1/2, s = 1/√2, s/√2 = 1/2;
    // t_{0.975, 1} = 12.706204736174698 (scipy.stats.t.ppf(0.975, 1)).
    EXPECT_NEAR(c.tLo[0], -0.5 - 12.706204736174698 / 2, 1e-9);
    EXPECT_NEAR(c.tHi[0], -0.5 + 12.706204736174698 / 2, 1e-9);
    // k = 2: both differences −1: s = 0, the band is the point.
    EXPECT_EQ(c.tLo[1], -1.0);
    EXPECT_EQ(c.tHi[1], -1.0);
    EXPECT_TRUE(c.crossings.empty());  // touching 0 at k = 3 is no crossing
}

TEST(CurveDifferenceTest, ZeroCrossingsAreSignChangesWithTheInterpolatedK) {
    const auto c = zeroCrossings({-0.2, -0.1, 0.3, 0.0, 0.2, std::nan(""), -0.2, 0.0, 0.0, -0.1});
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(c[0].before, 2u);
    EXPECT_EQ(c[0].after, 3u);
    EXPECT_DOUBLE_EQ(c[0].at, 2.25);  // −0.1 at k = 2, 0.3 at k = 3
    EXPECT_EQ(c[1].before, 5u);       // 0.2 at k = 5, NaN at 6, −0.2 at 7
    EXPECT_EQ(c[1].after, 7u);
    EXPECT_DOUBLE_EQ(c[1].at, 6.0);
    EXPECT_TRUE(zeroCrossings({0.0, 0.1, 0.0, 0.2}).empty());
}

TEST(CurveDifferenceTest, RejectsABaselineOutOfRange) {
    const Dataset data = threeModels(5, 1);
    RankCache cache;
    EXPECT_THROW(computeCurveDifferences(data, parseCurveMetrics("ndcg").front(), oneThread(), 3, CurveOptions{},
                                         cache),
                 Error);
}

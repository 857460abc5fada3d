// The corrected sampled metrics: exact when every other item is sampled,
// closer to the full-catalogue metric than the naive sampled value in a
// simulation whose rank law is known, and keeping the order of two models
// that the naive value flips.
#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "eval/sampled_estimates.h"
#include "common/random.h"

using namespace ranklab;

namespace {

SampledRanks ranksOf(const std::vector<std::uint32_t>& best, const std::vector<std::uint32_t>& worst = {}) {
    SampledRanks r;
    for (std::size_t i = 0; i < best.size(); ++i) {
        r.users.push_back(UserId(i));
        r.best.push_back(best[i]);
        r.worst.push_back(worst.empty() ? best[i] : worst[i]);
    }
    return r;
}

stats::ResamplingOptions fewResamples() {
    stats::ResamplingOptions o;
    o.resamples = 20;
    o.parallelism = Parallelism(1);
    return o;
}

const SampledMetricEstimates& metric(const SampledModelEstimates& e, const std::string& id) {
    for (const auto& m : e.metrics)
        if (m.metric == id) return m;
    throw std::runtime_error("no metric " + id);
}

// A sampled rank drawn as the protocol does: N negatives without
// replacement out of M − 1, R − 1 of which score above the positive.
std::uint32_t drawSampledRank(synth::Rng& rng, std::uint32_t M, std::uint32_t N, std::uint32_t R) {
    std::uint32_t population = M - 1, above = R - 1, hits = 0;
    for (std::uint32_t d = 0; d < N; ++d, --population) {
        if (rng.below(population) < above) {
            ++hits;
            --above;
        }
    }
    return hits + 1;
}

} // namespace

TEST(SampledEstimatesTest, EveryCorrectionIsTheExactMetricWhenEveryOtherItemIsSampled) {
    // M = 20, N = 19: the sampled list is the catalogue. Ranks 1, 3, 7, 2:
    // ndcg@5 = (1 + 1/2 + 0 + 1/log2 3)/4, hr@3 = 3/4, rr@all = (1 + 1/3 + 1/7 + 1/2)/4.
    SampledSettings settings{.negatives = 19, .catalogSize = 20};
    const std::vector<MetricSpec> specs = {MetricSpec::parse("ndcg@5"), MetricSpec::parse("hr@3"),
                                           MetricSpec::parse("rr@all")};
    const SampledEstimator estimator(specs, settings);
    const auto e = estimator.estimate("m", ranksOf({1, 3, 7, 2}), fewResamples());
    const double exact[] = {(1 + 0.5 + 0 + 1 / std::log2(3.0)) / 4, 0.75, (1 + 1.0 / 3 + 1.0 / 7 + 0.5) / 4};
    for (std::size_t k = 0; k < 3; ++k) {
        const auto& m = e.metrics[k];
        EXPECT_NEAR(m.naive.value, exact[k], 1e-12) << m.metric;
        EXPECT_NEAR(m.rescaled.value, exact[k], 1e-12) << m.metric;
        EXPECT_NEAR(m.cls.value, exact[k], 1e-9) << m.metric;
        EXPECT_NEAR(m.bv.value, exact[k], 1e-9) << m.metric;
        EXPECT_NEAR(m.mle.value, exact[k], 1e-9) << m.metric;
    }
    // Full AUC (M − R)/(M − 1) averaged: (19 + 17 + 13 + 18)/19/4.
    EXPECT_NEAR(e.auc.value, (19.0 + 17 + 13 + 18) / 19 / 4, 1e-12);
}

TEST(SampledEstimatesTest, ExpectedTiesAverageTheMetricOverTheRanksOfTheTieGroup) {
    // One user whose positive shares its score with two negatives, one negative
    // above: ranks 2, 3, 4 equally likely. hr@2 = 1/3, rr@all = (1/2 + 1/3 + 1/4)/3.
    SampledSettings settings{.negatives = 4, .catalogSize = 5};
    const SampledEstimator estimator({MetricSpec::parse("hr@2"), MetricSpec::parse("rr@all")}, settings);
    const auto e = estimator.estimate("m", ranksOf({2}, {4}), fewResamples());
    EXPECT_NEAR(metric(e, "hr@2").naive.value, 1.0 / 3, 1e-12);
    EXPECT_NEAR(metric(e, "rr@all").naive.value, (0.5 + 1.0 / 3 + 0.25) / 3, 1e-12);
    // N = M − 1: the MLE spreads the user over the three ranks and is exact too.
    EXPECT_NEAR(metric(e, "hr@2").mle.value, 1.0 / 3, 1e-9);
}

TEST(SampledEstimatesTest, UnsupportedMetricsAreListedNotEstimated) {
    SampledSettings settings{.negatives = 4, .catalogSize = 50};
    const SampledEstimator estimator({MetricSpec::parse("dcg@5"), MetricSpec::parse("precision@all"),
                                      MetricSpec::parse("precision@5")},
                                     settings);
    EXPECT_EQ(estimator.unsupported(), (std::vector<std::string>{"dcg@5", "precision@all"}));
}

namespace {

struct Simulated {
    SampledRanks ranks;
    double trueHr10 = 0, trueNdcg10 = 0;
};

// Users whose full ranks come from `drawFull`, sampled with N of M.
template <typename Draw>
Simulated simulate(std::uint64_t seed, std::uint32_t M, std::uint32_t N, std::size_t users, Draw drawFull) {
    synth::Rng rng(seed);
    Simulated s;
    std::vector<std::uint32_t> sampled;
    for (std::size_t u = 0; u < users; ++u) {
        const std::uint32_t R = drawFull(rng);
        s.trueHr10 += R <= 10 ? 1.0 : 0.0;
        s.trueNdcg10 += R <= 10 ? 1.0 / std::log2(R + 1.0) : 0.0;
        sampled.push_back(drawSampledRank(rng, M, N, R));
    }
    s.trueHr10 /= double(users);
    s.trueNdcg10 /= double(users);
    s.ranks = ranksOf(sampled);
    return s;
}

} // namespace

TEST(SampledEstimatesTest, EachCorrectionIsCloserToTheFullMetricThanTheNaiveValueUnderAKnownRankLaw) {
    const std::uint32_t M = 1000, N = 99;
    const SampledEstimator estimator({MetricSpec::parse("hr@10"), MetricSpec::parse("ndcg@10")},
                                     SampledSettings{.negatives = N, .catalogSize = M});
    // Two rank laws: R uniform on 30..60, and R = 1 + a geometric count with mean 40.
    const Simulated uniform = simulate(7, M, N, 20000, [](synth::Rng& rng) { return 30 + rng.below(31); });
    const Simulated geometric = simulate(8, M, N, 20000, [&](synth::Rng& rng) {
        const double g = std::floor(std::log(1.0 - rng.uniform()) / std::log(1.0 - 1.0 / 41.0));
        return std::uint32_t(std::min<double>(M, 1.0 + g));
    });
    for (const Simulated* s : {&uniform, &geometric}) {
        const auto e = estimator.estimate("m", s->ranks, fewResamples());
        for (auto [id, truth] : {std::pair{"hr@10", s->trueHr10}, std::pair{"ndcg@10", s->trueNdcg10}}) {
            const auto& m = metric(e, id);
            const double naive = std::abs(m.naive.value - truth);
            EXPECT_GT(naive, 0.1) << id;  // the naive value is far off here
            EXPECT_LT(std::abs(m.rescaled.value - truth), naive) << id;
            EXPECT_LT(std::abs(m.cls.value - truth), naive) << id;
            EXPECT_LT(std::abs(m.bv.value - truth), naive) << id;
            EXPECT_LT(std::abs(m.mle.value - truth), naive) << id;
            // Every interval is a real interval around its estimate.
            EXPECT_LE(m.cls.interval.lo, m.cls.value);
            EXPECT_GE(m.cls.interval.hi, m.cls.value);
            EXPECT_LE(m.mle.interval.lo, m.mle.interval.hi);
        }
    }
}

TEST(SampledEstimatesTest, CorrectionsKeepTheOrderOfTwoModelsThatTheNaiveValueFlips) {
    const std::uint32_t M = 1000, N = 99;
    const SampledEstimator estimator({MetricSpec::parse("hr@10")}, SampledSettings{.negatives = N, .catalogSize = M});
    // A: 30% of users rank the positive in 1..5, the rest in 500..1000 (full hr@10 = 0.3).
    // B: every user ranks it in 30..60 (full hr@10 = 0), which the sample of 99 makes look good.
    const Simulated a = simulate(11, M, N, 20000, [](synth::Rng& rng) {
        return rng.chance(0.3) ? 1 + rng.below(5) : 500 + rng.below(501);
    });
    const Simulated b = simulate(12, M, N, 20000, [](synth::Rng& rng) { return 30 + rng.below(31); });
    ASSERT_GT(a.trueHr10, b.trueHr10 + 0.25);
    const auto ea = metric(estimator.estimate("a", a.ranks, fewResamples()), "hr@10");
    const auto eb = metric(estimator.estimate("b", b.ranks, fewResamples()), "hr@10");
    EXPECT_LT(ea.naive.value, eb.naive.value);  // the naive sampled value flips the order
    EXPECT_GT(ea.rescaled.value, eb.rescaled.value);
    EXPECT_GT(ea.cls.value, eb.cls.value);
    EXPECT_GT(ea.bv.value, eb.bv.value);
    EXPECT_GT(ea.mle.value, eb.mle.value);
}

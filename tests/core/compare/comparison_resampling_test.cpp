// compareEvaluation's resampling on hand-made Evaluations of the scipy
// golden cases: the bootstrap and randomization results equal brute-force
// computations written here (keyed by user, as keyed_bootstrap.h draws), and
// nothing depends on the thread count.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "compare/comparison.h"
#include "compare/model_comparison.h"
#include "core/compare/comparison_test_support.h"
#include "core/stats/golden_cases.h"
#include "stats/keyed_bootstrap.h"
#include "stats/resampled_means.h"

using namespace ranklab;
using namespace ranklab::stats;
using namespace ranklab::testing;
using golden::close;
using golden::pairedCase;
using golden::sameBits;

namespace {

// Two-sided sign-flip p by enumerating all 2^n sign vectors.
double enumeratedSignFlipP(const std::vector<double>& d) {
    const std::size_t n = d.size();
    double observed = 0;
    for (double v : d) observed += v;
    observed = std::fabs(observed / static_cast<double>(n));
    std::uint64_t count = 0;
    for (std::uint64_t signs = 0; signs < (std::uint64_t{1} << n); ++signs) {
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i) sum += (signs >> i & 1u) ? -d[i] : d[i];
        count += std::fabs(sum / static_cast<double>(n)) >= observed - 1e-12;
    }
    return static_cast<double>(count) / static_cast<double>(std::uint64_t{1} << n);
}

std::vector<double> minus(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> d;
    for (std::size_t i = 0; i < a.size(); ++i) d.push_back(a[i] - b[i]);
    return d;
}

// The bootstrap draws are keyed by user (keyed_bootstrap.h): the pair's
// interval is the keyed bootstrap of its differences with the same seed.
TEST(ComparisonTest, PairedBootstrapCiIsTheBootstrapOfTheDifferencesWithTheSameSeed) {
    const Evaluation e = threeModelEvaluation();
    const ComparisonOptions o = comparisonOptions({SignificanceTest::TTest}, Correction::Holm, std::nullopt);
    const Comparison c = compareEvaluation(e, o);
    for (const auto& pair : c.pairs) {
        ASSERT_TRUE(pair.ciBootstrap.has_value());
        const auto d = minus(perUserColumn(e, pair.a, pair.metric), perUserColumn(e, pair.b, pair.metric));
        const std::span<const double> dColumn(d);
        const BootstrapInterval alone =
            keyedBootstrapIntervals(e.keysOfRows(), std::span<const std::span<const double>>(&dColumn, 1), o.level,
                                    o.resampling)
                .front();
        EXPECT_NEAR(pair.ciBootstrap->lo, alone.lo, 1e-12);
        EXPECT_NEAR(pair.ciBootstrap->hi, alone.hi, 1e-12);
        EXPECT_EQ(pair.ciBootstrap->resamples, 2000u);
    }
    for (std::size_t m = 0; m < 3; ++m)
        for (std::size_t i = 0; i < 2; ++i) {
            const auto x = perUserColumn(e, m, i);
            const std::span<const double> xColumn(x);
            const BootstrapInterval alone =
                keyedBootstrapIntervals(e.keysOfRows(), std::span<const std::span<const double>>(&xColumn, 1), o.level,
                                        o.resampling)
                    .front();
            ASSERT_TRUE(c.means[m][i].bootstrap.has_value());
            EXPECT_NEAR(c.means[m][i].bootstrap->lo, alone.lo, 1e-12);
            EXPECT_NEAR(c.means[m][i].bootstrap->hi, alone.hi, 1e-12);
        }
}

TEST(ComparisonTest, BootstrapTestPCountsCentredResampledDifferencesAsExtremeAsTheObserved) {
    const Evaluation e = threeModelEvaluation();
    const ComparisonOptions o = comparisonOptions({SignificanceTest::Bootstrap}, Correction::None, std::nullopt);
    const Comparison c = compareEvaluation(e, o);
    for (const auto& pair : c.pairs) {
        // The one-sample bootstrap of d (same seed, so the same users drawn),
        // counted here: p = (1 + #{|d̄* − d̄| ≥ |d̄|}) / (1 + B).
        const auto d = minus(perUserColumn(e, pair.a, pair.metric), perUserColumn(e, pair.b, pair.metric));
        const double observed = std::accumulate(d.begin(), d.end(), 0.0) / static_cast<double>(d.size());
        const std::span<const double> column(d);
        const ResampledMeans means =
            keyedResampleMeans(e.keysOfRows(), std::span<const std::span<const double>>(&column, 1), o.resampling);
        std::size_t count = 0;
        for (double m : means.column(0)) count += std::fabs(m - observed) >= std::fabs(observed) - 1e-12;
        const double expected = (1.0 + static_cast<double>(count)) / 2001.0;
        const TestOutcome* outcome = pair.find(SignificanceTest::Bootstrap);
        ASSERT_NE(outcome, nullptr);
        EXPECT_DOUBLE_EQ(outcome->pvalue, expected) << pair.a << " vs " << pair.b << " on " << pair.metric;
        EXPECT_TRUE(close(outcome->statistic, observed, 1e-12, 1e-15));
        EXPECT_TRUE(sameBits(outcome->adjusted, outcome->pvalue));
    }
}

TEST(ComparisonTest, RandomizationPUpToSixteenUsersEqualsEnumerationOfEverySignVector) {
    const Evaluation e = threeModelEvaluation();
    const Comparison c =
        compareEvaluation(e, comparisonOptions({SignificanceTest::Randomization}, Correction::None, std::nullopt));
    for (const auto& pair : c.pairs) {
        const auto d = minus(perUserColumn(e, pair.a, pair.metric), perUserColumn(e, pair.b, pair.metric));
        EXPECT_EQ(pair.tests[0].pvalue, enumeratedSignFlipP(d)) << pair.a << " vs " << pair.b;
    }
    // And the golden counts of perm_n14 (scipy-side enumeration).
    const auto& g = pairedCase("perm_n14").json["randomization_exact"];
    EXPECT_EQ(c.find(0, 1, 1)->tests[0].pvalue,
              g["count_ge"].get<double>() / g["n_flips"].get<double>());
}

TEST(ComparisonTest, ResultsAreBitIdenticalForOneTwoAndEightThreads) {
    // 51 users: the randomization test draws random flips.
    const auto& c0 = pairedCase("ndcg_n51");
    const auto& c1 = pairedCase("nozero_n51");
    const Evaluation e =
        makeEvaluation("ndcg@10,ndcg@20", {"A", "B", "C"}, {{c0.a, c1.a}, {c0.b, c1.b}, {c1.b, c0.a}});
    auto run = [&](int threads) {
        ComparisonOptions o = comparisonOptions({SignificanceTest::TTest, SignificanceTest::Wilcoxon,
                                       SignificanceTest::Randomization, SignificanceTest::Bootstrap},
                                      Correction::Holm, std::nullopt);
        o.resampling.parallelism = Parallelism(threads);
        return compareEvaluation(e, o);
    };
    const Comparison one = run(1);
    for (int threads : {2, 8}) {
        const Comparison other = run(threads);
        ASSERT_EQ(other.pairs.size(), one.pairs.size());
        for (std::size_t p = 0; p < one.pairs.size(); ++p) {
            EXPECT_TRUE(sameBits(other.pairs[p].ciBootstrap->lo, one.pairs[p].ciBootstrap->lo));
            EXPECT_TRUE(sameBits(other.pairs[p].ciBootstrap->hi, one.pairs[p].ciBootstrap->hi));
            for (std::size_t t = 0; t < 4; ++t) {
                EXPECT_TRUE(sameBits(other.pairs[p].tests[t].statistic, one.pairs[p].tests[t].statistic));
                EXPECT_TRUE(sameBits(other.pairs[p].tests[t].pvalue, one.pairs[p].tests[t].pvalue));
                EXPECT_TRUE(sameBits(other.pairs[p].tests[t].adjusted, one.pairs[p].tests[t].adjusted));
            }
        }
        for (std::size_t m = 0; m < 3; ++m)
            for (std::size_t i = 0; i < 2; ++i) {
                EXPECT_TRUE(sameBits(other.means[m][i].bootstrap->lo, one.means[m][i].bootstrap->lo));
                EXPECT_TRUE(sameBits(other.means[m][i].bootstrap->hi, one.means[m][i].bootstrap->hi));
            }
    }
    // 51 users: the flips are random, p = (1 + count) / (1 + B).
    const double p = one.pairs[0].tests[2].pvalue;
    EXPECT_NEAR(p * 2001.0, std::round(p * 2001.0), 1e-9) << p;
}

} // namespace

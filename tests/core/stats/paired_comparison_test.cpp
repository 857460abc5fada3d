// comparePaired: one call runs the requested procedures; its results are the
// single procedures' results, bit for bit, and do not depend on the thread
// count.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "common/progress.h"
#include "stats/paired_bootstrap.h"
#include "stats/paired_comparison.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::close;
using golden::number;
using golden::sameBits;

namespace {

TEST(PairedComparisonTest, RunsOnlyTheRequestedProcedures) {
    const auto& c = golden::pairedCase("ndcg_n20");
    PairedOptions options;
    options.tests = PairedTests::TTest | PairedTests::Wilcoxon;
    const PairedComparison r = comparePaired(c.a, c.b, options);
    EXPECT_TRUE(r.tTest.has_value());
    EXPECT_TRUE(r.wilcoxon.has_value());
    EXPECT_FALSE(r.randomization.has_value());
    EXPECT_FALSE(r.bootstrapDiff.has_value());
    EXPECT_FALSE(r.bootstrapA.has_value());
    EXPECT_FALSE(r.ciDiff.has_value());
    // Always there: moments, d_z, wins/ties/losses.
    EXPECT_EQ(r.n, 20u);
    EXPECT_TRUE(close(r.cohensDz, number(c.json, "cohens_dz"), 1e-9));
    EXPECT_EQ(r.winsTiesLosses.wins + r.winsTiesLosses.ties + r.winsTiesLosses.losses, 20u);
}

TEST(PairedComparisonTest, AllProceduresMatchGoldenAndTheSingleFunctions) {
    const auto& c = golden::pairedCase("ndcg_n300");
    const PairedComparison r = comparePaired(c.a, c.b);
    ASSERT_TRUE(r.tTest && r.wilcoxon && r.randomization && r.bootstrapDiff && r.bootstrapA && r.bootstrapB &&
                r.ciA && r.ciB && r.ciDiff);
    EXPECT_TRUE(close(r.tTest->pvalue, number(c.json.at("ttest_rel"), "pvalue"), 1e-9));
    EXPECT_TRUE(close(r.wilcoxon->pvalue, number(c.json.at("wilcoxon").at("default"), "pvalue"), 1e-9));
    EXPECT_TRUE(close(r.ciA->lo, number(c.json.at("ci95_mean_a"), "lo"), 1e-9));
    EXPECT_TRUE(close(r.ciDiff->hi, number(c.json.at("ci95_mean_diff"), "hi"), 1e-9));

    const BootstrapInterval diff = pairedBootstrap(c.a, c.b);
    EXPECT_TRUE(sameBits(r.bootstrapDiff->lo, diff.lo));
    EXPECT_TRUE(sameBits(r.bootstrapDiff->hi, diff.hi));
    const BootstrapInterval a = bootstrapMeanInterval(c.a);
    EXPECT_TRUE(sameBits(r.bootstrapA->lo, a.lo));
    EXPECT_TRUE(sameBits(r.bootstrapA->hi, a.hi));
    EXPECT_EQ(r.randomization->countGe, randomizationTest(c.a, c.b).countGe);
}

TEST(PairedComparisonTest, ResultsAreBitIdenticalForOneTwoAndEightThreads) {
    const auto& c = golden::pairedCase("ndcg_n5000");
    PairedOptions options;
    options.resampling.resamples = 1'000;
    std::vector<PairedComparison> results;
    for (int threads : {1, 2, 8}) {
        options.resampling.parallelism = Parallelism(threads);
        results.push_back(comparePaired(c.a, c.b, options));
    }
    for (const auto& r : results) {
        for (auto [x, y] : {std::pair{r.bootstrapDiff, results[0].bootstrapDiff},
                            std::pair{r.bootstrapA, results[0].bootstrapA},
                            std::pair{r.bootstrapB, results[0].bootstrapB}}) {
            EXPECT_TRUE(sameBits(x->lo, y->lo));
            EXPECT_TRUE(sameBits(x->hi, y->hi));
            EXPECT_TRUE(sameBits(x->standardError, y->standardError));
        }
        EXPECT_EQ(r.randomization->countGe, results[0].randomization->countGe);
        EXPECT_TRUE(sameBits(r.randomization->pvalue, results[0].randomization->pvalue));
        EXPECT_TRUE(sameBits(r.tTest->pvalue, results[0].tTest->pvalue));
        EXPECT_TRUE(sameBits(r.wilcoxon->pvalue, results[0].wilcoxon->pvalue));
    }
}

TEST(PairedComparisonTest, IdenticalModelsGiveUndefinedTestsNotErrors) {
    // Every d = 0: t-test NaN, Wilcoxon (wilcox) undefined, randomization p = 1.
    const auto& c = golden::pairedCase("allzero_n10");
    const PairedComparison r = comparePaired(c.a, c.b);
    EXPECT_TRUE(std::isnan(r.tTest->pvalue));
    EXPECT_FALSE(r.wilcoxon->ok());
    EXPECT_EQ(r.randomization->pvalue, 1.0);
    EXPECT_EQ(r.bootstrapDiff->lo, 0.0);
    EXPECT_EQ(r.bootstrapDiff->hi, 0.0);
    EXPECT_EQ(r.winsTiesLosses.ties, 10u);
}

TEST(PairedComparisonTest, ReportsProgressAndStopsWhenCancelled) {
    const auto& c = golden::pairedCase("ndcg_n300");
    double last = 0;
    Progress progress([&](double fraction) { last = fraction; });
    PairedOptions options;
    options.resampling.parallelism = Parallelism(1);
    options.resampling.progress = &progress;
    comparePaired(c.a, c.b, options);
    EXPECT_EQ(last, 1.0);
    progress.cancel();
    EXPECT_THROW(comparePaired(c.a, c.b, options), Cancelled);
}

TEST(PairedComparisonTest, DifferentNumbersOfUsersThrow) {
    const std::vector<double> a = {0.5, 0.1}, b = {0.25};
    EXPECT_THROW(comparePaired(a, b), Error);
}

} // namespace

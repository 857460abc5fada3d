// Partial states of compare: merged over any split of the buckets they give
// exactly the Comparison compareEvaluation() computes from the per-user
// columns (t and Wilcoxon tests, t intervals, effect sizes, wins/ties/losses,
// corrected p-values), and the signed magnitudes merge as a sorted multiset.
#include <cmath>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "shard/compare_partial.h"

namespace ranklab::shard {
namespace {

using ranklab::testing::Triple;

// Same bits, NaN equal to NaN.
void expectSame(double a, double b, const std::string& what) {
    if (std::isnan(a) && std::isnan(b)) return;
    EXPECT_EQ(a, b) << what;
}

Dataset threeModels(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> score(0, 1);
    std::vector<Triple> qrels, a, b, c;
    for (int u = 0; u < 300; ++u) {
        const std::string user = "q" + std::to_string(u);
        for (int i = 0; i < 20; ++i) {
            const std::string item = "d" + std::to_string((u * 5 + i * 11) % 71);
            a.emplace_back(user, item, score(rng));
            b.emplace_back(user, item, std::floor(score(rng) * 4));  // ties
            c.emplace_back(user, item, i < 10 ? score(rng) : -1.0);
            if ((i + u) % 5 == 0) qrels.emplace_back(user, item, 1 + (i % 2));
        }
    }
    return ranklab::testing::makeDataset(qrels, {{"a", a}, {"b", b}, {"c", c}});
}

ComparePartial partialOf(const Dataset& data, const EvalSettings& settings, const BucketRange& range,
                         const stats::ComparisonOptions& options,
                         const std::vector<std::uint64_t>* bucketSizes = nullptr) {
    RankCache cache;
    const BucketSelection selection = restrictToBuckets(data, settings, range);
    const Evaluation eval = evaluate(data, selection.settings, cache);
    return readComparePartial(
        writeComparePartial(comparePartial(eval, range, selection.counts, options, bucketSizes)), "shard");
}

void expectSameInterval(const std::optional<stats::BootstrapInterval>& x,
                        const std::optional<stats::BootstrapInterval>& y, const std::string& what) {
    ASSERT_EQ(x.has_value(), y.has_value()) << what;
    if (!x) return;
    expectSame(x->lo, y->lo, what + " lo");
    expectSame(x->hi, y->hi, what + " hi");
    expectSame(x->standardError, y->standardError, what + " SE");
    EXPECT_EQ(x->resamples, y->resamples) << what;
}

// Two passes: the first leaves the bootstrap pending (and says how to go
// on), its states' bucket sizes feed the second, whose merge is compared
// with one machine's comparison.
void expectResamplingMerges(const Dataset& data, const EvalSettings& settings, const stats::ComparisonOptions& options,
                            const std::vector<std::vector<BucketRange>>& splits) {
    RankCache cache;
    const stats::Comparison whole = stats::compareEvaluation(evaluate(data, settings, cache), options);
    for (const auto& split : splits) {
        std::vector<ComparePartial> first;
        for (const BucketRange& r : split) first.push_back(partialOf(data, settings, r, options));
        const ComparePartial pending = mergeComparePartials(first, {});
        try {
            comparisonOf(pending);
            ADD_FAILURE() << "a pending bootstrap was merged";
        } catch (const Error& e) {
            EXPECT_THAT(e.what(), ::testing::HasSubstr("--bucket-sizes"));
        }
        const std::vector<std::uint64_t> sizes =
            readBucketSizes(writeBucketSizes(pending.bucketUsers), "sizes.json");
        std::vector<ComparePartial> second;
        for (const BucketRange& r : split) second.push_back(partialOf(data, settings, r, options, &sizes));
        std::reverse(second.begin(), second.end());
        const stats::Comparison merged = comparisonOf(mergeComparePartials(second, {}));
        ASSERT_EQ(merged.pairs.size(), whole.pairs.size());
        for (std::size_t m = 0; m < whole.means.size(); ++m)
            for (std::size_t i = 0; i < whole.means[m].size(); ++i)
                expectSameInterval(merged.means[m][i].bootstrap, whole.means[m][i].bootstrap, "mean bootstrap");
        for (std::size_t p = 0; p < whole.pairs.size(); ++p) {
            expectSameInterval(merged.pairs[p].ciBootstrap, whole.pairs[p].ciBootstrap, "pair bootstrap");
            for (std::size_t t = 0; t < whole.pairs[p].tests.size(); ++t) {
                const std::string what =
                    std::string(stats::toString(whole.pairs[p].tests[t].test)) + " of pair " + std::to_string(p);
                expectSame(merged.pairs[p].tests[t].statistic, whole.pairs[p].tests[t].statistic, what);
                expectSame(merged.pairs[p].tests[t].pvalue, whole.pairs[p].tests[t].pvalue, what);
                expectSame(merged.pairs[p].tests[t].adjusted, whole.pairs[p].tests[t].adjusted, what);
            }
        }
    }
}

TEST(ComparePartial, MergedStatesGiveCompareEvaluationsNumbersBitForBit) {
    const Dataset data = threeModels(11);
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg,ap,rr,precision", {3, 10});
    for (const std::optional<std::size_t> baseline : {std::optional<std::size_t>(0), std::optional<std::size_t>()}) {
        stats::ComparisonOptions options;
        options.tests = {stats::SignificanceTest::Wilcoxon, stats::SignificanceTest::TTest};
        options.bootstrapIntervals = false;
        options.correction = stats::Correction::Holm;
        options.baseline = baseline;
        RankCache cache;
        const stats::Comparison whole = stats::compareEvaluation(evaluate(data, settings, cache), options);
        for (const auto& split : std::vector<std::vector<BucketRange>>{{{0, 4096}}, {{2000, 4096}, {0, 2000}},
                                                                        {{0, 5}, {5, 3333}, {3333, 4096}}}) {
            std::vector<ComparePartial> parts;
            for (const BucketRange& r : split) parts.push_back(partialOf(data, settings, r, options));
            const stats::Comparison merged = comparisonOf(mergeComparePartials(parts, {}));
            ASSERT_EQ(merged.pairs.size(), whole.pairs.size());
            EXPECT_EQ(merged.users, whole.users);
            EXPECT_EQ(merged.best, whole.best);
            EXPECT_EQ(merged.directions, whole.directions);  // once left empty by a second assembly
            EXPECT_EQ(merged.metricIds, whole.metricIds);
            for (std::size_t m = 0; m < whole.means.size(); ++m)
                for (std::size_t i = 0; i < whole.means[m].size(); ++i) {
                    expectSame(merged.means[m][i].moments.mean, whole.means[m][i].moments.mean, "mean");
                    expectSame(merged.means[m][i].moments.sd, whole.means[m][i].moments.sd, "sd");
                    expectSame(merged.means[m][i].t.lo, whole.means[m][i].t.lo, "t lo");
                }
            for (std::size_t p = 0; p < whole.pairs.size(); ++p) {
                const auto& x = merged.pairs[p];
                const auto& y = whole.pairs[p];
                EXPECT_EQ(x.a, y.a);
                EXPECT_EQ(x.b, y.b);
                EXPECT_EQ(x.n, y.n);
                expectSame(x.meanDiff, y.meanDiff, "mean difference");
                expectSame(x.ciT.hi, y.ciT.hi, "t interval");
                expectSame(x.cohensDz, y.cohensDz, "d_z");
                EXPECT_EQ(x.winsTiesLosses.wins, y.winsTiesLosses.wins);
                EXPECT_EQ(x.winsTiesLosses.losses, y.winsTiesLosses.losses);
                for (std::size_t t = 0; t < y.tests.size(); ++t) {
                    const std::string what = std::string(stats::toString(y.tests[t].test)) + " of pair " + std::to_string(p);
                    expectSame(x.tests[t].statistic, y.tests[t].statistic, what);
                    expectSame(x.tests[t].pvalue, y.tests[t].pvalue, what);
                    expectSame(x.tests[t].adjusted, y.tests[t].adjusted, what);
                    EXPECT_EQ(x.tests[t].significant, y.tests[t].significant) << what;
                }
            }
        }
    }
}

TEST(ComparePartial, RandomizationAndBootstrapMergeToOneMachinesBitsInTwoPasses) {
    const Dataset data = threeModels(17);
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg,rr", {3, 10});
    stats::ComparisonOptions options;
    options.tests = {stats::SignificanceTest::TTest, stats::SignificanceTest::Randomization,
                     stats::SignificanceTest::Bootstrap};
    options.bootstrapIntervals = true;
    options.resampling.resamples = 700;
    options.resampling.seed = 5;
    expectResamplingMerges(data, settings, options,
                           {{{0, 4096}}, {{2048, 4096}, {0, 2048}}, {{0, 5}, {5, 1000}, {1000, 1365}, {1365, 4096}}});
}

TEST(ComparePartial, AFloatWhereACountBelongsIsRefusedNotConverted) {
    // Found by fuzzing: a count past 2^64 parses as a JSON float, and
    // converting it to an integer is undefined behaviour.
    const Dataset data = threeModels(5);
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg", {3});
    stats::ComparisonOptions options;
    options.tests = {stats::SignificanceTest::Randomization};
    options.bootstrapIntervals = false;
    options.resampling.resamples = 64;
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache);
    std::string text = writeComparePartial(comparePartial(eval, {0, 4096}, eval.counts, options));
    const std::size_t at = text.find("\"flips\": 64");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 11, "\"flips\": 113167181053630529727");
    try {
        readComparePartial(text, "big.json");
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("big.json: the number 1.1316718105363053e+20 is not a count"));
    }
}

TEST(ComparePartial, TheExactRandomizationTestOfFewUsersMergesToo) {
    // 12 users over three shards: every sign vector, in the users' key order.
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> score(0, 1);
    std::vector<Triple> qrels, a, b;
    for (int u = 0; u < 12; ++u) {
        const std::string user = "few" + std::to_string(u);
        for (int i = 0; i < 6; ++i) {
            const std::string item = "d" + std::to_string(i);
            a.emplace_back(user, item, score(rng));
            b.emplace_back(user, item, score(rng));
            if ((i + u) % 3 == 0) qrels.emplace_back(user, item, 1);
        }
    }
    const Dataset data = ranklab::testing::makeDataset(qrels, {{"a", a}, {"b", b}});
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg,ap", {3});
    stats::ComparisonOptions options;
    options.tests = {stats::SignificanceTest::Randomization};
    options.bootstrapIntervals = true;
    options.resampling.resamples = 300;
    expectResamplingMerges(data, settings, options, {{{0, 1500}, {1500, 2600}, {2600, 4096}}});
}


TEST(SignedMagnitudes, MergedPartsHoldTheWholeMultiset) {
    const std::vector<double> d = {0.5, -0.5, 0.0, 0.25, -1.0, 0.5, 0.0, -0.25, 2.0};
    const stats::SignedMagnitudes whole = stats::SignedMagnitudes::of(d);
    EXPECT_EQ(whole.zeros, 2u);
    EXPECT_EQ(whole.magnitudes, (std::vector<double>{0.25, 0.5, 1.0, 2.0}));
    EXPECT_EQ(whole.positives, (std::vector<std::uint64_t>{1, 2, 0, 1}));
    EXPECT_EQ(whole.negatives, (std::vector<std::uint64_t>{1, 1, 1, 0}));
    stats::SignedMagnitudes left = stats::SignedMagnitudes::of(std::span(d).subspan(0, 4));
    left.merge(stats::SignedMagnitudes::of(std::span(d).subspan(4)));
    EXPECT_EQ(left.magnitudes, whole.magnitudes);
    EXPECT_EQ(left.positives, whole.positives);
    EXPECT_EQ(left.negatives, whole.negatives);
    std::vector<double> back = left.differences(), sorted = d;
    std::sort(back.begin(), back.end());
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(back, sorted);
}

} // namespace
} // namespace ranklab::shard

// The shared resampling engine: the grouped subset-sum kernel against a plain
// loop in its documented order written here, and the properties the rest of
// the statistics rely on — a column's resampled means and sign-flip p-values
// do not depend on the other columns resampled with it or on the thread
// count; the bootstrap's spread matches the textbook standard error;
// Wilcoxon's linear-time ranking equals ranks counted by brute force.
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/randomization_test.h"
#include "stats/resampled_means.h"
#include "stats/weighted_row_sums.h"
#include "stats/wilcoxon.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

std::vector<std::vector<double>> randomColumns(std::size_t k, std::size_t n, std::uint64_t seed) {
    std::mt19937_64 g(seed);
    std::vector<std::vector<double>> columns(k, std::vector<double>(n));
    for (auto& column : columns)
        for (auto& v : column) v = (g() % 3 == 0) ? 0.0 : static_cast<double>(g() % 997) / 997.0;
    return columns;
}

std::vector<std::span<const double>> spans(const std::vector<std::vector<double>>& columns) {
    return {columns.begin(), columns.end()};
}

} // namespace

TEST(WeightedRowSumsTest, PlaneMaskTakesBitPOfEachByte) {
    std::mt19937_64 g(1);
    for (int trial = 0; trial < 200; ++trial) {
        const std::uint64_t word = g();
        for (unsigned p = 0; p < 8; ++p) {
            unsigned expected = 0;
            for (unsigned i = 0; i < 8; ++i) expected |= ((word >> (8 * i + p)) & 1u) << i;
            ASSERT_EQ(planeMask(word, p), expected) << word << " plane " << p;
        }
    }
}

TEST(WeightedRowSumsTest, EqualsTheDocumentedGroupOrderForEveryStride) {
    std::mt19937_64 g(3);
    for (std::size_t k : {1u, 3u, 8u, 13u, 112u, 150u, 600u}) {
        const std::size_t n = 61, R = 19, planeCount = 1 + k % 2;
        auto columns = randomColumns(k, n, k);
        // Whole columns of zeros and a zero group, so whole chunks are skipped.
        for (std::size_t c = 0; c < k; c += 5) std::fill(columns[c].begin(), columns[c].end(), 0.0);
        for (std::size_t c = 0; c < k; ++c) std::fill(columns[c].begin() + 16, columns[c].begin() + 24, 0.0);
        const PaddedRows rows(spans(columns), n);
        ASSERT_EQ(rows.groups(), 8u);
        std::vector<std::vector<std::uint8_t>> planes(planeCount, std::vector<std::uint8_t>(rows.groups() * R));
        for (auto& plane : planes)
            for (auto& m : plane) m = static_cast<std::uint8_t>(g() % 3 == 0 ? 0 : g());
        std::vector<const std::uint8_t*> planeData;
        for (const auto& plane : planes) planeData.push_back(plane.data());
        // Higher planes for about a quarter of the (group, resample) pairs
        // when the weights have two dense planes; some of their masks zero.
        HighPlanes high;
        high.offsets.push_back(0);
        for (std::size_t group = 0; group < rows.groups(); ++group) {
            for (std::size_t r = 0; r < R; ++r) {
                if (planeCount == 1 || g() % 4 != 0) continue;
                HighPlanes::Entry entry{static_cast<std::uint32_t>(r), {}};
                for (auto& m : entry.masks) m = static_cast<std::uint8_t>(g() % 2 == 0 ? 0 : g());
                high.entries.push_back(entry);
            }
            high.offsets.push_back(high.entries.size());
        }
        std::vector<double> sums(R * rows.stride(), 0.0);
        addGroupedRows(rows, planeData, R, sums.data(), &high);
        auto subset = [&](std::size_t c, std::size_t group, unsigned mask) {
            double s = 0;  // users of the subset in order
            for (std::size_t i = 0; i < 8; ++i)
                if ((mask >> i & 1) && group * 8 + i < n) s += columns[c][group * 8 + i];
            return s;
        };
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t c = 0; c < k; ++c) {
                double expected = 0;  // groups in order: planes 0-1, then the listed higher planes
                for (std::size_t group = 0; group < rows.groups(); ++group) {
                    double v = subset(c, group, planes[0][group * R + r]);
                    if (planeCount == 2) v = v + 2.0 * subset(c, group, planes[1][group * R + r]);
                    expected += v;
                    for (std::size_t e = high.offsets[group]; e < high.offsets[group + 1]; ++e) {
                        if (high.entries[e].resample != r) continue;
                        double w = 0;
                        for (std::size_t q = 0; q < HighPlanes::kPlanes; ++q)
                            w = q == 0 ? 4.0 * subset(c, group, high.entries[e].masks[0])
                                       : w + static_cast<double>(4u << q) * subset(c, group, high.entries[e].masks[q]);
                        expected += w;
                    }
                }
                ASSERT_EQ(sums[r * rows.stride() + rows.slot(c)], expected) << "k=" << k << " r=" << r << " c=" << c;
            }
    }
}

TEST(WeightedRowSumsTest, GroupMajorMasksTransposeEveryShape) {
    std::mt19937_64 g(2);
    for (std::size_t groups : {1u, 7u, 8u, 61u, 200u})
        for (std::size_t R : {1u, 63u, 64u, 130u}) {
            const std::size_t inStride = groups + groups % 3;
            std::vector<std::uint8_t> in(R * inStride), out(groups * R, 0);
            for (auto& b : in) b = static_cast<std::uint8_t>(g());
            groupMajorMasks(in.data(), R, inStride, groups, out.data());
            for (std::size_t r = 0; r < R; ++r)
                for (std::size_t group = 0; group < groups; ++group)
                    ASSERT_EQ(out[group * R + r], in[r * inStride + group]) << groups << " " << R;
        }
}

TEST(WeightedRowSumsTest, GroupsWithOnlyZerosAreNotActive) {
    std::vector<std::vector<double>> columns(2, std::vector<double>(30, 0.0));
    columns[0][9] = 1;
    columns[1][29] = 2;
    const PaddedRows rows(spans(columns), 30);
    EXPECT_EQ(rows.groups(), 4u);
    EXPECT_EQ(rows.activeGroups(), (std::vector<std::uint32_t>{1, 3}));
}

TEST(ResampledMeansTest, AColumnGivesTheSameMeansAloneWithOthersAndOnAnyThreadCount) {
    const auto columns = randomColumns(11, 3001, 5);
    ResamplingOptions options;
    options.resamples = 300;
    options.parallelism = Parallelism(1);
    const ResampledMeans together = resampleMeans(spans(columns), options);
    for (int threads : {1, 2, 8}) {
        options.parallelism = Parallelism(threads);
        const std::span<const double> alone[] = {columns[7]};
        const ResampledMeans single = resampleMeans(alone, options);
        ASSERT_EQ(single.resamples, 300u);
        for (std::size_t r = 0; r < 300; ++r) ASSERT_EQ(single.column(0)[r], together.column(7)[r]) << threads;
    }
}

TEST(ResampledMeansTest, SpreadOfTheMeansIsTheStandardErrorOfTheMean) {
    // Textbook: the bootstrap SD of a mean is sd·sqrt((n−1)/n)/sqrt(n); with
    // B = 4000 its estimate is within a few percent.
    const auto columns = randomColumns(1, 2000, 9);
    const Moments m = moments(columns[0]);
    ResamplingOptions options;
    options.resamples = 4000;
    const ResampledMeans means = resampleMeans(spans(columns), options);
    const Moments spread = moments(means.column(0));
    const double expected = m.sd * std::sqrt(1999.0 / 2000.0) / std::sqrt(2000.0);
    EXPECT_NEAR(spread.sd, expected, 0.05 * expected);
    EXPECT_NEAR(spread.mean, m.mean, 4 * expected / std::sqrt(4000.0));
}

TEST(ResampledMeansTest, OneUserResamplesToItself) {
    const std::vector<std::vector<double>> columns{{0.25}, {0.0}};
    const ResampledMeans means = resampleMeans(spans(columns), {});
    for (double v : means.column(0)) ASSERT_EQ(v, 0.25);
    for (double v : means.column(1)) ASSERT_EQ(v, 0.0);
}

TEST(RandomizationTestsTest, EachColumnEqualsItsOwnTestOnAnyThreadCount) {
    auto columns = randomColumns(9, 500, 11);
    for (auto& column : columns)
        for (auto& v : column) v -= 0.45;  // differences of both signs
    RandomizationOptions options;
    options.resampling.resamples = 999;
    options.resampling.parallelism = Parallelism(1);
    const auto together = randomizationTests(spans(columns), options);
    for (int threads : {1, 2, 8}) {
        options.resampling.parallelism = Parallelism(threads);
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const RandomizationResult alone = randomizationTest(std::span<const double>(columns[c]), options);
            ASSERT_EQ(alone.countGe, together[c].countGe) << "column " << c << ", threads " << threads;
            ASSERT_EQ(alone.pvalue, together[c].pvalue);
        }
    }
}

TEST(RandomizationTestsTest, ColumnsOfDifferentLengthsAreRefused) {
    const std::vector<std::vector<double>> columns{{1, 2, 3}, {1, 2}};
    EXPECT_THROW(randomizationTests(spans(columns), {}), Error);
}

TEST(WilcoxonRankingTest, RankSumsEqualRanksCountedByBruteForce) {
    // r+ = Σ over positive d of its average rank among |d| (zeros dropped),
    // the rank counted directly: #{|e| < |d|} + (#{|e| = |d|} + 1) / 2.
    std::mt19937_64 g(21);
    std::vector<double> d(1500);
    for (auto& v : d) v = static_cast<double>(static_cast<int>(g() % 41) - 20) / 8.0;  // heavy ties
    std::vector<double> kept;
    for (double v : d)
        if (v != 0) kept.push_back(v);
    double rPlus = 0, rMinus = 0;
    for (double v : kept) {
        double less = 0, equal = 0;
        for (double e : kept) {
            less += std::fabs(e) < std::fabs(v);
            equal += std::fabs(e) == std::fabs(v);
        }
        (v > 0 ? rPlus : rMinus) += less + (equal + 1) / 2;
    }
    const WilcoxonResult w = wilcoxon(std::span<const double>(d));
    EXPECT_EQ(w.rPlus, rPlus);
    EXPECT_EQ(w.rMinus, rMinus);
    EXPECT_EQ(w.statistic, std::min(rPlus, rMinus));
}

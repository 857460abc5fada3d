// Bins of a per-user count: parsing, overlap errors, quantile cuts.
#include <algorithm>
#include <map>
#include <random>

#include <gtest/gtest.h>

#include "common/error.h"
#include "eval/cohort_bins.h"

using namespace ranklab;

namespace {
std::vector<std::string> labels(const std::vector<CountBin>& bins) {
    std::vector<std::string> out;
    for (const auto& b : bins) out.push_back(b.label);
    return out;
}
} // namespace

TEST(CohortBinsTest, DefaultRelevantBinsCoverEveryPositiveCountOnce) {
    const auto bins = defaultRelevantBins();
    EXPECT_EQ(labels(bins), (std::vector<std::string>{"1", "2", "3-5", "6-10", "11+"}));
    for (std::uint64_t r = 1; r <= 1000; ++r) {
        int holders = 0;
        for (const auto& b : bins) holders += b.contains(r);
        EXPECT_EQ(holders, 1) << r;
    }
    EXPECT_FALSE(binOf(bins, 0).has_value());
    EXPECT_EQ(binOf(bins, 7), 3u);
}

TEST(CohortBinsTest, ParsedBinsKeepTheirOrderAndRejectOverlapsAndBadEntries) {
    const auto bins = parseCountBins("0, 1-4 ,5+");
    EXPECT_EQ(labels(bins), (std::vector<std::string>{"0", "1-4", "5+"}));
    EXPECT_EQ(bins[2].hi, CountBin::kOpenEnd);
    EXPECT_THROW(parseCountBins("1-5,5-9"), Error);
    EXPECT_THROW(parseCountBins("3+,10"), Error);
    EXPECT_THROW(parseCountBins("5-3"), Error);
    EXPECT_THROW(parseCountBins("a"), Error);
    EXPECT_THROW(parseCountBins("1,,2"), Error);
    EXPECT_THROW(parseCountBins("-1"), Error);
    try {
        parseCountBins("1,x-2");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("'x-2'"), std::string::npos) << e.what();
    }
}

TEST(CohortBinsTest, QuartilesOfOneToSixCutAtTheValuesAtPositionsOneThreeAndFour) {
    // n = 6, sorted 1..6: cuts before sorted[⌊6/4⌋]=2, sorted[⌊12/4⌋]=4, sorted[⌊18/4⌋]=5.
    const std::vector<std::uint64_t> values{6, 1, 5, 2, 4, 3};
    EXPECT_EQ(labels(quantileBins(values, 4)), (std::vector<std::string>{"1", "2-3", "4", "5-6"}));
}

TEST(CohortBinsTest, RepeatedValuesMergeQuantileBinsRatherThanLeaveOneEmpty) {
    // Sorted 1,1,1,1,1,2,3,4: cuts at sorted[2]=1 and sorted[4]=1 would leave [1,0]: dropped; sorted[6]=3.
    const std::vector<std::uint64_t> values{1, 1, 1, 1, 1, 2, 3, 4};
    EXPECT_EQ(labels(quantileBins(values, 4)), (std::vector<std::string>{"1-2", "3-4"}));
    const std::vector<std::uint64_t> same{7, 7, 7};
    EXPECT_EQ(labels(quantileBins(same, 4)), (std::vector<std::string>{"7"}));
    EXPECT_TRUE(quantileBins(std::vector<std::uint64_t>{}, 4).empty());
    EXPECT_THROW(quantileBins(values, 0), Error);
}

TEST(CohortBinsTest, BinsFromAHistogramEqualTheBinsFromTheValues) {
    // What sharded cohorts do: each shard's counts of each value, added up.
    std::mt19937 rng(4);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::uint64_t> values(1 + rng() % 300);
        for (auto& v : values) v = rng() % (1 + rng() % 40);
        std::map<std::uint64_t, std::uint64_t> histogram;
        for (auto v : values) ++histogram[v];
        std::vector<ValueCount> counts;
        for (const auto& [value, users] : histogram) counts.push_back({value, users});
        for (std::size_t q : {1u, 2u, 4u, 7u, 10u}) {
            const auto fromValues = quantileBins(values, q);
            const auto fromCounts = quantileBins(std::span<const ValueCount>(counts), q);
            ASSERT_EQ(labels(fromValues), labels(fromCounts)) << trial << " q " << q;
            // The definition, by brute force: cut before sorted[⌊j·n/q⌋] unless that leaves a bin empty.
            std::vector<std::uint64_t> sorted = values;
            std::sort(sorted.begin(), sorted.end());
            std::vector<std::uint64_t> starts{sorted.front()};
            for (std::size_t j = 1; j < q; ++j)
                if (sorted[j * sorted.size() / q] > starts.back()) starts.push_back(sorted[j * sorted.size() / q]);
            ASSERT_EQ(fromCounts.size(), starts.size());
            for (std::size_t b = 0; b < starts.size(); ++b) EXPECT_EQ(fromCounts[b].lo, starts[b]);
            EXPECT_EQ(fromCounts.back().hi, sorted.back());
        }
    }
}



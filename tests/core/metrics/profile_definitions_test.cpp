// The definitions the profiles added to the metric records: ap(norm=hits)
// (TorchMetrics: the sum over the relevant items retrieved in the top k,
// divided by how many there are), ap(norm=k) (Elliot: the mean of
// precision@1..precision@k), ndcg(gain=bin) and ndcg(ideal=run). Under the
// expected tie policy each is checked against the mean over every order of
// the tie group, enumerated here.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"

namespace ranklab {
namespace {

using testing::makeDataset;
using testing::means;

// TorchMetrics' AP of a 0/1 list at k: mean of hits(p)/p over the relevant p <= k; 0 without any.
double apByHits(const std::vector<int>& rel, std::size_t k) {
    double sum = 0;
    int hits = 0;
    for (std::size_t p = 0; p < std::min(k, rel.size()); ++p)
        if (rel[p]) sum += double(++hits) / double(p + 1);
    return hits ? sum / hits : 0.0;
}

// Elliot's MAP@k: (1/k) sum_{n=1..k} hits(n)/n, positions past the list count as misses.
double meanPrecision(const std::vector<int>& rel, std::size_t k) {
    double sum = 0;
    int hits = 0;
    for (std::size_t n = 1; n <= k; ++n) {
        if (n <= rel.size() && rel[n - 1]) ++hits;
        sum += double(hits) / double(n);
    }
    return sum / double(k);
}

TEST(ProfileDefinitions, ApOverTheRetrievedRelevantOnAHandExample) {
    // Relevant at 1 and 3 of 6, two more relevant not retrieved. At k = 3:
    // (1 + 2/3) / 2 = 5/6; at k = 2: 1/1 = 1; Elliot at 3: (1 + 1/2 + 2/3)/3 = 13/18.
    const Dataset data = makeDataset({{"u", "a", 1}, {"u", "c", 1}, {"u", "x", 1}, {"u", "y", 1}},
                                     {{"m", {{"u", "a", 6}, {"u", "b", 5}, {"u", "c", 4}, {"u", "d", 3}}}});
    const auto v = means(data, "ap(norm=hits)@3,ap(norm=hits)@2,ap(norm=k)@3,ap(norm=k)@6", TiePolicy::Trec);
    EXPECT_NEAR(v[0], 5.0 / 6, 1e-15);
    EXPECT_NEAR(v[1], 1.0, 1e-15);
    EXPECT_NEAR(v[2], 13.0 / 18, 1e-15);
    // k = 6 beyond the 4-item list: P@5 = P@6 = 2/5, 2/6 still counted.
    EXPECT_NEAR(v[3], (1 + 0.5 + 2.0 / 3 + 0.5 + 0.4 + 2.0 / 6) / 6, 1e-15);
}

TEST(ProfileDefinitions, NewApNormalisersUnderTiesAreTheMeanOverEveryOrder) {
    // i0 (relevant) first, a tie group of four (i1, i3 relevant) at 2..5,
    // i5 (relevant) last, and a relevant item the run lacks.
    const Dataset data = makeDataset(
        {{"u", "i0", 1}, {"u", "i1", 1}, {"u", "i3", 1}, {"u", "i5", 1}, {"u", "z", 1}},
        {{"m", {{"u", "i0", 5}, {"u", "i1", 3}, {"u", "i2", 3}, {"u", "i3", 3}, {"u", "i4", 3}, {"u", "i5", 1}}}});
    std::vector<int> group{1, 0, 1, 0};
    std::sort(group.begin(), group.end());
    for (std::size_t k = 1; k <= 7; ++k) {
        double byHits = 0, elliot = 0;
        int orders = 0;
        std::vector<int> g = group;
        do {  // every distinct arrangement is equally likely
            std::vector<int> rel{1};
            rel.insert(rel.end(), g.begin(), g.end());
            rel.push_back(1);
            byHits += apByHits(rel, k);
            elliot += meanPrecision(rel, k);
            ++orders;
        } while (std::next_permutation(g.begin(), g.end()));
        const std::string at = "@" + std::to_string(k);
        const auto v = means(data, "ap(norm=hits)" + at + ",ap(norm=k)" + at, TiePolicy::Expected);
        EXPECT_NEAR(v[0], byHits / orders, 1e-12) << "k = " << k;
        EXPECT_NEAR(v[1], elliot / orders, 1e-12) << "k = " << k;
    }
}

TEST(ProfileDefinitions, BinaryGainAndTheRunsIdeal) {
    // Grades 2 at position 1 and 1 at position 3 of 3; a judged 3 the run lacks.
    // bin: dcg = 1 + 1/2, ideal = three relevant: 1 + 1/log2(3) + 1/2.
    // ideal=run, lin: dcg = 2 + 1/2, ideal from the run's grades 2, 1: 2 + 1/log2(3).
    const Dataset data = makeDataset({{"u", "a", 2}, {"u", "c", 1}, {"u", "z", 3}},
                                     {{"m", {{"u", "a", 3}, {"u", "b", 2}, {"u", "c", 1}}}});
    const auto v = means(data, "ndcg(gain=bin)@3,ndcg(ideal=run)@3,ndcg(gain=bin,ideal=run)@3", TiePolicy::Trec);
    EXPECT_NEAR(v[0], 1.5 / (1 + 1 / std::log2(3.0) + 0.5), 1e-15);
    EXPECT_NEAR(v[1], 2.5 / (2 + 1 / std::log2(3.0)), 1e-15);
    EXPECT_NEAR(v[2], 1.5 / (1 + 1 / std::log2(3.0)), 1e-15);
}

} // namespace
} // namespace ranklab

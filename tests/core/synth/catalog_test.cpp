#include "synth/catalog.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

using namespace ranklab::synth;

TEST(CatalogTest, PopularityIsZipfOverAShuffledIdOrder) {
    Catalog catalog(1000, 42);
    const auto& order = catalog.byPopularity();
    ASSERT_EQ(order.size(), 1000u);
    // Rank r (0-based) has weight 1/(r+1): the Zipf law with exponent 1.
    for (std::uint32_t r = 0; r < 1000; ++r) EXPECT_DOUBLE_EQ(catalog.popularity(order[r]), 1.0 / (r + 1));
    // The ranks are spread over the ids, not i0001 first: the top 10 are not ids 0..9.
    EXPECT_FALSE(std::is_sorted(order.begin(), order.begin() + 10));
}

TEST(CatalogTest, TopicsPartitionTheItemsEvenly) {
    Catalog catalog(1000, 42);
    EXPECT_EQ(catalog.topics(), topicCount(1000));
    std::size_t total = 0;
    for (std::uint32_t t = 0; t < catalog.topics(); ++t) {
        const auto& items = catalog.topicByAttractiveness(t);
        total += items.size();
        EXPECT_LE(items.size(), 1000 / catalog.topics() + 1);
        EXPECT_GE(items.size(), 1000 / catalog.topics());
        for (ItemIndex i : items) EXPECT_EQ(catalog.topicOf(i), t);
        EXPECT_TRUE(std::is_sorted(items.begin(), items.end(), [&](ItemIndex a, ItemIndex b) {
            return catalog.attractiveness(a) > catalog.attractiveness(b);
        }));
        EXPECT_EQ(catalog.topicByPopularity(t).size(), items.size());
    }
    EXPECT_EQ(total, 1000u);
}

// The most popular of n = 1000 items has probability 1/H(1000) = 0.13359.
TEST(CatalogTest, PopularSamplingFollowsZipf) {
    Catalog catalog(1000, 42);
    Rng rng(5);
    const ItemIndex top = catalog.byPopularity()[0];
    int hits = 0;
    const int n = 100000;
    for (int i = 0; i < n; ++i) hits += catalog.samplePopular(rng) == top;
    double harmonic = 0;
    for (int r = 1; r <= 1000; ++r) harmonic += 1.0 / r;
    EXPECT_NEAR(hits / double(n), 1.0 / harmonic, 0.006);
}

TEST(CatalogTest, SameSeedSameCatalogOtherSeedOther) {
    Catalog a(500, 7), b(500, 7), c(500, 8);
    EXPECT_EQ(a.byPopularity(), b.byPopularity());
    EXPECT_NE(a.byPopularity(), c.byPopularity());
}

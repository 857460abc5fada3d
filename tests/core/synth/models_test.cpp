#include "synth/models.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "synth/world.h"

using namespace ranklab::synth;

namespace {

SynthOptions smallOptions(std::uint64_t seed = 42) {
    SynthOptions o;
    o.outDir = "unused";
    o.users = 300;
    o.items = 2000;
    o.perUser = 100;
    o.seed = seed;
    return o;
}

int gradeOf(const UserTruth& truth, ItemIndex item) {
    for (const Judged& j : truth.test)
        if (j.item == item) return j.grade;
    return 0;
}

// Means over users of hits@5, hits@100 and NDCG@10 (linear gain, docs/metrics.md), by brute force.
struct Quality {
    double hits5 = 0, hits100 = 0, ndcg10 = 0;
};

Quality measure(const SyntheticData& data, std::size_t model) {
    Quality q;
    const double users = double(data.users.size());
    for (std::size_t u = 0; u < data.users.size(); ++u) {
        const UserTruth& truth = data.users[u];
        const auto& list = data.lists[model][u];
        double dcg = 0, idcg = 0;
        std::vector<int> ideal;
        for (const Judged& j : truth.test) ideal.push_back(j.grade);
        std::sort(ideal.rbegin(), ideal.rend());
        for (std::size_t p = 0; p < ideal.size() && p < 10; ++p) idcg += ideal[p] / std::log2(p + 2.0);
        for (std::size_t p = 0; p < list.size(); ++p) {
            const int g = gradeOf(truth, list[p].item);
            if (g == 0) continue;
            if (p < 5) q.hits5 += 1 / users;
            if (p < 100) q.hits100 += 1 / users;
            if (p < 10) dcg += g / std::log2(p + 2.0);
        }
        q.ndcg10 += dcg / idcg / users;
    }
    return q;
}

constexpr std::size_t kPopularity = 0, kTopRank = 1, kBroad = 2;

} // namespace

TEST(SynthModelsTest, ModelsAreListedInFileOrder) {
    EXPECT_EQ(modelName(kModels[kPopularity]), "popularity");
    EXPECT_EQ(modelName(kModels[kTopRank]), "toprank");
    EXPECT_EQ(modelName(kModels[kBroad]), "broad");
}

// The intended character, for three seeds (values from brute force over 300 users;
// seed 42: NDCG@10 0.23 / 0.15 / 0.07, hits@100 2.8 / 3.1 / 1.9).
TEST(SynthModelsTest, TopRankLeadsAtTheTopAndBroadDeepDown) {
    for (std::uint64_t seed : {42u, 1u, 2u}) {
        SyntheticWorld world(smallOptions(seed));
        const SyntheticData data = generateInMemory(world);
        const Quality pop = measure(data, kPopularity), top = measure(data, kTopRank), broad = measure(data, kBroad);
        SCOPED_TRACE("seed " + std::to_string(seed));
        EXPECT_GT(top.ndcg10, broad.ndcg10 * 1.2);
        EXPECT_GT(broad.ndcg10, pop.ndcg10 * 1.2);
        EXPECT_GT(top.hits5, broad.hits5);
        EXPECT_GT(broad.hits5, pop.hits5);
        EXPECT_GT(broad.hits100, top.hits100);
        EXPECT_GT(top.hits100, pop.hits100);
    }
}

TEST(SynthModelsTest, ListsHavePerUserDistinctItemsBestFirst) {
    SyntheticWorld world(smallOptions());
    const SyntheticData data = generateInMemory(world);
    for (std::size_t m = 0; m < kModels.size(); ++m)
        for (const auto& list : data.lists[m]) {
            ASSERT_EQ(list.size(), 100u);
            std::set<ItemIndex> items;
            for (std::size_t p = 0; p < list.size(); ++p) {
                items.insert(list[p].item);
                if (p > 0) {
                    EXPECT_GE(list[p - 1].score, list[p].score);
                }
            }
            EXPECT_EQ(items.size(), list.size());
        }
}

TEST(SynthModelsTest, PopularityScoresAreCountsWithManyTies) {
    SyntheticWorld world(smallOptions());
    const SyntheticData data = generateInMemory(world);
    std::size_t ties = 0, pairs = 0;
    for (const auto& list : data.lists[kPopularity])
        for (std::size_t p = 0; p < list.size(); ++p) {
            EXPECT_EQ(list[p].score, std::floor(list[p].score));
            EXPECT_EQ(list[p].score, world.popularity().count(list[p].item));
            if (p > 0) {
                ++pairs;
                ties += list[p].score == list[p - 1].score;
            }
        }
    EXPECT_GT(ties, pairs / 4);  // seed 42: ~65% of neighbours tie
}

// Popularity and toprank never recommend a training item; broad does for a few users.
TEST(SynthModelsTest, TrainingItemsLeakOnlyRarelyAndOnlyInBroad) {
    SyntheticWorld world(smallOptions());
    const SyntheticData data = generateInMemory(world);
    std::size_t leakingUsers[3] = {0, 0, 0};
    for (std::size_t m = 0; m < kModels.size(); ++m)
        for (std::size_t u = 0; u < data.users.size(); ++u) {
            const auto& train = data.users[u].train;
            leakingUsers[m] += std::any_of(data.lists[m][u].begin(), data.lists[m][u].end(), [&](const ScoredItem& s) {
                return std::binary_search(train.begin(), train.end(), s.item);
            });
        }
    EXPECT_EQ(leakingUsers[kPopularity], 0u);
    EXPECT_EQ(leakingUsers[kTopRank], 0u);
    EXPECT_GT(leakingUsers[kBroad], 0u);
    EXPECT_LT(leakingUsers[kBroad], 300u / 10);  // ~3%
}

// perUser up to half the catalog: every list is still full.
TEST(SynthModelsTest, ListsAreFullEvenWhenPerUserIsHalfTheCatalog) {
    SynthOptions o = smallOptions();
    o.users = 40;
    o.items = 60;
    o.perUser = 30;
    SyntheticWorld world(o);
    const SyntheticData data = generateInMemory(world);
    for (std::size_t m = 0; m < kModels.size(); ++m)
        for (const auto& list : data.lists[m]) EXPECT_EQ(list.size(), 30u);
}

TEST(SynthModelsTest, InMemoryDataDoesNotDependOnThreads) {
    SynthOptions one = smallOptions(), four = smallOptions();
    one.threads = 1;
    four.threads = 4;
    SyntheticWorld worldOne(one), worldFour(four);
    const SyntheticData a = generateInMemory(worldOne), b = generateInMemory(worldFour);
    for (std::size_t m = 0; m < kModels.size(); ++m)
        for (std::size_t u = 0; u < a.users.size(); ++u) {
            ASSERT_EQ(a.lists[m][u].size(), b.lists[m][u].size());
            for (std::size_t p = 0; p < a.lists[m][u].size(); ++p) {
                EXPECT_EQ(a.lists[m][u][p].item, b.lists[m][u][p].item);
                EXPECT_EQ(a.lists[m][u][p].score, b.lists[m][u][p].score);
            }
        }
}

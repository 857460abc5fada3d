// The item context: catalogue, popularity, N, P and the short head
// (docs/metrics.md, "Beyond accuracy"), against hand-counted cases.
#include <gtest/gtest.h>

#include <limits>

#include "data/item_context.h"
#include "eval/item_inputs.h"
#include "io/dataset_loader.h"
#include "core/io/io_test_support.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

Dataset load(const TempDir& dir, const std::string& train, const std::string& catalog = {}) {
    DatasetSources s;
    s.judgments = dir.write("q", "u1 0 a 1\nu1 0 z 1\n");
    s.runs.push_back({"m", dir.write("r", "u1 Q0 a 1 1 t\n"), {}});
    s.exclusions = dir.write("train", train);
    if (!catalog.empty()) s.catalog = dir.write("cat", catalog);
    return loadDataset(s, ReadOptions{});
}

ItemId id(const Dataset& d, const char* name) { return d.ids.items.find(name); }

} // namespace

TEST(ItemContextTest, PopularityCountsDistinctTrainingUsers) {
    TempDir dir;
    // a: 3 users, b: 2, c: 1 (u1's repeated line counts once).
    Dataset d = load(dir, "u1 a\nu1 a\nu2 a\nu3 a\nu1 b\nu2 b\nu3 c\n");
    ItemContext ctx = buildItemContext(d);
    EXPECT_EQ(ctx.pop(id(d, "a")), 3u);
    EXPECT_EQ(ctx.pop(id(d, "b")), 2u);
    EXPECT_EQ(ctx.pop(id(d, "c")), 1u);
    EXPECT_EQ(ctx.pop(id(d, "z")), 0u);
    EXPECT_EQ(ctx.trainingUsers, 3u);
    EXPECT_EQ(ctx.trainingPairs, 6u);
    EXPECT_EQ(ctx.trainingItems, 3u);
    // Default catalogue: training items and ground-truth items.
    EXPECT_EQ(ctx.catalog.size(), 4u);
    EXPECT_TRUE(ctx.contains(id(d, "z")));
    EXPECT_EQ(ctx.trainingOf(d.ids.users.find("u1")).size(), 2u);
}

TEST(ItemContextTest, CatalogFileReplacesTheDefaultAndLimitsP) {
    TempDir dir;
    Dataset d = load(dir, "u1 a\nu2 a\nu1 b\n", "a\nnew\n");
    ItemContext ctx = buildItemContext(d);
    EXPECT_TRUE(ctx.catalogFromFile);
    EXPECT_EQ(ctx.catalog.size(), 2u);
    EXPECT_TRUE(ctx.contains(id(d, "new")));
    EXPECT_FALSE(ctx.contains(id(d, "b")));
    EXPECT_FALSE(ctx.contains(id(d, "z")));
    EXPECT_EQ(ctx.trainingPairs, 2u);  // only a's pairs are in I
    EXPECT_EQ(ctx.trainingUsers, 2u);
}

TEST(ItemContextTest, ShortHeadReachesTheShareAndKeepsTies) {
    // Popularity (by hand): a 5, b 3, c 3, d 1, e 0 (in I through the truth); P = 12.
    // Cumulative: 5/12 = .417, 8/12 = .667, 11/12 = .917 (c reaches 0.8),
    // so the head is {a, b, c}; at 0.5 b reaches it and c ties with b.
    IdSpace ids;
    std::vector<std::uint64_t> offsets{0};
    Column<ItemId> items;
    std::vector<std::vector<ItemId>> users = {{0, 1, 2, 3}, {0, 1, 2}, {0, 1, 2}, {0}, {0}};
    for (auto& u : users) {
        items.insert(items.end(), u.begin(), u.end());
        offsets.push_back(items.size());
    }
    Exclusions training(UserIndex(offsets), std::move(items));
    Column<ItemId> judged{4};
    Column<double> grades{1.0};
    Judgments judgments(UserIndex({0, 1}), std::move(judged), std::move(grades));
    ItemContext ctx = buildItemContext(5, &training, judgments, nullptr, nullptr);
    EXPECT_EQ(ctx.trainingPairs, 12u);
    EXPECT_EQ(ctx.headThreshold(0.8), 3u);
    EXPECT_FALSE(ctx.inTail(2, 3));
    EXPECT_TRUE(ctx.inTail(3, 3));
    EXPECT_TRUE(ctx.inTail(4, 3));
    EXPECT_EQ(ctx.headThreshold(0.5), 3u);   // b reaches .667; c ties with b
    EXPECT_EQ(ctx.headThreshold(0.4), 5u);   // a alone reaches .417
    EXPECT_EQ(ctx.headThreshold(1.0), 1u);   // d completes P; e (n = 0) stays in the tail
    // Exactly at the boundary: 5/12 reaches 5/12.
    EXPECT_EQ(ctx.headThreshold(5.0 / 12.0), 5u);
}

TEST(ItemContextTest, WithoutTrainingEveryCatalogueItemIsTail) {
    IdSpace ids;
    Column<ItemId> judged{0, 1};
    Column<double> grades{1.0, 0.0};
    Judgments judgments(UserIndex({0, 2}), std::move(judged), std::move(grades));
    ItemContext ctx = buildItemContext(2, nullptr, judgments, nullptr, nullptr);
    EXPECT_EQ(ctx.catalog.size(), 2u);
    EXPECT_EQ(ctx.headThreshold(0.8), std::numeric_limits<std::uint32_t>::max());
    EXPECT_EQ(ctx.trainingUsers, 0u);
}

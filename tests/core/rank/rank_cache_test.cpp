// RankCache: one ranking per (model, tie policy, exclusions, length), reused
// until the dataset changes (docs/design.md: changing metrics or cutoffs never
// re-sorts).
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "io/dataset_loader.h"
#include "rank/rank_cache.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

// One user, one tie group of three: a (grade 0), b (grade 2), c (unjudged).
Dataset tiedDataset() {
    return makeDataset({{"u", "a", 0}, {"u", "b", 2}}, {{"m", {{"u", "a", 1.0}, {"u", "b", 1.0}, {"u", "c", 1.0}}},
                                                        {"n", {{"u", "a", 2.0}, {"u", "b", 1.0}}}});
}

// Position (0-based) of the grade-2 item in model 0's ranking of "u".
std::uint32_t startOfRelevant(const Dataset& data, const RankedRun& ranked) {
    const UserRanking r = ranked.user(data.ids.users.find("u"));
    for (const RankedGroup& g : r.groups)
        for (std::uint32_t i = 0; i < g.gradeCount; ++i)
            if (r.grades[g.firstGrade + i] == 2.0) return g.start;
    return 99;
}

} // namespace

TEST(RankCacheTest, SameKeyReturnsTheSameRanking) {
    Dataset data = tiedDataset();
    RankCache cache;
    auto first = cache.get(data, 0, TiePolicy::Trec, true, Parallelism(1));
    auto again = cache.get(data, 0, TiePolicy::Trec, true, Parallelism(2));
    EXPECT_EQ(first.get(), again.get());
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_EQ(cache.itemOrder(data).get(), cache.itemOrder(data).get());
}

TEST(RankCacheTest, AnotherPolicyOrModelIsRankedAfreshAndTheFirstStaysCached) {
    Dataset data = tiedDataset();
    RankCache cache;
    auto optimistic = cache.get(data, 0, TiePolicy::Optimistic, true, Parallelism(1));
    auto pessimistic = cache.get(data, 0, TiePolicy::Pessimistic, true, Parallelism(1));
    EXPECT_NE(optimistic.get(), pessimistic.get());
    // By hand: optimistic puts b (grade 2) first; pessimistic puts it last
    // (after a (0) and the unjudged c (0), in file order).
    EXPECT_EQ(startOfRelevant(data, *optimistic), 0u);
    EXPECT_EQ(startOfRelevant(data, *pessimistic), 2u);
    // Trec: ids descending, c > b > a: b second.
    EXPECT_EQ(startOfRelevant(data, *cache.get(data, 0, TiePolicy::Trec, true, Parallelism(1))), 1u);
    auto other = cache.get(data, 1, TiePolicy::Optimistic, true, Parallelism(1));
    EXPECT_NE(other.get(), optimistic.get());
    EXPECT_EQ(cache.get(data, 0, TiePolicy::Optimistic, true, Parallelism(1)).get(), optimistic.get());
    EXPECT_EQ(cache.size(), 4u);
}

TEST(RankCacheTest, ExclusionsAndLengthArePartOfTheKey) {
    Dataset data = tiedDataset();
    std::vector<Record> records{{data.ids.users.find("u"), data.ids.items.find("a"), 0}};
    GroupedLists lists = groupByUser(records, data.ids.users.size());
    data.exclusions = Exclusions(std::move(lists.index), std::move(lists.keys));
    RankCache cache;
    auto with = cache.get(data, 0, TiePolicy::Trec, true, Parallelism(1));
    auto without = cache.get(data, 0, TiePolicy::Trec, false, Parallelism(1));
    auto shorter = cache.get(data, 0, TiePolicy::Trec, false, Parallelism(1), nullptr, 1);
    EXPECT_NE(with.get(), without.get());
    EXPECT_NE(shorter.get(), without.get());
    EXPECT_EQ(with->user(data.ids.users.find("u")).listLength, 2u);     // a excluded
    EXPECT_EQ(without->user(data.ids.users.find("u")).listLength, 3u);  // a kept
    EXPECT_EQ(shorter->user(data.ids.users.find("u")).listLength, 1u);
}

TEST(RankCacheTest, ExclusionsFlagIsIgnoredWhenTheDatasetHasNone) {
    Dataset data = tiedDataset();
    RankCache cache;
    auto with = cache.get(data, 0, TiePolicy::Input, true, Parallelism(1));
    auto without = cache.get(data, 0, TiePolicy::Input, false, Parallelism(1));
    EXPECT_EQ(with.get(), without.get());
}

TEST(RankCacheTest, ADifferentDatasetClearsTheCache) {
    Dataset one = tiedDataset(), two = tiedDataset();
    RankCache cache;
    auto fromOne = cache.get(one, 0, TiePolicy::Expected, true, Parallelism(1));
    cache.get(one, 1, TiePolicy::Expected, true, Parallelism(1));
    auto orderOne = cache.itemOrder(one);
    EXPECT_EQ(cache.size(), 2u);
    auto fromTwo = cache.get(two, 0, TiePolicy::Expected, true, Parallelism(1));
    EXPECT_NE(fromTwo.get(), fromOne.get());
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_NE(cache.itemOrder(two).get(), orderOne.get());
    // Back to the first: ranked again, not the old object.
    EXPECT_NE(cache.get(one, 0, TiePolicy::Expected, true, Parallelism(1)).get(), fromOne.get());
    cache.clear();
    EXPECT_EQ(cache.size(), 0u);
}

TEST(RankCacheTest, CancelledRankingLeavesNothingCached) {
    Dataset data = tiedDataset();
    RankCache cache;
    Progress progress;
    progress.cancel();
    EXPECT_THROW(cache.get(data, 0, TiePolicy::Trec, true, Parallelism(1), &progress), Cancelled);
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_NE(cache.get(data, 0, TiePolicy::Trec, true, Parallelism(1)), nullptr);
    EXPECT_EQ(cache.size(), 1u);
}

// A dataset derived by adding, removing or reordering models keeps the
// ground truth: the kept models' rankings are found by run, not by position.
TEST(RankCacheTest, RankingsOfKeptModelsSurviveAddingRemovingAndReordering) {
    Dataset one = tiedDataset();
    RankCache cache;
    auto m = cache.get(one, 0, TiePolicy::Trec, true, Parallelism(1));
    auto n = cache.get(one, 1, TiePolicy::Trec, true, Parallelism(1));
    EXPECT_EQ(cache.rankingsComputed(), 2u);

    // n first, then m, then m again under another name: nothing ranked anew.
    std::vector<DerivedModel> plan(3);
    plan[0].reuse = 1;
    plan[1].reuse = 0;
    plan[2].reuse = 0;
    plan[2].source.name = "m again";
    Dataset two = deriveDataset(one, plan, ReadOptions{});
    EXPECT_NE(two.identity, one.identity);
    EXPECT_EQ(two.baseIdentity, one.baseIdentity);
    EXPECT_EQ(cache.get(two, 0, TiePolicy::Trec, true, Parallelism(1)).get(), n.get());
    EXPECT_EQ(cache.get(two, 1, TiePolicy::Trec, true, Parallelism(1)).get(), m.get());
    EXPECT_EQ(cache.get(two, 2, TiePolicy::Trec, true, Parallelism(1)).get(), m.get());
    EXPECT_EQ(cache.rankingsComputed(), 2u);
    EXPECT_EQ(two.models[2].name, "m again");

    // Without n: retain() forgets its ranking.
    std::vector<DerivedModel> onlyM(1);
    onlyM[0].reuse = 0;
    Dataset three = deriveDataset(one, onlyM, ReadOptions{});
    cache.retain(three);
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_EQ(cache.get(three, 0, TiePolicy::Trec, true, Parallelism(1)).get(), m.get());
}

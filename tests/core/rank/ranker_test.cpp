// Ranking one run: score order, the tie policies of docs/metrics.md ("Ranking and
// ties"), exclusions, truncation and infinite scores. Expected orders are
// worked out by hand from the definitions (byte values from the ASCII table).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "rank/ranker.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

// Exclusions from (user, item) pairs, on the dataset's ids.
Exclusions exclusionsOf(IdSpace& ids, const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::vector<Record> records;
    for (const auto& [user, item] : pairs) records.push_back({ids.users.intern(user), ids.items.intern(item), 0.0});
    GroupedLists lists = groupByUser(records, ids.users.size());
    sortByKey(lists, Parallelism(1));
    return Exclusions(std::move(lists.index), std::move(lists.keys));
}

// The item names of `user`'s ranked list.
std::vector<std::string> rankedNames(const Dataset& data, const std::string& user, TiePolicy ties,
                                     std::uint32_t maxLength = 0) {
    const auto order = itemNameOrder(data.ids.items);
    RankOptions options;
    options.ties = ties;
    options.itemOrder = &order;
    options.maxLength = maxLength;
    options.exclusions = data.exclusions ? &*data.exclusions : nullptr;
    std::vector<std::string> names;
    for (const RankedItem& r : rankUser(data.models[0].run, data.judgments, data.ids.users.find(user), options))
        names.emplace_back(data.ids.items.name(r.item));
    return names;
}

RankedRun rankAll(const Dataset& data, TiePolicy ties, std::uint32_t maxLength = 0, int threads = 1) {
    const std::vector<std::uint32_t> order = itemNameOrder(data.ids.items);
    RankOptions options;
    options.ties = ties;
    options.itemOrder = &order;
    options.maxLength = maxLength;
    options.exclusions = data.exclusions ? &*data.exclusions : nullptr;
    options.parallelism = Parallelism(threads);
    return rankRun(data.models[0].run, data.judgments, options);
}

using Names = std::vector<std::string>;

} // namespace

TEST(RankerTest, SortsByScoreDescending) {
    Dataset data = makeDataset({{"u", "b", 1}}, {{"m", {{"u", "a", 0.1}, {"u", "b", 0.9}, {"u", "c", 0.5}}}});
    for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic})
        EXPECT_EQ(rankedNames(data, "u", ties), (Names{"b", "c", "a"})) << tiePolicyName(ties);
}

TEST(RankerTest, TrecOrdersTiesByItemIdDescendingBytewise) {
    // "9" > "200" > "10" compared as strings, not numbers (golden/README.md, 03_ties_heavy).
    Dataset numeric = makeDataset({{"u", "200", 1}}, {{"m", {{"u", "10", 1.0}, {"u", "200", 1.0}, {"u", "9", 1.0}}}});
    EXPECT_EQ(rankedNames(numeric, "u", TiePolicy::Trec), (Names{"9", "200", "10"}));

    // Byte values: '-' 45 < '.' 46 < digits 48.. < upper case 65.. < '_' 95 <
    // lower case 97.. < UTF-8 lead bytes 0xC3 (unsigned, as strcmp). A
    // prefix sorts before its extensions. Descending:
    std::vector<Triple> run;
    for (const char* id : {"A", "doc-1", "0", "item_7", "_x", "z", "doc.1", "Z", "item_70", "a", "doc_1", "\xC3\xA9"})
        run.emplace_back("u", id, 2.0);
    run.emplace_back("u", "top", 3.0);  // a higher score still comes first
    Dataset mixed = makeDataset({{"u", "a", 1}}, {{"m", run}});
    EXPECT_EQ(rankedNames(mixed, "u", TiePolicy::Trec),
              (Names{"top", "\xC3\xA9", "z", "item_70", "item_7", "doc_1", "doc.1", "doc-1", "a", "_x", "Z", "A", "0"}));
}

TEST(RankerTest, TrecWithoutTheItemOrderIsAnError) {
    Dataset data = makeDataset({{"u", "a", 1}}, {{"m", {{"u", "a", 1.0}}}});
    RankOptions options;
    options.ties = TiePolicy::Trec;
    EXPECT_THROW(rankRun(data.models[0].run, data.judgments, options), Error);
}

TEST(RankerTest, InputAndExpectedKeepFileOrderInsideTies) {
    Dataset data = makeDataset({{"u", "c", 1}},
                               {{"m", {{"u", "c", 1.0}, {"u", "x", 2.0}, {"u", "a", 1.0}, {"u", "b", 1.0}}}});
    EXPECT_EQ(rankedNames(data, "u", TiePolicy::Input), (Names{"x", "c", "a", "b"}));
    EXPECT_EQ(rankedNames(data, "u", TiePolicy::Expected), (Names{"x", "c", "a", "b"}));
}

TEST(RankerTest, OptimisticAndPessimisticOrderTiesByGrade) {
    // One tie group: grades 3, -1, unjudged (0), 1, 0. Optimistic: higher grades
    // first; pessimistic: lower first; equal grades in file order.
    Dataset data = makeDataset({{"u", "g3", 3}, {"u", "neg", -1}, {"u", "g1", 1}, {"u", "g0", 0}},
                               {{"m", {{"u", "g3", 1.0}, {"u", "neg", 1.0}, {"u", "none", 1.0}, {"u", "g1", 1.0},
                                       {"u", "g0", 1.0}, {"u", "low", 0.5}}}});
    EXPECT_EQ(rankedNames(data, "u", TiePolicy::Optimistic), (Names{"g3", "g1", "none", "g0", "neg", "low"}));
    EXPECT_EQ(rankedNames(data, "u", TiePolicy::Pessimistic), (Names{"neg", "none", "g0", "g1", "g3", "low"}));
}

TEST(RankerTest, ExclusionsDropItemsBeforeRankingSoLaterPositionsMoveUp) {
    // Ranked b, d, a, c; excluding d (and an item the run lacks) leaves b, a, c:
    // the relevant c moves from position 4 to 3 and the list has 3 items.
    Dataset data = makeDataset({{"u", "c", 1}, {"u", "d", 1}},
                               {{"m", {{"u", "a", 0.5}, {"u", "b", 0.9}, {"u", "c", 0.1}, {"u", "d", 0.7}}}});
    data.exclusions = exclusionsOf(data.ids, {{"u", "d"}, {"u", "zz"}});
    EXPECT_EQ(rankedNames(data, "u", TiePolicy::Trec), (Names{"b", "a", "c"}));
    const RankedRun ranked = rankAll(data, TiePolicy::Trec);
    const UserRanking r = ranked.user(data.ids.users.find("u"));
    EXPECT_EQ(r.listLength, 3u);
    ASSERT_EQ(r.groups.size(), 1u);
    EXPECT_EQ(r.groups[0].start, 2u);
    EXPECT_EQ(r.groups[0].size, 1u);
    EXPECT_EQ(r.grades[r.groups[0].firstGrade], 1.0);
}

TEST(RankerTest, UserWhoseItemsAreAllExcludedIsPresentWithAnEmptyList) {
    Dataset data = makeDataset({{"u", "a", 1}}, {{"m", {{"u", "a", 0.5}, {"v", "a", 0.5}}}});
    data.exclusions = exclusionsOf(data.ids, {{"u", "a"}});
    const RankedRun ranked = rankAll(data, TiePolicy::Input);
    const UserId u = data.ids.users.find("u");
    EXPECT_TRUE(ranked.hasUser(u));
    EXPECT_EQ(ranked.user(u).listLength, 0u);
    EXPECT_TRUE(ranked.user(u).groups.empty());
}

TEST(RankerTest, InfiniteScoresSortToTheTopAndTheEnd) {
    const double inf = std::numeric_limits<double>::infinity();
    Dataset data = makeDataset({{"u", "a", 1}}, {{"m", {{"u", "low", -inf}, {"u", "mid", 0.0}, {"u", "high", inf},
                                                       {"u", "big", 1e308}, {"u", "small", -1e308}}}});
    for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Pessimistic})
        EXPECT_EQ(rankedNames(data, "u", ties), (Names{"high", "big", "mid", "small", "low"})) << tiePolicyName(ties);
}

TEST(RankerTest, MaxLengthKeepsTheFirstItemsAfterSorting) {
    // Ranked (trec): e 5, d 4, c 3 | b 2, a 1. Relevant: d (2nd) and a (5th).
    Dataset data = makeDataset({{"u", "a", 1}, {"u", "d", 2}},
                               {{"m", {{"u", "a", 1.0}, {"u", "b", 2.0}, {"u", "c", 3.0}, {"u", "d", 4.0}, {"u", "e", 5.0},
                                       {"v", "a", 1.0}}}});
    EXPECT_EQ(rankedNames(data, "u", TiePolicy::Trec, 3), (Names{"e", "d", "c"}));
    const RankedRun ranked = rankAll(data, TiePolicy::Trec, 3);
    const UserRanking r = ranked.user(data.ids.users.find("u"));
    EXPECT_EQ(r.listLength, 3u);
    ASSERT_EQ(r.groups.size(), 1u);
    EXPECT_EQ(r.groups[0].start, 1u);
    EXPECT_EQ(r.grades[r.groups[0].firstGrade], 2.0);
    EXPECT_EQ(ranked.user(data.ids.users.find("v")).listLength, 1u);  // shorter lists stay whole
}

TEST(RankerTest, MaxLengthWithTheExpectedPolicyIsAnError) {
    Dataset data = makeDataset({{"u", "a", 1}}, {{"m", {{"u", "a", 1.0}}}});
    RankOptions options;
    options.ties = TiePolicy::Expected;
    options.maxLength = 5;
    EXPECT_THROW(rankRun(data.models[0].run, data.judgments, options), Error);
}

TEST(RankerTest, RankUserMatchesRankRunGroupsUnderEveryPolicy) {
    // Random users with ties; rankRun's compact groups must be what the full
    // list of rankUser implies: for a deterministic policy one group per judged
    // position, for expected one per tie group holding a judged item.
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> size(0, 15), levels(1, 4), grade(-1, 3), coin(0, 2);
    std::vector<Triple> qrels, run;
    for (int u = 0; u < 400; ++u) {
        const std::string user = "u" + std::to_string(u);
        const int n = size(rng), distinct = levels(rng);
        std::vector<int> pool(40);
        std::iota(pool.begin(), pool.end(), 0);
        std::shuffle(pool.begin(), pool.end(), rng);  // distinct items in random file order
        for (int i = 0; i < n; ++i) {
            const std::string item = "i" + std::to_string(pool[i]);
            run.emplace_back(user, item, double(std::uniform_int_distribution<int>(1, distinct)(rng)));
            if (coin(rng) == 0) qrels.emplace_back(user, item, double(grade(rng)));
        }
        qrels.emplace_back(user, "unranked", 1.0);
    }
    Dataset data = makeDataset(qrels, {{"m", run}});
    data.exclusions = exclusionsOf(data.ids, {{"u1", "i3"}, {"u2", "i7"}, {"u3", "i1"}, {"u5", "i0"}});
    const auto order = itemNameOrder(data.ids.items);
    for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic,
                           TiePolicy::Pessimistic}) {
        for (int threads : {1, 4}) {
            const RankedRun ranked = rankAll(data, ties, 0, threads);
            RankOptions options;
            options.ties = ties;
            options.itemOrder = &order;
            options.exclusions = &*data.exclusions;
            for (UserId u = 0; u < data.ids.users.size(); ++u) {
                const auto full = rankUser(data.models[0].run, data.judgments, u, options);
                const UserRanking r = ranked.user(u);
                ASSERT_EQ(r.listLength, full.size()) << "user " << u;
                std::vector<RankedGroup> expected;
                std::vector<std::vector<double>> expectedGrades;
                for (std::size_t p = 0; p < full.size();) {
                    std::size_t end = p + 1;
                    if (ties == TiePolicy::Expected)
                        while (end < full.size() && full[end].tieGroup == full[p].tieGroup) ++end;
                    std::vector<double> grades;
                    for (std::size_t i = p; i < end; ++i)
                        if (full[i].grade) grades.push_back(*full[i].grade);
                    if (!grades.empty()) {
                        expected.push_back({std::uint32_t(p), std::uint32_t(end - p), 0, std::uint32_t(grades.size())});
                        std::sort(grades.begin(), grades.end());
                        expectedGrades.push_back(grades);
                    }
                    p = end;
                }
                ASSERT_EQ(r.groups.size(), expected.size()) << "user " << u << " " << tiePolicyName(ties);
                for (std::size_t g = 0; g < expected.size(); ++g) {
                    EXPECT_EQ(r.groups[g].start, expected[g].start);
                    EXPECT_EQ(r.groups[g].size, expected[g].size);
                    ASSERT_EQ(r.groups[g].gradeCount, expected[g].gradeCount);
                    std::vector<double> grades(r.grades.begin() + r.groups[g].firstGrade,
                                               r.grades.begin() + r.groups[g].firstGrade + r.groups[g].gradeCount);
                    std::sort(grades.begin(), grades.end());
                    EXPECT_EQ(grades, expectedGrades[g]);
                }
            }
        }
    }
}

TEST(RankerTest, RankUserNumbersTieGroupsByEqualScores) {
    Dataset data = makeDataset({{"u", "a", 2}},
                               {{"m", {{"u", "a", 1.0}, {"u", "b", 3.0}, {"u", "c", 1.0}, {"u", "d", 3.0}, {"u", "e", 0.0}}}});
    const auto order = itemNameOrder(data.ids.items);
    RankOptions options;
    options.ties = TiePolicy::Trec;
    options.itemOrder = &order;
    const auto list = rankUser(data.models[0].run, data.judgments, data.ids.users.find("u"), options);
    ASSERT_EQ(list.size(), 5u);
    // d b | c a | e
    EXPECT_EQ(list[0].tieGroup, 0u);
    EXPECT_EQ(list[1].tieGroup, 0u);
    EXPECT_EQ(list[2].tieGroup, 1u);
    EXPECT_EQ(list[3].tieGroup, 1u);
    EXPECT_EQ(list[4].tieGroup, 2u);
    EXPECT_EQ(data.ids.items.name(list[3].item), "a");
    ASSERT_TRUE(list[3].grade.has_value());
    EXPECT_EQ(*list[3].grade, 2.0);
    EXPECT_FALSE(list[0].grade.has_value());
    EXPECT_EQ(list[0].score, 3.0);
}

TEST(RankerTest, ItemNameOrderIsAscendingBytewise) {
    IdSpace ids;
    for (const char* name : {"b", "B", "10", "9", "_", "a"}) ids.items.intern(name);
    const auto rank = itemNameOrder(ids.items);
    // Ascending: "10" < "9" < "B" < "_" < "a" < "b".
    EXPECT_EQ(rank[ids.items.find("10")], 0u);
    EXPECT_EQ(rank[ids.items.find("9")], 1u);
    EXPECT_EQ(rank[ids.items.find("B")], 2u);
    EXPECT_EQ(rank[ids.items.find("_")], 3u);
    EXPECT_EQ(rank[ids.items.find("a")], 4u);
    EXPECT_EQ(rank[ids.items.find("b")], 5u);
}

TEST(TiePolicyTest, NamesRoundTrip) {
    for (TiePolicy p : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic,
                        TiePolicy::Pessimistic})
        EXPECT_EQ(parseTiePolicy(tiePolicyName(p)), p);
    EXPECT_FALSE(parseTiePolicy("random").has_value());
    EXPECT_FALSE(parseTiePolicy("TREC").has_value());
}

// A run listed best first (the usual case, where the sort is skipped) ranks
// exactly as the same lines in another order, under every policy: the
// order within ties comes from the policy, and for input, from the lines.
TEST(RankerTest, ALineOrderAlreadySortedRanksAsAShuffledOne) {
    const std::vector<Triple> qrels{{"u", "b", 1}, {"u", "d", 2}, {"u", "e", 1}};
    const std::vector<Triple> sorted{{"u", "a", 5}, {"u", "b", 4}, {"u", "c", 4}, {"u", "d", 4}, {"u", "e", 2}, {"u", "f", 1}};
    const std::vector<Triple> shuffled{{"u", "d", 4}, {"u", "f", 1}, {"u", "a", 5}, {"u", "b", 4}, {"u", "e", 2}, {"u", "c", 4}};
    const Dataset inOrder = makeDataset(qrels, {{"m", sorted}});
    const Dataset mixed = makeDataset(qrels, {{"m", shuffled}});
    // By hand: ties b, c, d (score 4) at positions 2-4.
    EXPECT_EQ(rankedNames(inOrder, "u", TiePolicy::Trec), (Names{"a", "d", "c", "b", "e", "f"}));
    EXPECT_EQ(rankedNames(mixed, "u", TiePolicy::Trec), (Names{"a", "d", "c", "b", "e", "f"}));
    EXPECT_EQ(rankedNames(inOrder, "u", TiePolicy::Optimistic), (Names{"a", "d", "b", "c", "e", "f"}));
    EXPECT_EQ(rankedNames(mixed, "u", TiePolicy::Optimistic), (Names{"a", "d", "b", "c", "e", "f"}));
    EXPECT_EQ(rankedNames(inOrder, "u", TiePolicy::Pessimistic), (Names{"a", "c", "b", "d", "e", "f"}));
    EXPECT_EQ(rankedNames(mixed, "u", TiePolicy::Pessimistic), (Names{"a", "c", "b", "d", "e", "f"}));
    EXPECT_EQ(rankedNames(inOrder, "u", TiePolicy::Input), (Names{"a", "b", "c", "d", "e", "f"}));
    EXPECT_EQ(rankedNames(mixed, "u", TiePolicy::Input), (Names{"a", "d", "b", "c", "e", "f"}));
}

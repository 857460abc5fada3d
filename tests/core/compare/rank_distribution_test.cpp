// computeRankDistributions(): hand-counted histograms on docs/metrics.md's worked
// examples, expected-tie histograms against brute-force enumeration of every
// order of every tie group, totals and CDFs against evaluate()'s hr@k and
// hits@k, whole counts under deterministic policies, threads and cancel.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <set>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_data_sets.h"
#include "core/engine_test_support.h"
#include "io/dataset_loader.h"
#include "compare/rank_distribution.h"
#include "common/random.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

RankDistributions distributions(const Dataset& data, TiePolicy ties, std::uint32_t kmax = 0,
                                UsersPolicy users = UsersPolicy::Relevant, int threads = 1) {
    RankCache cache;
    return computeRankDistributions(data, settingsFor(ties, users, threads), kmax, cache);
}

std::vector<Triple> exampleRanking(const std::string& u) {
    const int order[] = {4, 6, 2, 3, 1, 8, 10, 9, 5, 7};
    std::vector<Triple> run;
    for (int p = 0; p < 10; ++p) run.emplace_back(u, std::to_string(order[p]), 10.0 - p);
    return run;
}

// u: relevant at positions 2, 5, 8 (example 1); v: at position 3 (example
// 2); w: its one relevant item "z" is not in the run.
Dataset handExample() {
    std::vector<Triple> run = exampleRanking("u");
    for (const Triple& t : exampleRanking("v")) run.push_back(t);
    run.emplace_back("w", "a", 2.0);
    run.emplace_back("w", "b", 1.0);
    return makeDataset({{"u", "1", 1}, {"u", "6", 1}, {"u", "9", 1}, {"v", "2", 1}, {"w", "z", 1}}, {{"m", run}});
}

// One user for brute force: tie groups in score order (items), the relevant
// items (some may be absent from the run).
struct TiedUser {
    std::string name;
    std::vector<std::vector<std::string>> groups;
    std::vector<std::string> relevant;
};

std::vector<TiedUser> tiedUsers() {
    return {
        {"a", {{"x1"}, {"r1", "n1", "r2", "n2"}, {"n3", "r3"}}, {"r1", "r2", "r3", "r9"}},
        {"b", {{"b1", "b2", "b3", "b4", "b5"}}, {"b2", "b4"}},
        {"c", {{"c0"}, {"c1"}, {"c2", "c3", "c4"}}, {"c3"}},
        {"d", {{"d1", "d2", "d3", "d4", "d5", "d6"}}, {"d1", "d3", "d6"}},
    };
}

std::vector<Triple> qrelsOf(const TiedUser& u) {
    std::vector<Triple> q;
    for (const auto& item : u.relevant) q.emplace_back(u.name, item, 1.0);
    q.emplace_back(u.name, "judged_nonrelevant", 0.0);
    return q;
}

// The tie groups as equal scores, groups in descending score.
Dataset tiedDataset(const std::vector<TiedUser>& users) {
    std::vector<Triple> qrels, run;
    for (const TiedUser& u : users) {
        for (const Triple& t : qrelsOf(u)) qrels.push_back(t);
        double score = 100;
        for (const auto& group : u.groups) {
            for (const auto& item : group) run.emplace_back(u.name, item, score);
            score -= 1;
        }
    }
    return makeDataset(qrels, {{"m", run}});
}

struct Brute {
    std::vector<double> first, all;
    double firstMissing = 0, firstBeyond = 0, allMissing = 0, allBeyond = 0;
    explicit Brute(std::size_t k) : first(k, 0.0), all(k, 0.0) {}
};

// Mean over every order of every tie group of one user of the deterministic
// histograms: each order is its own run with distinct, descending scores.
void addBruteForce(const TiedUser& u, std::uint32_t kmax, Brute& sum) {
    std::vector<std::vector<std::string>> groups = u.groups;
    for (auto& g : groups) std::sort(g.begin(), g.end());
    Brute mine(kmax);
    double orders = 0;
    std::function<void(std::size_t)> visit = [&](std::size_t level) {
        if (level == groups.size()) {
            std::vector<Triple> run;
            double score = 1000;
            for (const auto& g : groups)
                for (const auto& item : g) run.emplace_back(u.name, item, score--);
            const RankDistributions d = distributions(makeDataset(qrelsOf(u), {{"m", run}}), TiePolicy::Trec, kmax);
            const ModelRankDistribution& m = d.models.at(0);
            for (std::size_t i = 0; i < m.first.counts.size(); ++i) {
                mine.first[i] += m.first.counts[i];
                mine.all[i] += m.all.counts[i];
            }
            mine.firstMissing += m.first.notRetrieved - m.first.beyondK;
            mine.firstBeyond += m.first.beyondK;
            mine.allMissing += m.all.notRetrieved - m.all.beyondK;
            mine.allBeyond += m.all.beyondK;
            orders += 1;
            return;
        }
        do {
            visit(level + 1);
        } while (std::next_permutation(groups[level].begin(), groups[level].end()));
    };
    visit(0);
    for (std::size_t i = 0; i < kmax; ++i) {
        sum.first[i] += mine.first[i] / orders;
        sum.all[i] += mine.all[i] / orders;
    }
    sum.firstMissing += mine.firstMissing / orders;
    sum.firstBeyond += mine.firstBeyond / orders;
    sum.allMissing += mine.allMissing / orders;
    sum.allBeyond += mine.allBeyond / orders;
}

// Judged items with grade >= 1, counted from a qrels file.
std::size_t relevantLines(const std::string& set) {
    std::ifstream in(engineDir(set) + "qrels.txt");
    std::size_t n = 0;
    for (std::string u, zero, item, grade; in >> u >> zero >> item >> grade;) n += std::stod(grade) >= 1;
    return n;
}

} // namespace

TEST(RankDistributionTest, WorkedExamplesCountedByHand) {
    const Dataset data = handExample();
    const ModelRankDistribution d = distributions(data, TiePolicy::Expected).models.at(0);
    ASSERT_EQ(d.first.counts.size(), 10u);  // K: the longest list
    // first: u at 2, v at 3, w not retrieved.
    const std::vector<double> first{0, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    const std::vector<double> all{0, 1, 1, 0, 1, 0, 0, 1, 0, 0};
    EXPECT_EQ(d.first.counts, first);
    EXPECT_EQ(d.all.counts, all);
    EXPECT_EQ(d.first.total, 3.0);
    EXPECT_EQ(d.first.notRetrieved, 1.0);
    EXPECT_EQ(d.first.beyondK, 0.0);
    EXPECT_EQ(d.all.total, 5.0);
    EXPECT_EQ(d.all.notRetrieved, 1.0);
    EXPECT_DOUBLE_EQ(d.first.cdf[1], 1.0 / 3);
    EXPECT_DOUBLE_EQ(d.first.cdf[9], 2.0 / 3);
    EXPECT_DOUBLE_EQ(d.all.cdf[4], 3.0 / 5);
    EXPECT_DOUBLE_EQ(d.all.cdf[9], 4.0 / 5);
    EXPECT_DOUBLE_EQ(d.meanFirstRank, 2.5);
    EXPECT_EQ(d.medianFirstRank, 2.0);

    // K = 4: u's items at 5 and 8 are ranked below K.
    const ModelRankDistribution k4 = distributions(data, TiePolicy::Expected, 4).models.at(0);
    EXPECT_EQ(k4.all.counts, (std::vector<double>{0, 1, 1, 0}));
    EXPECT_EQ(k4.all.notRetrieved, 3.0);
    EXPECT_EQ(k4.all.beyondK, 2.0);
    EXPECT_DOUBLE_EQ(k4.all.cdf.back(), 2.0 / 5);
    EXPECT_DOUBLE_EQ(k4.all.retrievedShare(), 2.0 / 5);

    // K = 1: no first relevant item at rank 1; u's and v's are beyond K.
    const ModelRankDistribution k1 = distributions(data, TiePolicy::Expected, 1).models.at(0);
    EXPECT_EQ(k1.first.counts, (std::vector<double>{0}));
    EXPECT_EQ(k1.first.notRetrieved, 3.0);
    EXPECT_EQ(k1.first.beyondK, 2.0);
    EXPECT_TRUE(std::isnan(k1.meanFirstRank));
    EXPECT_TRUE(std::isnan(k1.medianFirstRank));
}

TEST(RankDistributionTest, ExpectedTiesEqualTheMeanOverEveryOrder) {
    const std::vector<TiedUser> users = tiedUsers();
    const Dataset data = tiedDataset(users);
    for (std::uint32_t kmax : {7u, 4u, 2u}) {
        SCOPED_TRACE(std::string("K ").append(std::to_string(kmax)));
        const ModelRankDistribution d = distributions(data, TiePolicy::Expected, kmax).models.at(0);
        Brute brute(kmax);
        for (const TiedUser& u : users) addBruteForce(u, kmax, brute);
        ASSERT_EQ(d.first.counts.size(), kmax);
        for (std::size_t i = 0; i < kmax; ++i) {
            EXPECT_NEAR(d.first.counts[i], brute.first[i], 1e-12) << "rank " << i + 1;
            EXPECT_NEAR(d.all.counts[i], brute.all[i], 1e-12) << "rank " << i + 1;
        }
        EXPECT_NEAR(d.first.notRetrieved, brute.firstMissing + brute.firstBeyond, 1e-12);
        EXPECT_NEAR(d.first.beyondK, brute.firstBeyond, 1e-12);
        EXPECT_NEAR(d.all.notRetrieved, brute.allMissing + brute.allBeyond, 1e-12);
        EXPECT_NEAR(d.all.beyondK, brute.allBeyond, 1e-12);
        EXPECT_EQ(d.first.total, 4.0);
        EXPECT_EQ(d.all.total, 4.0 + 2 + 1 + 3);
    }
    // b alone: 5 tied, 2 relevant: P(first at 1 + j) = C(4 - j, 1) / C(5, 2) = 4/10, 3/10, 2/10, 1/10.
    const ModelRankDistribution b = distributions(tiedDataset({users[1]}), TiePolicy::Expected).models.at(0);
    const double expected[] = {0.4, 0.3, 0.2, 0.1, 0.0};
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_NEAR(b.first.counts[i], expected[i], 1e-15) << i;
        EXPECT_NEAR(b.all.counts[i], 0.4, 1e-15) << i;  // 2 relevant spread over 5 positions
    }
}

TEST(RankDistributionTest, CountsSumToTotalsAndCdfMatchesHitRateAndHits) {
    for (const char* set : {"01_binary_basic", "03_ties_heavy", "04_all_tied"}) {
        SCOPED_TRACE(set);
        const Dataset data = loadEngineSet(set);
        const RankDistributions r = distributions(data, TiePolicy::Expected);
        const ModelRankDistribution& d = r.models.at(0);
        const double users = double(r.counts.evaluated);
        EXPECT_EQ(d.first.total, users);
        EXPECT_EQ(d.all.total, double(relevantLines(set)));  // every user with a relevant item is averaged
        double firstSum = d.first.notRetrieved, allSum = d.all.notRetrieved;
        for (double c : d.first.counts) firstSum += c;
        for (double c : d.all.counts) allSum += c;
        EXPECT_NEAR(firstSum, d.first.total, 1e-9);
        EXPECT_NEAR(allSum, d.all.total, 1e-9);
        EXPECT_NEAR(d.first.cdf.back(), d.first.retrievedShare(), 1e-12);
        EXPECT_NEAR(d.all.cdf.back(), d.all.retrievedShare(), 1e-12);

        // The first-rank CDF at k is the mean hr@k; the all-rank cumulative count at k is n·(mean hits@k).
        std::string ids;
        for (std::uint32_t k = 1; k <= r.kmax; ++k)
            ids += (ids.empty() ? "" : ",") + std::string("hr@").append(std::to_string(k)) + ",hits@" +
                   std::to_string(k);
        const std::vector<double> v = means(data, ids, TiePolicy::Expected);
        double cumulative = 0;
        for (std::uint32_t k = 1; k <= r.kmax; ++k) {
            cumulative += d.all.counts[k - 1];
            EXPECT_NEAR(d.first.cdf[k - 1], v[2 * (k - 1)], 1e-12) << "hr@" << k;
            EXPECT_NEAR(cumulative, users * v[2 * (k - 1) + 1], 1e-9) << "hits@" << k;
        }
    }
}

TEST(RankDistributionTest, DeterministicPoliciesGiveWholeCounts) {
    const Dataset data = loadEngineSet("03_ties_heavy");
    for (TiePolicy ties : {TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic, TiePolicy::Pessimistic}) {
        const ModelRankDistribution d = distributions(data, ties).models.at(0);
        for (const RankHistogram* h : {&d.first, &d.all}) {
            for (double c : h->counts) EXPECT_EQ(c, std::floor(c)) << tiePolicyName(ties);
            EXPECT_EQ(h->notRetrieved, std::floor(h->notRetrieved)) << tiePolicyName(ties);
        }
    }
    // The expected policy on heavy ties gives fractions somewhere.
    const ModelRankDistribution e = distributions(data, TiePolicy::Expected).models.at(0);
    EXPECT_TRUE(std::any_of(e.first.counts.begin(), e.first.counts.end(), [](double c) { return c != std::floor(c); }));
}

TEST(RankDistributionTest, UsersWithoutRelevantItemsAreNotRetrievedUnderUsersAll) {
    // u has a relevant item at rank 1; n has only a non-relevant judgment.
    const Dataset data = makeDataset({{"u", "a", 1}, {"n", "a", 0}},
                                     {{"m", {{"u", "a", 2.0}, {"u", "b", 1.0}, {"n", "a", 1.0}}}});
    const ModelRankDistribution relevant = distributions(data, TiePolicy::Expected).models.at(0);
    EXPECT_EQ(relevant.first.total, 1.0);
    EXPECT_EQ(relevant.first.notRetrieved, 0.0);
    const ModelRankDistribution all =
        distributions(data, TiePolicy::Expected, 0, UsersPolicy::All).models.at(0);
    EXPECT_EQ(all.first.total, 2.0);
    EXPECT_EQ(all.first.counts, (std::vector<double>{1, 0}));
    EXPECT_EQ(all.first.notRetrieved, 1.0);
    EXPECT_EQ(all.all.total, 1.0);
    EXPECT_DOUBLE_EQ(all.first.cdf.back(), 0.5);
}

TEST(RankDistributionTest, SameNumbersForAnyThreadCount) {
    // 5,000 users (several chunks), scores in 0..4: many ties.
    synth::Rng rng(21);
    std::vector<Triple> qrels, run;
    for (int u = 0; u < 5000; ++u) {
        const std::string user = std::string("u").append(std::to_string(u));
        for (int i = 0; i < 12; ++i) {
            const std::string item = std::string("i").append(std::to_string(i));
            if (rng.next() % 4 == 0) qrels.emplace_back(user, item, 1.0);
            run.emplace_back(user, item, double(rng.next() % 5));
        }
    }
    const Dataset data = makeDataset(qrels, {{"m", run}});
    const RankDistributions one = distributions(data, TiePolicy::Expected, 0, UsersPolicy::Relevant, 1);
    for (int threads : {2, 4}) {
        const RankDistributions other = distributions(data, TiePolicy::Expected, 0, UsersPolicy::Relevant, threads);
        EXPECT_EQ(one.models[0].first.counts, other.models[0].first.counts);
        EXPECT_EQ(one.models[0].all.counts, other.models[0].all.counts);
        EXPECT_EQ(one.models[0].first.notRetrieved, other.models[0].first.notRetrieved);
        EXPECT_EQ(one.models[0].all.notRetrieved, other.models[0].all.notRetrieved);
        EXPECT_EQ(one.models[0].meanFirstRank, other.models[0].meanFirstRank);
    }
}

TEST(RankDistributionTest, CancelledProgressStops) {
    const Dataset data = handExample();
    Progress progress;
    progress.cancel();
    RankCache cache;
    EXPECT_THROW(computeRankDistributions(data, settingsFor(TiePolicy::Expected), 0, cache, &progress), Cancelled);
}

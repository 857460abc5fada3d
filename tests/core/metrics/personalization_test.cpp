// personalization@k (docs/metrics.md): hand computation (against pairwise
// overlaps counted directly), expected counts against brute force.
#include "core/metrics/set_level_test_cases.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(PersonalizationTest, OneMinusMeanOverlapOfTwoUsersLists) {
    Engine e(setLevelWorld(), TiePolicy::Trec);
    stats::SetStatistic s{stats::SetStatistic::Kind::Personalization};
    // Lists {a,b}, {a,c}, {a,b}: pair overlaps 1, 2, 1 of k = 2: mean 4/6.
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 2, s), 1.0 - (1.0 + 2.0 + 1.0) / 3 / 2);
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 1, s), 0.0);  // everyone gets a
    EXPECT_DOUBLE_EQ(engineStatistic(e, {"u1"}, 2, s), 0.0);           // one user: no pair
}

TEST(PersonalizationTest, ExpectedOverlapOfTiedListsMatchesBruteForce) {
    // Pairwise overlaps averaged over every order of every user's tie groups.
    std::mt19937 rng(7);
    for (int round = 0; round < 12; ++round) {
        World w = randomWorld(rng, 6, 10, 6, round % 3 + 1);
        Brute b(w);
        auto users = runUsers(w);
        Engine e(w, TiePolicy::Expected);
        for (std::uint32_t k : {1u, 2u, 4u}) {
            std::vector<std::map<std::string, double>> p;
            for (const auto& u : users) p.push_back(b.expectedCounts({u}, k));
            const double engine = engineStatistic(e, users, k, {stats::SetStatistic::Kind::Personalization});
            EXPECT_NEAR(engine, brutePersonalization(p, k), 1e-12) << "round " << round << ", k " << k;
            EXPECT_GE(engine, 0.0);
            EXPECT_LE(engine, 1.0);
        }
    }
}

TEST(PersonalizationTest, AllTiedDisjointListsStayWithinOne) {
    // Two users, each with 10 tied items of their own, k = 1: no overlap in
    // any order, so 1 (expected counts in c(c − 1) would give 1.9).
    World w;
    for (int i = 0; i < 10; ++i) {
        w.run.emplace_back("u1", "a" + std::to_string(i), 1.0);
        w.run.emplace_back("u2", "b" + std::to_string(i), 1.0);
        w.qrels.emplace_back("u1", "a" + std::to_string(i), 1.0);
        w.qrels.emplace_back("u2", "b" + std::to_string(i), 1.0);
    }
    Engine e(w, TiePolicy::Expected);
    EXPECT_DOUBLE_EQ(engineStatistic(e, {"u1", "u2"}, 1, {stats::SetStatistic::Kind::Personalization}), 1.0);
}

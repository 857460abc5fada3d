// personalization@k (METRICS.md): hand computation (against pairwise
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

TEST(PersonalizationTest, MatchesBruteForceOnExpectedCounts) {
    expectSetLevelMatchesBruteForce({stats::SetStatistic::Kind::Personalization},
                                    [](const Brute&, const auto& c, double users, double k) {
                                        return brutePersonalization(c, users, k);
                                    });
}

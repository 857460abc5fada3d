// efd@k (docs/metrics.md): hand computation, brute force over all tie orders.
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

namespace {
double disc(int p) { return 1.0 / std::log2(p + 1.0); }
} // namespace

TEST(EfdTest, DiscountedFreeDiscoveryOfRelevantItems) {
    Engine e(handWorld(), TiePolicy::Trec);
    // Relevant b (n 2) at 2 and e (n 0, counts 1) at 3; P = 7.
    auto v = e.values(efdValues, "u", {2, 3});
    EXPECT_NEAR(v[0], disc(2) * -std::log2(2.0 / 7) / (disc(1) + disc(2)), 1e-15);
    EXPECT_NEAR(v[1], (disc(2) * -std::log2(2.0 / 7) + disc(3) * -std::log2(1.0 / 7)) / (disc(1) + disc(2) + disc(3)),
                1e-15);
}

TEST(EfdTest, CatalogFileChangesP) {
    World w = handWorld();
    w.catalog = {"a", "b", "e"};  // P = 3 + 2 + 0
    Engine e(w, TiePolicy::Trec);
    EXPECT_NEAR(e.values(efdValues, "u", {2})[0], disc(2) * -std::log2(2.0 / 5) / (disc(1) + disc(2)), 1e-15);
}

TEST(EfdTest, MatchesBruteForceOverAllTieOrders) { expectMatchesBruteForce("efd", efdValues); }

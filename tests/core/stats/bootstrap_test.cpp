// The bootstrap of means: percentile positions as numpy.percentile ('linear'),
// and several columns resampled together giving each column's own interval.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/bootstrap.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::sameBits;

namespace {

TEST(BootstrapTest, ColumnsResampledTogetherEqualEachColumnAlone) {
    const auto& c = golden::pairedCase("ndcg_n50");
    const std::span<const double> columns[] = {c.a, c.b};
    const auto together = bootstrapMeanIntervals(columns);
    ASSERT_EQ(together.size(), 2u);
    const BootstrapInterval a = bootstrapMeanInterval(c.a), b = bootstrapMeanInterval(c.b);
    EXPECT_TRUE(sameBits(together[0].lo, a.lo));
    EXPECT_TRUE(sameBits(together[0].hi, a.hi));
    EXPECT_TRUE(sameBits(together[0].standardError, a.standardError));
    EXPECT_TRUE(sameBits(together[1].lo, b.lo));
    EXPECT_TRUE(sameBits(together[1].hi, b.hi));
}

TEST(BootstrapTest, OneUserGivesItsValueAsBothBounds) {
    // One user: every resample mean is that value.
    const std::vector<double> x = {0.375};
    const BootstrapInterval r = bootstrapMeanInterval(x);
    EXPECT_EQ(r.lo, 0.375);
    EXPECT_EQ(r.hi, 0.375);
}

TEST(BootstrapTest, BoundsInterpolateLinearlyBetweenSortedMeans) {
    // Two resamples with means m1 < m2: numpy.percentile puts 2.5% at
    // m1 + 0.025·(m2 − m1) and 97.5% at m1 + 0.975·(m2 − m1); the SE is
    // (m2 − m1)/√2. So hi − lo = 0.95·√2·SE.
    const auto& c = golden::pairedCase("ndcg_n50");
    ResamplingOptions options;
    options.resamples = 2;
    const BootstrapInterval r = bootstrapMeanInterval(c.a, 0.95, options);
    ASSERT_GT(r.standardError, 0.0);
    EXPECT_NEAR(r.hi - r.lo, 0.95 * std::sqrt(2.0) * r.standardError, 1e-12);
}

TEST(BootstrapTest, IntervalContainsTheMean) {
    const auto& c = golden::pairedCase("hr_n500");
    const BootstrapInterval r = bootstrapMeanInterval(c.a);
    const double mean = moments(c.a).mean;
    EXPECT_LT(r.lo, mean);
    EXPECT_GT(r.hi, mean);
}

TEST(BootstrapTest, NoUsersGiveNanBounds) {
    const BootstrapInterval r = bootstrapMeanInterval(std::vector<double>{});
    EXPECT_TRUE(std::isnan(r.lo));
    EXPECT_TRUE(std::isnan(r.hi));
}

TEST(BootstrapTest, LevelOutsideZeroOneThrows) {
    const std::vector<double> x = {0.1, 0.2};
    EXPECT_THROW(bootstrapMeanInterval(x, 1.0), Error);
    EXPECT_THROW(bootstrapMeanInterval(x, 0.0), Error);
}

} // namespace

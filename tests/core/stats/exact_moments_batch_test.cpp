// ExactMoments::add(span), which gathers the sums per exponent before
// adding them to the exact sums, leaves the state that adding the values one
// at a time leaves: the same exact sums of x and x², count, NaN count,
// minimum and maximum, for values of every kind (signs, zeros, subnormals,
// the largest finite, NaN, infinities) and for spans longer than one
// gathering round (2^21 values).
#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "stats/exact_moments.h"

using namespace ranklab::stats;

namespace {

void expectSameState(const ExactMoments& batch, const ExactMoments& single) {
    EXPECT_EQ(batch.count(), single.count());
    EXPECT_EQ(batch.nanCount(), single.nanCount());
    EXPECT_EQ(std::bit_cast<std::uint64_t>(batch.min()), std::bit_cast<std::uint64_t>(single.min()));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(batch.max()), std::bit_cast<std::uint64_t>(single.max()));
    EXPECT_EQ(batch.sum().serialize(), single.sum().serialize());
    EXPECT_EQ(batch.squares().serialize(), single.squares().serialize());
    const Moments a = batch.moments(), b = single.moments();
    EXPECT_EQ(std::bit_cast<std::uint64_t>(a.mean), std::bit_cast<std::uint64_t>(b.mean));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(a.sd), std::bit_cast<std::uint64_t>(b.sd));
}

ExactMoments oneByOne(const std::vector<double>& xs) {
    ExactMoments m;
    for (double x : xs) m.add(x);
    return m;
}

ExactMoments batch(const std::vector<double>& xs) {
    ExactMoments m;
    m.add(std::span<const double>(xs));
    return m;
}

} // namespace

TEST(ExactMomentsBatch, MetricLikeValuesGiveTheOneByOneState) {
    std::mt19937_64 random(5);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<double> xs(100'000);
    for (double& x : xs) x = random() % 3 == 0 ? 0.0 : unit(random) / double(1 + random() % 50);
    expectSameState(batch(xs), oneByOne(xs));
}

TEST(ExactMomentsBatch, EveryKindOfDoubleGivesTheOneByOneState) {
    std::mt19937_64 random(9);
    const double special[] = {0.0,
                              -0.0,
                              std::numeric_limits<double>::denorm_min(),
                              -std::numeric_limits<double>::denorm_min(),
                              std::numeric_limits<double>::min(),
                              std::numeric_limits<double>::max(),
                              -std::numeric_limits<double>::max(),
                              1e300,
                              -1e-300};
    std::vector<double> xs;
    for (int i = 0; i < 5000; ++i) {
        const int kind = int(random() % 10);
        if (kind < 5) xs.push_back(std::bit_cast<double>((random() & ~(std::uint64_t(0x7ff) << 52)) |
                                                         (std::uint64_t(random() % 2046) << 52)));
        else xs.push_back(special[random() % std::size(special)]);
    }
    expectSameState(batch(xs), oneByOne(xs));  // finite only
    xs[17] = std::numeric_limits<double>::quiet_NaN();
    xs[1000] = std::numeric_limits<double>::infinity();
    xs[4000] = -std::numeric_limits<double>::infinity();
    expectSameState(batch(xs), oneByOne(xs));
}

TEST(ExactMomentsBatch, SpansLongerThanOneGatheringRoundGiveTheOneByOneState) {
    std::mt19937_64 random(3);
    std::vector<double> xs((std::size_t(1) << 21) + 12'345);
    // Mantissas near 2^53 in a few exponents: the 128-bit squares' buckets fill fastest.
    for (double& x : xs) x = std::ldexp(double((std::uint64_t(1) << 53) - 1 - random() % 1000), -53 - int(random() % 3));
    expectSameState(batch(xs), oneByOne(xs));
}

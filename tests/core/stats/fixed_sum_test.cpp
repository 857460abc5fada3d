// FixedSum: values in 64.64 fixed point summed as integers, so any order and
// split of the values gives the same bits, within 2^-64 per value of the
// exact sum.
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "stats/exact_sum.h"
#include "stats/fixed_sum.h"

namespace ranklab::stats {
namespace {

TEST(FixedSum, AnyOrderAndSplitGiveTheSameBits) {
    std::mt19937 rng(4);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<double> values;
    for (int i = 0; i < 5000; ++i) values.push_back(i % 7 == 0 ? std::floor(unit(rng) * 40) : unit(rng) * unit(rng));
    FixedSum forward;
    for (double v : values) forward.add(v);
    std::shuffle(values.begin(), values.end(), rng);
    FixedSum a, b, c;
    for (std::size_t i = 0; i < values.size(); ++i) (i % 3 == 0 ? a : i % 3 == 1 ? b : c).add(values[i]);
    c.merge(a);
    c.merge(b);
    EXPECT_EQ(c, forward);
    ExactSum exact;
    for (double v : values) exact.add(v);
    EXPECT_NEAR(forward.value(), exact.value(), double(values.size()) * 0x1p-64 + 1e-12);
}

TEST(FixedSum, RatiosAreRoundedDownOnceFromTheIntegers) {
    FixedSum third;
    third.addRatio(1, 3);
    EXPECT_EQ(third.high(), 0u);
    EXPECT_EQ(third.low(), 0x5555555555555555u);  // floor(2^64 / 3)
    FixedSum whole;
    whole.addRatio(7, 1);
    whole.add(2.5);
    EXPECT_EQ(whole.high(), 9u);
    EXPECT_EQ(whole.low(), 0x8000000000000000u);
    EXPECT_EQ(whole.value(), 9.5);
    FixedSum ignored;  // outside [0, 2^63): the caller's contract, left out
    ignored.add(-1.0);
    ignored.add(std::nan(""));
    ignored.add(0x1p63);
    EXPECT_TRUE(ignored.isZero());
}

} // namespace
} // namespace ranklab::stats

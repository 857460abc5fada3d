// Exact sums and the moments built on them: exact results where rounding
// each step would lose bits, and the same bits for any order or split.
#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/exact_moments.h"
#include "stats/exact_sum.h"

namespace ranklab::stats {
namespace {

double sumOf(std::initializer_list<double> xs) {
    ExactSum s;
    for (double x : xs) s.add(x);
    return s.value();
}

TEST(ExactSum, KeepsWhatRoundingEachStepWouldLose) {
    EXPECT_EQ(sumOf({1e100, 1.0, -1e100}), 1.0);
    const double two53 = 9007199254740992.0;
    EXPECT_EQ(sumOf({two53, 1.0, 1.0}), two53 + 2.0);  // step by step: 2^53
    EXPECT_EQ(sumOf({1.0, 1.0, two53}), two53 + 2.0);
}

TEST(ExactSum, RoundsTheExactValueToNearestEven) {
    const double two53 = 9007199254740992.0;
    EXPECT_EQ(sumOf({two53, 1.0}), two53);                           // a tie: to even
    EXPECT_EQ(sumOf({two53, 1.0, std::ldexp(1.0, -200)}), two53 + 2);  // just above the tie
    EXPECT_EQ(sumOf({two53, 1.0, -std::ldexp(1.0, -200)}), two53);     // just below
    // 10 × double(0.1) = 1.000000000000000055511151231257827..., nearest double 1.
    ExactSum tenth;
    for (int i = 0; i < 10; ++i) tenth.add(0.1);
    EXPECT_EQ(tenth.value(), 1.0);
}

TEST(ExactSum, HandlesSignsSubnormalsAndTheEnds) {
    EXPECT_EQ(sumOf({-3.5, 1.25}), -2.25);
    const double tiny = std::numeric_limits<double>::denorm_min();
    EXPECT_EQ(sumOf({tiny, tiny, tiny}), 3 * tiny);
    const double big = std::numeric_limits<double>::max();
    EXPECT_EQ(sumOf({big, big, -big}), big);  // the intermediate 2·max does not overflow
    EXPECT_TRUE(std::isinf(sumOf({big, big})));
    EXPECT_TRUE(std::isnan(sumOf({1.0, std::nan("")})));
    EXPECT_TRUE(std::isnan(sumOf({INFINITY, -INFINITY})));
    EXPECT_EQ(sumOf({INFINITY, 1.0}), INFINITY);
    EXPECT_EQ(sumOf({}), 0.0);
    ExactSum square;
    square.addSquare(std::ldexp(1.0, -1000));  // 2^-2000: below every double, kept exactly
    square.addSquare(std::ldexp(1.0, -1000));
    EXPECT_FALSE(square.isZero());
    EXPECT_EQ(square.value(), 0.0);
}

std::vector<double> mixedValues(std::size_t n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-60, 60);
    std::vector<double> xs(n);
    for (double& x : xs) x = std::ldexp(unit(rng), exponent(rng));
    return xs;
}

TEST(ExactSum, GivesTheSameBitsInAnyOrderAndForAnySplit) {
    std::vector<double> xs = mixedValues(20000, 7);
    ExactSum whole;
    for (double x : xs) whole.add(x);
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 5; ++trial) {
        std::shuffle(xs.begin(), xs.end(), rng);
        const std::size_t parts = 1 + std::size_t(trial) * 3;
        ExactSum merged;
        for (std::size_t p = 0; p < parts; ++p) {
            ExactSum part;
            for (std::size_t i = p; i < xs.size(); i += parts) part.add(xs[i]);
            merged.merge(part);
        }
        EXPECT_EQ(merged.value(), whole.value());
        EXPECT_EQ(merged.serialize(), whole.serialize());
    }
    // Subtracting every value again, in another order, leaves exactly zero.
    std::shuffle(xs.begin(), xs.end(), rng);
    for (double x : xs) whole.add(-x);
    EXPECT_TRUE(whole.isZero());
}

TEST(ExactSum, AgreesWithALongDoubleSumOnOrdinaryData) {
    std::vector<double> xs = mixedValues(1000, 3);
    for (double& x : xs) x = std::fabs(x);  // no cancellation: long double is then accurate
    ExactSum s;
    long double reference = 0;
    for (double x : xs) {
        s.add(x);
        reference += x;
    }
    EXPECT_NEAR(s.value(), double(reference), std::fabs(double(reference)) * 1e-15);
}

TEST(ExactSum, TextFormRoundTrips) {
    for (const auto& xs : {mixedValues(100, 1), std::vector<double>{-5.0, 1e-300}, std::vector<double>{}}) {
        ExactSum s;
        for (double x : xs) s.add(x);
        const ExactSum back = ExactSum::parse(s.serialize());
        EXPECT_EQ(back.serialize(), s.serialize());
        EXPECT_EQ(back.value(), s.value());
    }
    EXPECT_EQ(ExactSum::parse("-inf").value(), -INFINITY);
    EXPECT_THROW(ExactSum::parse("12"), Error);
    EXPECT_THROW(ExactSum::parse("3:zz"), Error);
    EXPECT_THROW(ExactSum::parse("999:1"), Error);
}

TEST(ExactMoments, StandardDeviationIsExactBeforeTheLastRounding) {
    ExactMoments small, shifted;
    small.add(std::vector<double>{1, 2, 3, 4});
    shifted.add(std::vector<double>{1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4});  // one-pass Σx² − (Σx)²/n cancels here
    EXPECT_EQ(small.moments().mean, 2.5);
    EXPECT_EQ(small.moments().sd, std::sqrt(5.0 / 3.0));
    EXPECT_EQ(shifted.moments().sd, std::sqrt(5.0 / 3.0));
    EXPECT_EQ(shifted.moments().mean, 1e9 + 2.5);
}

TEST(ExactMoments, ConstantValuesHaveZeroSpreadAndFewValuesNone) {
    ExactMoments constant, one, none;
    constant.add(std::vector<double>{0.1, 0.1, 0.1});
    EXPECT_EQ(constant.moments().mean, 0.1);
    EXPECT_EQ(constant.moments().sd, 0.0);
    one.add(0.3);
    EXPECT_EQ(one.moments().mean, 0.3);
    EXPECT_TRUE(std::isnan(one.moments().sd));
    EXPECT_TRUE(std::isnan(none.moments().mean));
}

TEST(ExactMoments, MergedPartsGiveTheWholeColumnsBits) {
    const std::vector<double> xs = mixedValues(5000, 5);
    ExactMoments whole;
    whole.add(xs);
    ExactMoments a, b, c;
    for (std::size_t i = 0; i < xs.size(); ++i) (i % 3 == 0 ? a : i % 3 == 1 ? b : c).add(xs[i]);
    c.merge(a);
    c.merge(b);
    EXPECT_EQ(c.moments().mean, whole.moments().mean);
    EXPECT_EQ(c.moments().sd, whole.moments().sd);
    EXPECT_EQ(whole.moments().sd, moments(xs).sd);
    // Against a two-pass long double computation.
    long double mean = 0, m2 = 0;
    for (double x : xs) mean += x;
    mean /= xs.size();
    for (double x : xs) m2 += (x - mean) * (x - mean);
    EXPECT_NEAR(whole.moments().sd, std::sqrt(double(m2 / (xs.size() - 1))), 1e-12 * whole.moments().sd);
}

} // namespace
} // namespace ranklab::stats

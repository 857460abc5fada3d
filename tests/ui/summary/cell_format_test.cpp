// How the Summary writes numbers: no "−0.0000" (a negative value that
// rounds to zero is zero), a sign only on what shows a non-zero digit, and
// a p-value below double precision (a computed 0 among them) as a bound.
#include <cmath>

#include <gtest/gtest.h>

#include "ui/summary/cell_format.h"

using namespace ranklab::ui;

TEST(CellFormatTest, ANegativeValueThatRoundsToZeroIsZero) {
    EXPECT_EQ(formatValue(-0.00001), QStringLiteral("0.0000"));
    EXPECT_EQ(formatValue(-0.0), QStringLiteral("0.0000"));
    EXPECT_EQ(formatValue(-0.5), QStringLiteral("−0.5000"));
    EXPECT_EQ(formatValue(-0.00005, 4), QStringLiteral("−0.0001"));  // rounds away from zero: a digit shows
    EXPECT_EQ(formatSigned(-0.00001), QStringLiteral("0.0000"));
    EXPECT_EQ(formatSigned(0.00001), QStringLiteral("0.0000"));
    EXPECT_EQ(formatSigned(0.0123), QStringLiteral("+0.0123"));
    EXPECT_EQ(formatSigned(-0.0123), QStringLiteral("−0.0123"));
    EXPECT_EQ(formatSigned(-0.0004, 3), QStringLiteral("0.000"));
}

TEST(CellFormatTest, APValueBelowDoublePrecisionIsABound) {
    EXPECT_EQ(formatPValue(0.0), QStringLiteral("< 1e-16"));
    EXPECT_EQ(formatPValue(3e-300), QStringLiteral("< 1e-16"));
    EXPECT_EQ(formatPValue(2e-16), QStringLiteral("2.00e-16"));
    EXPECT_EQ(formatPValue(0.0312), QStringLiteral("0.0312"));
    EXPECT_EQ(pEqualsHtml(0.0), QStringLiteral("p &lt; 1e-16"));
    EXPECT_EQ(pEqualsHtml(0.5), QStringLiteral("p = 0.5"));
    EXPECT_EQ(formatPValue(std::nan("")), QStringLiteral("–"));
}

// The report's number texts: printf's "%.*f" (digits rounded half to even
// on the binary value, as printf does), the sign always shown, the shortest
// text that reads back as the same double, and NaN written as each report
// chooses. Expected texts written out by hand.
#include "common/number_text.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

namespace ranklab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(NumberText, FixedDecimalsRoundsToTheDigitsAsked) {
    EXPECT_EQ(fixedDecimals(0.123456, 4), "0.1235");
    EXPECT_EQ(fixedDecimals(2.5, 0), "2");    // 2.5 is exact: ties to even
    EXPECT_EQ(fixedDecimals(0.125, 2), "0.12");  // 0.125 is exact: ties to even
    EXPECT_EQ(fixedDecimals(-1.0, 3), "-1.000");
    EXPECT_EQ(fixedDecimals(100, 0), "100");
    EXPECT_EQ(fixedDecimals(kInf, 2), "inf");
    EXPECT_EQ(fixedDecimals(-kInf, 2), "-inf");
}

TEST(NumberText, TheLargestDoubleIsWrittenWhole) {
    // DBL_MAX has 309 digits before the point; a 64-byte buffer once cut it.
    const std::string text = fixedDecimals(std::numeric_limits<double>::max(), 17);
    EXPECT_EQ(text.size(), 309u + 1u + 17u);
    EXPECT_EQ(text.substr(0, 6), "179769");
    EXPECT_EQ(text.substr(309), ".00000000000000000");
}

TEST(NumberText, NaNIsWrittenAsTheReportSays) {
    EXPECT_EQ(fixedDecimals(kNaN, 4, "-"), "-");
    EXPECT_EQ(fixedDecimals(kNaN, 4, "n/a"), "n/a");
    EXPECT_EQ(fixedDecimals(0.5, 1, "n/a"), "0.5");
    EXPECT_EQ(signedDecimals(kNaN, 4, "-"), "-");
    EXPECT_EQ(shortestText(kNaN, ""), "");
    EXPECT_EQ(shortestText(kNaN, "NaN"), "NaN");
}

TEST(NumberText, SignedDecimalsAlwaysShowTheSign) {
    EXPECT_EQ(signedDecimals(0.012, 4, "-"), "+0.0120");
    EXPECT_EQ(signedDecimals(-0.0031, 4, "-"), "-0.0031");
    EXPECT_EQ(signedDecimals(0.0, 2, "-"), "+0.00");
}

TEST(NumberText, ShortestTextReadsBackAsTheSameDouble) {
    EXPECT_EQ(shortestText(0.1), "0.1");
    EXPECT_EQ(shortestText(1e-7), "1e-07");
    EXPECT_EQ(shortestText(3.0), "3");
    EXPECT_EQ(shortestText(1.0 / 3.0), "0.3333333333333333");
    for (double v : {1.0 / 3.0, 2.0 / 7.0, 1e300, 5e-324, 0.1 + 0.2}) {
        const std::string text = shortestText(v);
        double back = 0;
        std::from_chars(text.data(), text.data() + text.size(), back);
        EXPECT_EQ(back, v) << text;
    }
}

} // namespace
} // namespace ranklab

// Strict number parsing of scores and grades.
#include "io/number.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

using namespace ranklab;

namespace {
NumberStatus status(std::string_view text) {
    double v = 0;
    return parseNumber(text, v);
}
double value(std::string_view text) {
    double v = -12345;
    EXPECT_EQ(parseNumber(text, v), NumberStatus::Ok) << text;
    return v;
}
} // namespace

TEST(NumberTest, DecimalScientificAndSigned) {
    EXPECT_EQ(value("1"), 1.0);
    EXPECT_EQ(value("-2.5"), -2.5);
    EXPECT_EQ(value("+3"), 3.0);
    EXPECT_EQ(value("1e-3"), 1e-3);
    EXPECT_EQ(value("2.5E+2"), 250.0);
    EXPECT_EQ(value(".5"), 0.5);
}

TEST(NumberTest, InfinityIsAllowedNaNIsNot) {
    EXPECT_EQ(value("inf"), HUGE_VAL);
    EXPECT_EQ(value("+inf"), HUGE_VAL);
    EXPECT_EQ(value("-inf"), -HUGE_VAL);
    EXPECT_EQ(value("Infinity"), HUGE_VAL);
    EXPECT_EQ(status("nan"), NumberStatus::NaN);
    EXPECT_EQ(status("NaN"), NumberStatus::NaN);
    EXPECT_EQ(status("-nan"), NumberStatus::NaN);
    EXPECT_EQ(status("+nan"), NumberStatus::NaN);
}

TEST(NumberTest, TheWholeFieldMustBeANumber) {
    for (const char* text : {"", "+", "-", "abc", "1x", "1.5f", "0x10", " 1", "1 ", "+-1", "++1", "1e", "--1"})
        EXPECT_EQ(status(text), NumberStatus::NotANumber) << '"' << text << '"';
}

TEST(NumberTest, OverflowBecomesInfinityAndUnderflowZeroAsStrtodDoes) {
    EXPECT_EQ(value("1e400"), HUGE_VAL);
    EXPECT_EQ(value("-1e+400"), -HUGE_VAL);
    EXPECT_EQ(value("1e-400"), 0.0);
    // No exponent: 1 followed by 400 zeros is about 1e400.
    EXPECT_EQ(value("1" + std::string(400, '0')), HUGE_VAL);
    EXPECT_EQ(value("-1" + std::string(400, '0') + ".5"), -HUGE_VAL);
    // 0.000...1 with 400 zeros is about 1e-401.
    EXPECT_EQ(value("0." + std::string(400, '0') + "1"), 0.0);
    // A long mantissa with a negative exponent that brings it back is exact enough.
    EXPECT_EQ(value("1" + std::string(400, '0') + "e-400"), 1.0);
    // Huge mantissa, huge negative exponent: about 1e-300 + ... stays finite.
    EXPECT_EQ(value("1" + std::string(400, '0') + "e-1000"), 0.0);
    EXPECT_EQ(value("0.00001e-400"), 0.0);
}

#include "common/error.h"

#include <gtest/gtest.h>

using namespace ranklab;

TEST(InputErrorTest, MessageNamesFileLineColumnAndText) {
    InputError e({"runs/a.tsv", 12, 5}, "expected a number for the score", "abc");
    EXPECT_STREQ(e.what(), "runs/a.tsv:12:5: expected a number for the score (found \"abc\")");
    EXPECT_EQ(e.where().line, 12u);
    EXPECT_EQ(e.where().column, 5u);
}

TEST(InputErrorTest, PrintableEscapesControlBytesAndShortens) {
    EXPECT_EQ(printable(std::string("a\tb\0c", 5)), "a\\tb\\x00c");
    EXPECT_EQ(printable(std::string(100, 'x'), 10), std::string(10, 'x') + "...");
}

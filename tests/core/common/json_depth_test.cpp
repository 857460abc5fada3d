// The JSON nesting bound: levels counted by hand in each input.
#include <gtest/gtest.h>

#include "common/error.h"
#include "common/json_depth.h"

namespace ranklab {
namespace {

std::string deep(std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

TEST(JsonDepthTest, SixtyFourLevelsPassAndTheSixtyFifthIsRefusedWhereItOpens) {
    EXPECT_NO_THROW(requireJsonDepth(deep(64), "f.json"));
    try {
        requireJsonDepth("{\"a\":\n  " + deep(65), "f.json");
        FAIL() << "no error";
    } catch (const InputError& e) {
        // Line 2: the object is level 1, so the array's 64th '[' (column 3 + 63) opens level 65.
        EXPECT_EQ(e.where().file, "f.json");
        EXPECT_EQ(e.where().line, 2u);
        EXPECT_EQ(e.where().column, 66u);
        EXPECT_EQ(std::string(e.what()),
                  "f.json:2:66: JSON nested deeper than 64 levels of [ and {; expected a RankLab file (they nest a "
                  "few levels)");
    }
}

TEST(JsonDepthTest, BracketsInsideStringsAndEscapedQuotesDoNotCount) {
    // 100 '[' inside a string (after an escaped quote) and one real level.
    const std::string text = "[\"\\\"" + std::string(100, '[') + "\\\\\", 1]";
    EXPECT_NO_THROW(requireJsonDepth(text, "f.json", 1));
    EXPECT_THROW(requireJsonDepth("[" + text + "]", "f.json", 1), InputError);
}

TEST(JsonDepthTest, SiblingsDoNotAddUpAndClosersBringTheLevelDown) {
    std::string text = "[";
    for (int i = 0; i < 1000; ++i) text += deep(3) + ",";
    text += "0]";
    EXPECT_NO_THROW(requireJsonDepth(text, "f.json", 4));
    EXPECT_THROW(requireJsonDepth(text, "f.json", 3), InputError);
    // Stray closers (not JSON) never make the count negative.
    EXPECT_THROW(requireJsonDepth("]]]]" + deep(3), "f.json", 2), InputError);
}

TEST(JsonDepthTest, FiftyThousandLevelsAreRefusedInConstantMemory) {
    EXPECT_THROW(requireJsonDepth(deep(50000), "f.json"), InputError);
}

} // namespace
} // namespace ranklab

#include "synth/text_lines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace ranklab::synth;

TEST(SynthTextTest, IdsArePaddedToTheWidthOfTheCount) {
    EXPECT_EQ(IdNames('u', 2000).name(0), "u0001");
    EXPECT_EQ(IdNames('u', 2000).name(1999), "u2000");
    EXPECT_EQ(IdNames('u', 100000).name(0), "u000001");
    EXPECT_EQ(IdNames('i', 20000).name(41), "i00042");
    EXPECT_EQ(IdNames('i', 9).name(8), "i9");
    NameTable table('i', 5000);
    EXPECT_EQ(table[0], "i0001");
    EXPECT_EQ(table[4999], "i5000");
}

TEST(SynthTextTest, SpreadIdsAreDistinctAsinShapedAndInNoOrder) {
    const std::uint32_t count = 200000;
    const NameTable table = NameTable::spread(count);
    std::set<std::string> seen;
    std::size_t ascending = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::string name(table[i]);
        ASSERT_EQ(name.size(), 10u);
        ASSERT_EQ(name.substr(0, 2), "B0");
        ASSERT_TRUE(std::all_of(name.begin(), name.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
        })) << name;
        if (i > 0 && std::string(table[i - 1]) < name) ++ascending;
        seen.insert(name);
    }
    EXPECT_EQ(seen.size(), count);
    // Sequential ids always ascend; scrambled ones about half the time.
    EXPECT_GT(ascending, count / 3);
    EXPECT_LT(ascending, 2 * count / 3);
}

TEST(SynthTextTest, TrecLinesHaveTheirColumns) {
    std::string out;
    appendJudgment(out, SynthFormat::Trec, "u01", "i001", 3);
    appendRunLine(out, SynthFormat::Trec, "u01", "i001", 7, 0.1234567, false, "toprank");
    appendRunLine(out, SynthFormat::Trec, "u01", "i002", 8, 42.0, true, "popularity");
    EXPECT_EQ(out, "u01 0 i001 3\nu01 Q0 i001 7 0.123457 toprank\nu01 Q0 i002 8 42 popularity\n");
}

TEST(SynthTextTest, TsvLinesAreTabSeparated) {
    std::string out;
    appendJudgment(out, SynthFormat::Tsv, "u01", "i001", 2);
    appendRunLine(out, SynthFormat::Tsv, "u01", "i001", 1, 9.5, false, "broad");
    appendPair(out, "u01", "light");
    EXPECT_EQ(out, "u01\ti001\t2\nu01\ti001\t9.500000\nu01\tlight\n");
    EXPECT_EQ(judgmentsHeader(SynthFormat::Tsv), "user\titem\tgrade\n");
    EXPECT_EQ(runHeader(SynthFormat::Tsv), "user\titem\tscore\n");
    EXPECT_EQ(judgmentsHeader(SynthFormat::Trec), "");
}

// A shard's per-user values read back (the workbench's sharded results):
// what eval's --per-user writes reads back to the same numbers; bad files
// name the file, line and column.
#include "shard/per_user_file.h"

#include <cmath>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"

namespace ranklab::shard {
namespace {

std::string refusal(const std::string& text) {
    try {
        readPerUserFile(text, "u.tsv");
    } catch (const Error& e) {
        return e.what();
    }
    return "accepted";
}

TEST(PerUserFile, ReadsEvalsPerUserRowsWithNaNAndCrlf) {
    const PerUserRows r = readPerUserFile("user\tmodel\tndcg@5\tcoverage@5\r\n"
                                          "u1\ta\t0.12345678901234566\tnan\r\n"
                                          "u2\tb\t1\tnan\n",
                                          "u.tsv");
    EXPECT_EQ(r.metrics, (std::vector<std::string>{"ndcg@5", "coverage@5"}));
    ASSERT_EQ(r.rows.size(), 2u);
    EXPECT_EQ(r.rows[0].user, "u1");
    EXPECT_EQ(r.rows[1].model, "b");
    EXPECT_EQ(r.rows[0].values[0], 0.12345678901234566);
    EXPECT_TRUE(std::isnan(r.rows[0].values[1]));
    EXPECT_EQ(r.rows[1].values[0], 1.0);
}

TEST(PerUserFile, BadFilesNameTheLineColumnAndWhatWasExpected) {
    using ::testing::HasSubstr;
    EXPECT_THAT(refusal(""), HasSubstr("u.tsv: empty"));
    EXPECT_THAT(refusal("id\tmodel\tx\n"), HasSubstr("u.tsv:1:1: expected the header"));
    EXPECT_THAT(refusal("user\tmodel\tx\tz\nu1\ta\t0.5\n"), HasSubstr("u.tsv:2:1: expected 4 tab-separated fields, found 3"));
    EXPECT_THAT(refusal("user\tmodel\tx\tz\nu1\ta\t0.5\t0.5x\n"),
                HasSubstr("u.tsv:2:10: expected a number for z, found \"0.5x\""));
    EXPECT_THAT(refusal("user\tmodel\tx\nu1\ta\t\n"), HasSubstr("u.tsv:2:6: expected a number for x"));
}

} // namespace
} // namespace ranklab::shard

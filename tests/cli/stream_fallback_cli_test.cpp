// The automatic switch to a stream under a memory budget (issue 30, item
// 16): a valid run whose users are not grouped is read whole instead, with a
// note saying why, never refused with advice about an option (--stream) the
// user did not give. Asked for with --stream, the same run is still refused
// (a stream cannot read it), naming the line.
#include <cstdlib>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

using ::testing::HasSubstr;
using ::testing::Not;
using Result = ranklab::testing::CliResult;

namespace {

class StreamFallbackTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        std::ofstream qrels(path("qrels.txt")), ungrouped(path("ungrouped.trec")), grouped(path("grouped.trec"));
        std::string first, second;  // the two halves of each user's lines
        for (int u = 0; u < 40; ++u) {
            for (int i = 0; i < 3; ++i) qrels << "u" << u << " 0 d" << (u + i * 5) % 30 << " " << 1 + i % 2 << "\n";
            for (int i = 0; i < 30; ++i) {
                const std::string line = "u" + std::to_string(u) + " Q0 d" + std::to_string(i) + " 0 " +
                                         std::to_string(((u * 37 + i * 11) % 101) / 100.0) + " m\n";
                (i < 15 ? first : second) += line;
                grouped << line;
            }
        }
        ungrouped << first << second;  // every user comes back in the second half
    }
    ~StreamFallbackTest() override { ::unsetenv("RANKLAB_MEMORY_BYTES"); }

    std::string args(const std::string& run) const {
        return "eval --qrels '" + path("qrels.txt") + "' --run m='" + path(run) +
               "' --metrics ndcg,ap,recall --cutoffs 5,10 --digits 6";
    }
};

TEST_F(StreamFallbackTest, AnUngroupedRunIsReadWholeWhenTheStreamWasNotAskedFor) {
    const Result whole = run(args("ungrouped.trec"));
    ASSERT_EQ(whole.exitCode, 0) << whole.err;
    ::setenv("RANKLAB_MEMORY_BYTES", "2000", 1);  // less than the run's ~30 kB need
    const Result budgeted = run(args("ungrouped.trec"));
    const Result groupedStreamed = run(args("grouped.trec"));
    ASSERT_EQ(budgeted.exitCode, 0) << budgeted.err;
    EXPECT_EQ(budgeted.out, whole.out);
    EXPECT_THAT(budgeted.err, HasSubstr("reading them as a stream"));
    EXPECT_THAT(budgeted.err, HasSubstr("user \"u0\" comes back on line 601 after other users' lines, so the run "
                                        "cannot be read as a stream: reading the runs whole instead"));
    EXPECT_THAT(budgeted.err, Not(HasSubstr("leave out --stream")));
    // The grouped copy streams, and gives the same numbers (the same lines).
    ASSERT_EQ(groupedStreamed.exitCode, 0) << groupedStreamed.err;
    EXPECT_EQ(groupedStreamed.out, whole.out);
    EXPECT_THAT(groupedStreamed.err, Not(HasSubstr("reading the runs whole")));
}

TEST_F(StreamFallbackTest, AskedForTheStreamStillRefusesAnUngroupedRun) {
    const Result r = run(args("ungrouped.trec") + " --stream");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr(path("ungrouped.trec") + ":601:1: user \"u0\" comes back after other users' lines"));
}

} // namespace

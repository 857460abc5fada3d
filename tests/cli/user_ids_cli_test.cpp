// Ids that do not match between a run and the ground truth are never a
// silent 0: a run sharing no user is refused (with both files' ids and the
// leading-zeros hint), a partial overlap is warned about, and validate and
// inspect still report such data instead of refusing it.
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using Result = ranklab::testing::CliResult;

class UserIdsCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        std::ofstream(path("qrels.tsv")) << "user\titem\tgrade\n1\ta\t1\n2\tb\t1\n3\tc\t1\n";
        std::ofstream(path("padded.tsv")) << "user\titem\tscore\n001\ta\t1\n002\tb\t1\n003\tc\t1\n";
        std::ofstream(path("partial.tsv")) << "user\titem\tscore\n1\ta\t1\n2\tz\t1\nx9\tc\t1\n";
        std::ofstream(path("clean.tsv")) << "user\titem\tscore\n1\ta\t1\n2\tb\t1\n3\tc\t1\n";
        std::ofstream(path("other.tsv")) << "user\titem\tscore\nq1\ta\t1\nq2\tb\t1\n";
    }
    std::string with(const std::string& run) const {
        return " --qrels '" + path("qrels.tsv") + "' --run '" + path(run) + "'";
    }
};

TEST_F(UserIdsCliTest, ARunSharingNoUserIsRefusedWithBothFilesIds) {
    for (const char* command : {"eval --metrics hr@1", "compare --metrics hr@1 --no-bootstrap", "curves --metrics hr"}) {
        // compare needs two models: the clean run beside the padded one.
        const std::string extra = std::string(command).rfind("compare", 0) == 0 ? " --run '" + path("clean.tsv") + "'" : "";
        const Result r = run(std::string(command) + with("padded.tsv") + extra);
        EXPECT_EQ(r.exitCode, 1) << command << ": " << r.out;
        EXPECT_THAT(r.err, HasSubstr("run padded shares no user with the ground truth")) << command;
        EXPECT_THAT(r.err, HasSubstr("\"001\"")) << command;
        EXPECT_THAT(r.err, HasSubstr("\"1\"")) << command;
        EXPECT_THAT(r.err, HasSubstr("3 of its ids equal a ground-truth id but for leading zeros")) << command;
        EXPECT_TRUE(r.out.empty()) << command;  // no table of zeros
    }
    const Result other = run("eval --metrics hr@1" + with("other.tsv"));
    EXPECT_EQ(other.exitCode, 1);
    EXPECT_THAT(other.err, HasSubstr("do the two files name users the same way"));
}

TEST_F(UserIdsCliTest, APartialOverlapIsWarnedAndItsSharedUsersAveraged) {
    const Result r = run("eval --metrics hr@1 --format csv" + with("partial.tsv"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_THAT(r.err, HasSubstr("warning: run partial: 1 of its 3 users are not in the ground truth"));
    EXPECT_THAT(r.err, HasSubstr("\"x9\""));
    // hr@1 by hand over the ground truth's users with a relevant item: 1 hits
    // a, 2 misses (z), 3 is not scored: 1/3.
    EXPECT_THAT(r.out, HasSubstr("0.3333"));
    const Result clean = run("eval --metrics hr@1" + with("clean.tsv"));
    EXPECT_THAT(clean.err, Not(HasSubstr("warning")));
}

TEST_F(UserIdsCliTest, ValidateAndInspectReportDisjointIdsInsteadOfRefusing) {
    const Result validate = run("validate --metrics hr@1" + with("padded.tsv"));
    EXPECT_THAT(validate.out + validate.err, HasSubstr("no user of the run is in the ground truth"));
    EXPECT_THAT(validate.err, Not(HasSubstr("shares no user")));
    const Result inspect = run("inspect" + with("padded.tsv"));
    EXPECT_EQ(inspect.exitCode, 0) << inspect.err;
}

} // namespace

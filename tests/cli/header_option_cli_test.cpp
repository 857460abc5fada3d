// --header yes|no|auto (issue 30, item 9): a headerless CSV whose first
// score does not parse is an error at line 1, in its third field (byte
// column 7 of `q1,d1,high`), not a first line
// silently dropped as a header; a line taken as a header is said on stderr
// when it was guessed; --header yes and no decide it.
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

using ::testing::HasSubstr;
using ::testing::Not;
using Result = ranklab::testing::CliResult;

namespace {

class HeaderOptionTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        std::ofstream(path("qrels.txt")) << "q1 0 d1 1\nq1 0 d3 1\nq2 0 d2 1\n";
        body = "q1,d1,0.5\nq1,d2,0.75\nq1,d3,0.25\nq2,d1,0.5\nq2,d2,0.25\n";
        std::ofstream(path("plain.csv")) << body;
    }
    std::string eval(const std::string& run, const std::string& more = "") const {
        return "eval --qrels '" + path("qrels.txt") + "' --run m='" + path(run) + "' --metrics ndcg@3,ap@3 " + more;
    }
    std::string body;
};

TEST_F(HeaderOptionTest, ABadFirstScoreIsAnErrorNotAHeader) {
    std::ofstream(path("bad.csv")) << "q1,d1,high\n" << body.substr(body.find('\n') + 1);
    const Result r = run(eval("bad.csv"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_THAT(r.err, HasSubstr(path("bad.csv") + ":1:7: expected a number for the score"));
}

TEST_F(HeaderOptionTest, AGuessedHeaderIsSaidAndTheNumbersAreTheSame) {
    const Result plain = run(eval("plain.csv"));
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_THAT(plain.err, Not(HasSubstr("header")));
    std::ofstream(path("named.csv")) << "customer,product,affinity\n" << body;
    const Result named = run(eval("named.csv"));
    ASSERT_EQ(named.exitCode, 0) << named.err;
    EXPECT_EQ(named.out, plain.out);
    EXPECT_THAT(named.err, HasSubstr("ranklab-cli: note: " + path("named.csv") +
                                     ": line 1 taken as a header (customer, product, affinity: not the usual column "
                                     "names); --header no (or the format's ,noheader) reads it as data"));
    // The usual names are a warning of the load report only (no note).
    std::ofstream(path("usual.csv")) << "user,item,score\n" << body;
    const Result usual = run(eval("usual.csv"));
    EXPECT_EQ(usual.out, plain.out);
    EXPECT_EQ(usual.err, "");
    // Asked for, it is not guessed: nothing to say.
    const Result asked = run(eval("named.csv", "--header yes"));
    EXPECT_EQ(asked.out, plain.out);
    EXPECT_THAT(asked.err, Not(HasSubstr("taken as a header")));
}

TEST_F(HeaderOptionTest, HeaderYesAndNoDecide) {
    std::ofstream(path("numbered.csv")) << "col1,col2,col3\n" << body;
    const Result guessed = run(eval("numbered.csv"));
    EXPECT_EQ(guessed.exitCode, 1);
    EXPECT_THAT(guessed.err, HasSubstr(path("numbered.csv") + ":1:11: expected a number"));
    const Result yes = run(eval("numbered.csv", "--header yes"));
    ASSERT_EQ(yes.exitCode, 0) << yes.err;
    EXPECT_EQ(yes.out, run(eval("plain.csv")).out);
    std::ofstream(path("named.csv")) << "user,item,score\n" << body;
    const Result no = run(eval("named.csv", "--header no"));
    EXPECT_EQ(no.exitCode, 1);
    EXPECT_THAT(no.err, HasSubstr(path("named.csv") + ":1:11: expected a number"));
    // A format's own choice wins over --header.
    const Result own = run(eval("named.csv", "--header no --run-format csv,header"));
    EXPECT_EQ(own.exitCode, 0) << own.err;
    const Result bad = run(eval("plain.csv", "--header maybe"));
    EXPECT_NE(bad.exitCode, 0);
}

// inspect lists the line taken as a header among the file's warnings.
TEST_F(HeaderOptionTest, InspectSaysWhichLineIsTheHeader) {
    std::ofstream(path("named.csv")) << "user,item,score\n" << body;
    const Result r =
        run("inspect --qrels '" + path("qrels.txt") + "' --run m='" + path("named.csv") + "' --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("\"line 1 taken as a header (user, item, score); --header no"));
}

} // namespace

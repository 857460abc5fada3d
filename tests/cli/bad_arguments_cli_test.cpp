// Arguments ranklab-cli must refuse, each with its exact message: the cases
// are the lines of tests/data/bad/cli_arguments.tsv.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_fixture.h"

namespace {

using ranklab::testing::CliFixture;

struct BadArguments {
    std::string args, message;
};

std::vector<BadArguments> cases() {
    std::ifstream in(std::string(RANKLAB_TEST_DATA) + "/bad/cli_arguments.tsv");
    std::vector<BadArguments> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        if (tab != std::string::npos) out.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    return out;
}

class BadArgumentsCliTest : public CliFixture {};

} // namespace

TEST_F(BadArgumentsCliTest, EachIsRefusedWithItsExactMessageAndNothingOnStdout) {
    const std::string engine = std::string(RANKLAB_TEST_DATA) + "/engine/01_binary_basic/";
    const auto all = cases();
    ASSERT_EQ(all.size(), 5u);
    for (const auto& c : all) {
        // Single quotes keep the parentheses of a metric away from the shell.
        const auto space = c.args.find(' ');
        const std::string args = c.args.substr(0, space) + " '" + c.args.substr(space + 1) + "'";
        const auto r = run("eval --qrels '" + engine + "qrels.txt' --run '" + engine + "run.txt' " + args);
        EXPECT_NE(r.exitCode, 0) << c.args;
        EXPECT_EQ(r.out, "") << c.args;
        // The message is a whole line of stderr (after "ranklab-cli: error: " for the engine's errors).
        std::istringstream lines(r.err);
        bool found = false;
        for (std::string line; std::getline(lines, line);)
            found = found || line == c.message || line == "ranklab-cli: error: " + c.message;
        EXPECT_TRUE(found) << c.args << "\nexpected the line: " << c.message << "\nstderr:\n" << r.err;
    }
}

// The CLI's progress line: redrawn in place per whole percent with the step
// name, erased at the end, silent when disabled; and end to end, drawn on a
// terminal (a pseudo-terminal from script(1)) but never on a pipe or file.
#include <cstdlib>
#include <sstream>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "cli/progress_line.h"

using namespace ranklab;
using namespace ranklab::cli;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(ProgressLineTest, DrawsEachWholePercentOnceAndErasesItself) {
    std::ostringstream out;
    {
        ProgressLine line("curves", true, out);
        line.setStep("reading");
        const Progress part(line.progress(), 0.0, 0.5);
        part.report(0.2);    // 10%
        part.report(0.201);  // still 10%: not drawn again
        part.report(1.0);    // 50%
        line.setStep("bands");
        line.progress().report(0.75);
    }
    const std::string text = out.str();
    EXPECT_EQ(text,
              "\rranklab-cli curves: reading... 10%"
              "\rranklab-cli curves: reading... 50%"
              "\rranklab-cli curves: bands... 75%  "  // padded over the longer line before
              "\r                                  \r");
}

TEST(ProgressLineTest, DisabledWritesNothing) {
    std::ostringstream out;
    {
        ProgressLine line("eval", false, out);
        line.progress().report(0.5);
    }
    EXPECT_TRUE(out.str().empty());
}

TEST(ProgressLineTest, ReportsFromManyThreadsDrawWholeLines) {
    std::ostringstream out;
    {
        ProgressLine line("ranks", true, out);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i <= 100; ++i) line.progress().report((i + t * 0.001) / 100.0);
            });
        for (auto& th : threads) th.join();
    }
    // Every drawn piece is a whole "\rranklab-cli ranks: N%" (no interleaving).
    std::istringstream pieces(out.str());
    std::string piece;
    std::getline(pieces, piece, '\r');  // empty before the first \r
    int drawn = 0;
    while (std::getline(pieces, piece, '\r')) {
        if (piece.find_first_not_of(' ') == std::string::npos) continue;  // the erasure
        EXPECT_THAT(piece, ::testing::MatchesRegex("ranklab-cli ranks: [0-9]+% *"));
        ++drawn;
    }
    EXPECT_GE(drawn, 1);
}

class ProgressLineCliTest : public ranklab::testing::CliFixture {};

TEST_F(ProgressLineCliTest, ShownOnATerminalNeverOnAFile) {
    const std::string data = std::string(RANKLAB_TEST_DATA) + "/engine/01_binary_basic/";
    const std::string args = "curves --qrels '" + data + "qrels.txt' --run '" + data + "run.txt' --no-bands";
    const ranklab::testing::CliResult plain = run(args);
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_THAT(plain.err, Not(HasSubstr("ranklab-cli curves:")));
    EXPECT_THAT(plain.out, Not(HasSubstr("\r")));

    if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "script(1) is not installed";
    // script gives the command a pseudo-terminal and copies what it draws to the typescript.
    const std::string typescript = path("typescript");
    const std::string command = "script -q -e -c \"'" + std::string(RANKLAB_CLI) + "' " + args + " >/dev/null\" '" +
                                typescript + "' >/dev/null 2>&1 </dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0);
    const std::string drawn = ranklab::testing::slurp(typescript);
    EXPECT_THAT(drawn, HasSubstr("\rranklab-cli curves: reading... "));
    EXPECT_THAT(drawn, HasSubstr("100%"));
}

// ranklab-cli starts without Qt: the commands that need it (plot) run in
// ranklab-plot, next to ranklab-cli, on the same command line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli/cli_fixture.h"

namespace ranklab::testing {
namespace {

class QtFreeStartTest : public CliFixture {};

// The dynamic loader lists what a program loads (as ldd does) when
// LD_TRACE_LOADED_OBJECTS is set, without running it.
TEST_F(QtFreeStartTest, RanklabCliLoadsNoQtLibrary) {
    const std::string libs = path("libs.txt");
    const std::string command =
        std::string("LD_TRACE_LOADED_OBJECTS=1 '") + RANKLAB_CLI + "' > '" + libs + "' 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0);
    const std::string listed = slurp(libs);
    ASSERT_NE(listed.find("libc.so"), std::string::npos) << listed;  // the listing worked
    EXPECT_EQ(listed.find("libQt"), std::string::npos) << listed;
}

#ifdef RANKLAB_TEST_HAVE_PLOT
TEST_F(QtFreeStartTest, HelpListsPlotAndPlotRunsAsRanklabCli) {
    EXPECT_NE(run("--help").out.find("Render a chart of the workbench"), std::string::npos);
    const CliResult help = run("plot --help");
    ASSERT_EQ(help.exitCode, 0) << help.err;
    EXPECT_NE(help.out.find("Usage: ranklab-cli plot"), std::string::npos) << help.out;
    // A usage error comes back with the message and exit code of one in
    // ranklab-cli's own commands.
    const CliResult bad = run("plot --kind curves --out x.svg");
    const CliResult own = run("eval");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_EQ(bad.exitCode, own.exitCode);
    EXPECT_EQ(bad.err, own.err);
    EXPECT_EQ(bad.err.find("--qrels (or --workspace) is required"), 0u) << bad.err;
}

TEST_F(QtFreeStartTest, PlotWithoutRanklabPlotNextToItSaysWhatIsMissing) {
    const auto copy = std::filesystem::path(path("ranklab-cli"));
    std::filesystem::copy_file(RANKLAB_CLI, copy);
    const std::string err = path("err.txt");
    const std::string command = "'" + copy.string() + "' plot --help > /dev/null 2> '" + err + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    const std::string message = slurp(err);
    EXPECT_NE(message.find("plot runs in ranklab-plot"), std::string::npos) << message;
    EXPECT_NE(message.find((std::filesystem::path(path("")) / "ranklab-plot").string()), std::string::npos) << message;
}
#endif

} // namespace
} // namespace ranklab::testing

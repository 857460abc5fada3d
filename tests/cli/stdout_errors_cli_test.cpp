// A report lost on its way to standard output (> /dev/full) is an error:
// a message and a non-zero exit, for every command that prints.
#include <cstdlib>
#include <fstream>

#include "cli/cli_fixture.h"

namespace {

using ranklab::testing::CliFixture;
using ranklab::testing::slurp;

class StdoutErrorsCliTest : public CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        std::ofstream(path("q.qrels")) << "q1 0 d1 1\nq1 0 d2 0\n";
        std::ofstream(path("r.run")) << "q1 Q0 d1 1 0.5 t\nq1 Q0 d2 2 0.25 t\n";
    }
    // Runs with stdout on /dev/full; returns the exit code, stderr in err_.
    int runToFull(const std::string& args) {
        const std::string err = path("stderr.txt");
        const std::string command = std::string("'") + RANKLAB_CLI + "' " + args + " >/dev/full 2>'" + err + "'";
        const int status = std::system(command.c_str());
        err_ = slurp(err);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::string err_;
};

TEST_F(StdoutErrorsCliTest, EveryCommandThatPrintsFailsWhenStdoutIsFull) {
    const std::string q = "'" + path("q.qrels") + "'", r = "'" + path("r.run") + "'";
    for (const std::string& args : {"eval --qrels " + q + " --run " + r, "inspect --qrels " + q + " --run " + r, "trec " + q + " " + r,
                                    "validate --qrels " + q + " --run " + r, std::string("--help")}) {
        EXPECT_EQ(runToFull(args), 1) << args << "\n" << err_;
        EXPECT_NE(err_.find("ranklab-cli: error: cannot write to standard output"),
                  std::string::npos)
            << args << "\n" << err_;
    }
}

TEST_F(StdoutErrorsCliTest, TheSameCommandsSucceedWithAWritableStdout) {
    auto r = run("eval --qrels '" + path("q.qrels") + "' --run '" + path("r.run") + "'");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_FALSE(r.out.empty());
}

} // namespace

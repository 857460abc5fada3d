#pragma once
// Running ranklab-cli as a program from a test: a fresh temporary folder per
// test, and the exit code, standard output and standard error of a run.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "file_contents.h"

namespace ranklab::testing {

struct CliResult {
    int exitCode = -1;
    std::string out, err;
};

class CliFixture : public ::testing::Test {
protected:
    void SetUp() override {
        std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(name.begin(), name.end(), '/', '_');  // parameterised names hold a '/'
        // A unique folder (mkdtemp: no clash with another user's or run's),
        // removed whole afterwards.
        std::string pattern =
            (std::filesystem::temp_directory_path() / ("ranklab_cli_" + name.substr(0, 80) + "_XXXXXX")).string();
        if (!::mkdtemp(pattern.data())) FAIL() << "mkdtemp failed for " << pattern;
        dir_ = pattern;
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    // Runs ranklab-cli with `args` (already shell-quoted where needed).
    CliResult run(const std::string& args) const {
        const auto out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
        const std::string command =
            std::string("'") + RANKLAB_CLI + "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
        const int status = std::system(command.c_str());
        CliResult r;
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = slurp(out);
        r.err = slurp(err);
        return r;
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    std::filesystem::path dir_;
};

// A test of a command ranklab-plot runs (plot, report): skipped when
// ranklab-cli was built without the UI. A subclass's SetUp calls this one
// first and returns when IsSkipped().
class PlotCliFixture : public CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
#ifndef RANKLAB_TEST_HAVE_PLOT
        GTEST_SKIP() << "ranklab-cli built without the UI (plot and report run in ranklab-plot)";
#endif
    }
};

} // namespace ranklab::testing

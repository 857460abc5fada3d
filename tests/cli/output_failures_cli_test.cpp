// ranklab-cli when a write fails or is stopped, run as programs: a full disk
// (a 64 KiB tmpfs filled up) or /dev/full is an error naming the file, with
// a non-zero exit and the old file byte for byte as it was; SIGINT, SIGTERM
// or SIGHUP while an output is being written leaves no temporary, and the
// process still dies of that signal.
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cli/output_target_support.h"

extern char** environ;

namespace ranklab::testing {
namespace {

class OutputFailuresCliTest : public CliFixture {
protected:
    void TearDown() override {
        if (!mount_.empty()) ::umount2(mount_.c_str(), MNT_DETACH);
        CliFixture::TearDown();
    }
    std::string q(const std::string& file) const { return "'" + file + "'"; }

    // A full 64 KiB tmpfs holding `names`, each with `old` in it, or false.
    bool fullDiskWith(const std::vector<std::string>& names, const std::string& old) {
        const std::string dir = path("small");
        if (!mountSmallTmpfs(dir)) return false;
        mount_ = dir;
        for (const std::string& name : names) std::ofstream(dir + "/" + name, std::ios::binary) << old;
        fillUp(dir);
        return true;
    }

    std::string mount_;
};

const std::string kOld = "# the report of yesterday\nmetric,value\nndcg@10,0.5\n";

TEST_F(OutputFailuresCliTest, AFullDiskIsAnErrorAndTheOldReportStaysByteForByte) {
    if (!fullDiskWith({"report.txt"}, kOld))
        GTEST_SKIP() << "cannot mount a tmpfs here (needs root): " << std::strerror(errno);
    const std::string report = mount_ + "/report.txt";
    std::vector<std::string> commands = {
        "compare" + kTwoModels + " --resamples 100 --out ",
        "eval" + kTwoModels + " --per-user ",
        "eval" + kTwoModels + " --partial ",
        "power --sd 0.2 --n 1000 --out ",
    };
    for (const std::string& command : commands) {
        const CliResult r = run(command + q(report));
        EXPECT_EQ(r.exitCode, 1) << command;
        EXPECT_NE(r.err.find("annot write " + report + ": No space left on device"), std::string::npos)
            << command << "\n" << r.err;
        EXPECT_TRUE(slurp(report) == kOld) << command;
        EXPECT_EQ(temporariesIn(mount_), std::vector<std::string>{}) << command;
    }
}

#ifdef RANKLAB_TEST_HAVE_PLOT
// The old report export (QSaveFile) left an empty file and exited 0 here.
TEST_F(OutputFailuresCliTest, AFullDiskFailsTheReportAndTheChartAndKeepsTheOldOnes) {
    if (!fullDiskWith({"report.html", "chart.svg"}, kOld))
        GTEST_SKIP() << "cannot mount a tmpfs here (needs root): " << std::strerror(errno);
    for (const auto& [file, command] : std::vector<std::pair<std::string, std::string>>{
             {"report.html", "report" + kTwoModels + " --resamples 100 --sections summary --out "},
             {"report.pdf", "report" + kTwoModels + " --resamples 100 --sections summary --out "},
             {"chart.svg", "plot --kind ranks" + kTwoModels + " --out "}}) {
        const std::string target = mount_ + "/" + file;
        const CliResult r = run(command + q(target));
        EXPECT_EQ(r.exitCode, 1) << command << file;
        EXPECT_NE(r.err.find("annot write " + target + ": No space left on device"), std::string::npos)
            << command << file << "\n" << r.err;
        EXPECT_EQ(temporariesIn(mount_), std::vector<std::string>{}) << command << file;
    }
    EXPECT_TRUE(slurp(mount_ + "/report.html") == kOld);
    EXPECT_TRUE(slurp(mount_ + "/chart.svg") == kOld);
    EXPECT_FALSE(std::filesystem::exists(mount_ + "/report.pdf"));
}
#endif

// /dev/full is a character device: written in place, the write fails with
// ENOSPC, and that is the command's error.
TEST_F(OutputFailuresCliTest, DevFullIsANoSpaceErrorForEveryOutput) {
    if (!isCharacterDevice("/dev/full")) GTEST_SKIP() << "no /dev/full here";
    for (const std::string& command :
         {"compare" + kTwoModels + " --resamples 100 --out ", "eval" + kTwoModels + " --per-user ",
          "eval" + kTwoModels + " --partial ", std::string("power --sd 0.2 --n 1000 --out ")}) {
        const CliResult r = run(command + "/dev/full");
        EXPECT_EQ(r.exitCode, 1) << command;
        EXPECT_NE(r.err.find("annot write /dev/full: No space left on device"), std::string::npos)
            << command << "\n" << r.err;
    }
    EXPECT_TRUE(isCharacterDevice("/dev/full"));
}

#ifdef RANKLAB_TEST_HAVE_PLOT
TEST_F(OutputFailuresCliTest, AFullDeviceFailsTheReportAndTheChart) {
    // The report and plot take their format from the extension: full devices (c 1 7) of our own with one.
    for (const char* name : {"full.html", "full.svg"})
        if (::mknod(path(name).c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0)
            GTEST_SKIP() << "cannot make a device node here (needs root): " << std::strerror(errno);
    for (const auto& [name, command] : std::vector<std::pair<std::string, std::string>>{
             {"full.html", "report" + kTwoModels + " --resamples 100 --sections summary --out "},
             {"full.svg", "plot --kind ranks" + kTwoModels + " --out "}}) {
        const CliResult r = run(command + q(path(name)));
        EXPECT_EQ(r.exitCode, 1) << command;
        EXPECT_NE(r.err.find("annot write " + path(name) + ": No space left on device"), std::string::npos)
            << command << "\n" << r.err;
        EXPECT_TRUE(isCharacterDevice(path(name)));
    }
}
#endif

// The process is stopped while its --per-user temporary exists: the run
// comes from a FIFO nobody writes, so it waits there, the output files
// already opened (before any input is read), for as long as the test likes.
TEST_F(OutputFailuresCliTest, ASignalMidRunLeavesNoTemporaryAndTheProcessDiesOfIt) {
    const std::string run = path("run.fifo");
    ASSERT_EQ(::mkfifo(run.c_str(), 0600), 0);
    for (const int signal : {SIGTERM, SIGINT, SIGHUP}) {
        const std::string out = path("users.tsv");
        const std::string qrels = kCompareData + "qrels.txt";
        std::vector<std::string> args = {RANKLAB_CLI, "eval", "-q", qrels, "-r", "m=" + run, "--per-user", out,
                                         "--partial", path("state.json")};
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 1, path("spawn-stdout.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        posix_spawn_file_actions_addopen(&actions, 2, path("spawn-stderr.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        // The three signals at their default in the child, even if this test runs where they are
        // ignored (a background job ignores SIGINT, nohup SIGHUP): RankLab leaves ignored ones alone.
        posix_spawnattr_t attributes;
        posix_spawnattr_init(&attributes);
        sigset_t defaults;
        sigemptyset(&defaults);
        for (const int s : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&defaults, s);
        posix_spawnattr_setsigdefault(&attributes, &defaults);
        sigset_t none;
        sigemptyset(&none);
        posix_spawnattr_setsigmask(&attributes, &none);
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
        pid_t pid = -1;
        ASSERT_EQ(::posix_spawn(&pid, RANKLAB_CLI, &actions, &attributes, argv.data(), environ), 0);
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);

        // Both temporaries made: the process now waits for its run.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (temporariesIn(dir_).size() < 2 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        EXPECT_EQ(temporariesIn(dir_).size(), 2u) << slurp(path("spawn-stderr.txt"));

        ::kill(pid, signal);
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        EXPECT_TRUE(WIFSIGNALED(status)) << "signal " << signal << ", status " << status;
        if (WIFSIGNALED(status)) {
            EXPECT_EQ(WTERMSIG(status), signal);
        }
        EXPECT_EQ(temporariesIn(dir_), std::vector<std::string>{}) << "signal " << signal;
        EXPECT_FALSE(std::filesystem::exists(out));
        EXPECT_FALSE(std::filesystem::exists(path("state.json")));
    }
}

} // namespace
} // namespace ranklab::testing

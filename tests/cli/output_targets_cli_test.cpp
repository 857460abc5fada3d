// Where ranklab-cli writes, run as programs: a device node stays a device
// (--out, --per-user, --partial), standard output and a FIFO get the bytes
// a regular file would, and a symbolic link at any output is refused with
// its target untouched (common/output_file.h).
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/output_target_support.h"
#include "manifest/manifest_embed.h"

namespace ranklab::testing {
namespace {

class OutputTargetsCliTest : public CliFixture {
protected:
    std::string q(const std::string& name) const { return "'" + path(name) + "'"; }

    // Runs as an ordinary user: directly when not root, else through
    // setpriv as nobody (who cannot create files in /dev).
    CliResult runAsUser(const std::string& args) const {
        const std::string prefix = ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
        const auto out = dir_ / "user-stdout.txt", err = dir_ / "user-stderr.txt";
        const std::string command = prefix + "'" + RANKLAB_CLI + "' " + args + " >'" + out.string() + "' 2>'" +
                                    err.string() + "'";
        const int status = std::system(command.c_str());
        CliResult r;
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = slurp(out);
        r.err = slurp(err);
        return r;
    }
};

// As root the old writer made /dev/null.tmp-… and renamed it over the
// device. A device node of our own (c 1 3, the null device) stands in for
// /dev/null, so a regression cannot break the machine's.
TEST_F(OutputTargetsCliTest, ADeviceNodeStaysADeviceForOutPerUserAndPartial) {
    const std::string null = path("null");
    if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "cannot make a device node here (needs root): " << std::strerror(errno);
    for (const std::string& args :
         {"compare" + kTwoModels + " --resamples 100 --out " + q("null"), "eval" + kTwoModels + " --per-user " + q("null"),
          "eval" + kTwoModels + " --partial " + q("null"), "compare" + kTwoModels + " --resamples 100 --partial " + q("null"),
          "power --sd 0.2 --n 1000 --out " + q("null")}) {
        const CliResult r = run(args);
        EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.err;
        struct stat st {};
        ASSERT_EQ(::lstat(null.c_str(), &st), 0) << args;
        EXPECT_TRUE(S_ISCHR(st.st_mode)) << args;
        EXPECT_EQ(st.st_rdev, makedev(1, 3)) << args;
        EXPECT_EQ(temporariesIn(dir_), std::vector<std::string>{}) << args;
    }
}

// As a user the old writer could not make its temporary in /dev: --out
// /dev/null and --out /dev/stdout failed.
TEST_F(OutputTargetsCliTest, AsAUserDevNullAndDevStdoutAreWritten) {
    const std::string plain = "compare" + kTwoModels + " --resamples 100 --format csv";
    const CliResult reference = run(plain);
    ASSERT_EQ(reference.exitCode, 0) << reference.err;
    ASSERT_FALSE(reference.out.empty());

    const CliResult null = runAsUser(plain + " --out /dev/null");
    EXPECT_EQ(null.exitCode, 0) << null.err;
    EXPECT_EQ(null.out, "");
    EXPECT_TRUE(isCharacterDevice("/dev/null"));

    for (const char* target : {"/dev/stdout", "-"}) {
        const CliResult r = runAsUser(plain + " --out " + target);
        EXPECT_EQ(r.exitCode, 0) << target << "\n" << r.err;
        // What a file gets (the report with its manifest), on standard output.
        EXPECT_EQ(withoutManifest(r.out), reference.out) << target;
        EXPECT_TRUE(findManifestJson(r.out).has_value()) << target;
    }
}

TEST_F(OutputTargetsCliTest, AFifoGetsTheBytesARegularFileGets) {
    const std::string compare = "compare" + kTwoModels + " --resamples 100 --format csv --out ";
    ASSERT_EQ(run(compare + q("file.csv")).exitCode, 0);
    const std::string file = slurp(path("file.csv"));
    ASSERT_EQ(run("eval" + kTwoModels + " --per-user " + q("users.tsv")).exitCode, 0);
    const std::string users = slurp(path("users.tsv"));
    ASSERT_GT(users.size(), 100u);

    ASSERT_EQ(::mkfifo(path("pipe.csv").c_str(), 0600), 0);
    {
        FifoReader reader(path("pipe.csv"));
        const CliResult r = run(compare + q("pipe.csv"));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(withoutManifest(reader.finish()), withoutManifest(file));
    }
    {
        FifoReader reader(path("pipe.csv"));
        const CliResult r = run("eval" + kTwoModels + " --per-user " + q("pipe.csv"));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(reader.finish(), users);
    }
    EXPECT_TRUE(isFifo(path("pipe.csv")));
    EXPECT_EQ(temporariesIn(dir_), std::vector<std::string>{});
}

#ifdef RANKLAB_TEST_HAVE_PLOT
TEST_F(OutputTargetsCliTest, AFifoGetsTheReportAndTheChart) {
    ASSERT_EQ(::mkfifo(path("pipe.html").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo(path("pipe.svg").c_str(), 0600), 0);
    {
        FifoReader reader(path("pipe.html"));
        const CliResult r = run("report" + kTwoModels + " --resamples 100 --sections summary --out " + q("pipe.html"));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const std::string html = reader.finish();
        EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u) << html.substr(0, 100);
        EXPECT_NE(html.find("</html>"), std::string::npos);
    }
    {
        FifoReader reader(path("pipe.svg"));
        const CliResult r = run("plot --kind ranks" + kTwoModels + " --out " + q("pipe.svg"));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const std::string svg = reader.finish();
        EXPECT_NE(svg.find("<svg"), std::string::npos);
        EXPECT_NE(svg.find("</svg>"), std::string::npos);
    }
    EXPECT_TRUE(isFifo(path("pipe.html")));
    EXPECT_TRUE(isFifo(path("pipe.svg")));
    EXPECT_EQ(temporariesIn(dir_), std::vector<std::string>{});
}
#endif

TEST_F(OutputTargetsCliTest, ALinkAtAnyOutputIsRefusedAndItsTargetUntouched) {
    std::ofstream(path("victim.txt")) << "precious\n";
    std::vector<std::pair<std::string, std::string>> cases = {  // link name, command writing to it
        {"out.txt", "eval" + kTwoModels + " --per-user "},
        {"out.json", "eval" + kTwoModels + " --partial "},
        {"out.txt", "compare" + kTwoModels + " --resamples 100 --out "},
        {"out.json", "compare" + kTwoModels + " --resamples 100 --partial "},
        {"out.txt", "curves" + kTwoModels + " --resamples 100 --out "},
        {"out.txt", "power --sd 0.2 --n 1000 --out "},
    };
#ifdef RANKLAB_TEST_HAVE_PLOT
    cases.emplace_back("out.html", "report" + kTwoModels + " --resamples 100 --sections summary --out ");
    cases.emplace_back("out.svg", "plot --kind ranks" + kTwoModels + " --out ");
#endif
    for (const auto& [link, command] : cases) {
        std::filesystem::create_symlink(path("victim.txt"), path(link));
        const CliResult r = run(command + q(link));
        EXPECT_EQ(r.exitCode, 1) << command;
        // (the plot and report commands write the sentence a dialog shows: capitalised)
        EXPECT_NE(r.err.find("efusing to write " + path(link) + ": it is a symbolic link"), std::string::npos)
            << command << "\n" << r.err;
        EXPECT_EQ(slurp(path("victim.txt")), "precious\n") << command;
        EXPECT_TRUE(std::filesystem::is_symlink(path(link))) << command;
        EXPECT_EQ(temporariesIn(dir_), std::vector<std::string>{}) << command;
        std::filesystem::remove(path(link));
    }
}

} // namespace
} // namespace ranklab::testing

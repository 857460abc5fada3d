// ranklab-cli synth, run as a program.
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fs = std::filesystem;

namespace {

using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;

// The "lines" column of the printed table's row for the file `name`.
std::string linesColumn(const std::string& out, const std::string& name) {
    std::istringstream rows(out);
    for (std::string row; std::getline(rows, row);) {
        std::istringstream cells(row);
        std::string file, lines;
        cells >> file >> lines;
        if (file.size() >= name.size() && file.compare(file.size() - name.size(), name.size(), name) == 0) return lines;
    }
    return "(no row)";
}

class SynthCliTest : public ranklab::testing::CliFixture {};

} // namespace

TEST_F(SynthCliTest, WritesTheFilesAndPrintsTheirLineCounts) {
    const Result r = run("synth --out '" + path("data") + "' --users 50 --items 500 --per-user 20");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    for (const char* name : {"qrels.txt", "popularity.run", "toprank.run", "broad.run", "train.tsv", "users.tsv"}) {
        EXPECT_TRUE(fs::exists(path("data/") + name)) << name;
        EXPECT_NE(r.out.find(name), std::string::npos) << r.out;
    }
    // 50 users × 20 items per run file; users.tsv has a header and one line per user.
    EXPECT_EQ(linesColumn(r.out, "popularity.run"), "1000") << r.out;
    EXPECT_EQ(linesColumn(r.out, "users.tsv"), "51") << r.out;
    // Ids padded to the width of the counts (50 users, 500 items); rank 1, six decimals, the tag.
    const std::string run = slurp(path("data/toprank.run"));
    const std::string first = run.substr(0, run.find('\n'));
    EXPECT_TRUE(::testing::Matches(::testing::MatchesRegex("u01 Q0 i[0-9]{3} 1 0\\.[0-9]{6} toprank"))(first)) << first;
}

TEST_F(SynthCliTest, SameSeedGivesSameBytesWithOneOrFourThreads) {
    ASSERT_EQ(run("synth --out '" + path("a") + "' --users 700 --items 800 --per-user 30 --seed 7 --threads 1").exitCode, 0);
    ASSERT_EQ(run("synth --out '" + path("b") + "' --users 700 --items 800 --per-user 30 --seed 7 --threads 4").exitCode, 0);
    ASSERT_EQ(run("synth --out '" + path("c") + "' --users 700 --items 800 --per-user 30 --seed 8").exitCode, 0);
    for (const char* name : {"qrels.txt", "popularity.run", "toprank.run", "broad.run", "train.tsv", "users.tsv"}) {
        EXPECT_TRUE(slurp(path("a/") + name) == slurp(path("b/") + name)) << name;
        EXPECT_FALSE(slurp(path("a/") + name) == slurp(path("c/") + name)) << name;
    }
}

TEST_F(SynthCliTest, TsvFormatWritesTsvFilesWithHeaders) {
    const Result r = run("synth --out '" + path("tsv") + "' --users 20 --items 100 --per-user 10 --format tsv");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(slurp(path("tsv/qrels.tsv")).substr(0, 16), "user\titem\tgrade\n");
    EXPECT_EQ(slurp(path("tsv/popularity.tsv")).substr(0, 16), "user\titem\tscore\n");
    EXPECT_FALSE(fs::exists(path("tsv/qrels.txt")));
}

// The generated set loads with the readers every command uses.
TEST_F(SynthCliTest, OutputLoadsInInspectWithoutProblems) {
    ASSERT_EQ(run("synth --out '" + path("d") + "' --users 100 --items 400 --per-user 25").exitCode, 0);
    const std::string d = path("d/");
    const Result r = run("inspect --format json --qrels '" + d + "qrels.txt' --run '" + d + "popularity.run' --run '" +
                         d + "toprank.run' --run '" + d + "broad.run' --exclude '" + d + "train.tsv' --cohorts '" + d +
                         "users.tsv'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_NE(r.out.find("\"users\": 100"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\"skipped_lines\": 1"), std::string::npos) << r.out;
}

TEST_F(SynthCliTest, BadValuesFailWithAMessage) {
    const std::string out = " --out '" + path("bad") + "'";
    for (const std::string& args : {std::string("--users 0"), std::string("--users abc"), std::string("--format csv"),
                                    std::string("--items 5"), std::string("--threads -1")}) {
        const Result r = run("synth" + out + " " + args);
        EXPECT_NE(r.exitCode, 0) << args;
        EXPECT_FALSE(r.err.empty()) << args;
    }
    const Result r = run("synth" + out + " --items 100 --per-user 60");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("per-user"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("bad/qrels.txt")));
    EXPECT_NE(run("synth --users 10").exitCode, 0);  // --out is required
}

TEST_F(SynthCliTest, UnwritableOutputFailsWithThePath) {
    std::ofstream(path("plain")) << "not a directory\n";
    const Result r = run("synth --out '" + path("plain/out") + "' --users 10 --items 100 --per-user 5");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(path("plain/out")), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Not a directory"), std::string::npos) << r.err;
}

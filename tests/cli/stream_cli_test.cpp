// eval --stream reads each run in chunks of whole users and keeps only the
// per-user values (eval/streamed_evaluation.h): it prints the bytes of the
// whole-run evaluation under every tie and users policy, with exclusions,
// users a run lacks, users only in a run and repeated runs, in chunks far
// smaller than a run; a run that is not grouped by user, and what needs every
// list at once, are refused with a message.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

namespace {

class StreamCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        const Result r = run("synth --out '" + path("data") + "' --users 400 --items 300 --per-user 25 --format tsv");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        // The broad run lacks every 7th user and gains two users the ground
        // truth does not know (grouped, as a stream needs).
        std::ifstream in(path("data/broad.tsv"));
        std::ofstream out(path("data/broad-gaps.tsv"));
        std::string line;
        int users = 0;
        std::string last;
        while (std::getline(in, line)) {
            const std::string user = line.substr(0, line.find('\t'));
            if (user != last) ++users, last = user;
            if (users % 7 != 0) out << line << '\n';
        }
        for (int i = 0; i < 30; ++i) out << "stranger1\titem" << i << '\t' << 0.5 + i * 0.01 << '\n';
        for (int i = 0; i < 30; ++i) out << "stranger2\titem" << i << '\t' << 0.25 << '\n';
    }

    std::string inputs(const std::string& runs) const {
        return "--qrels '" + path("data/qrels.tsv") + "' " + runs + " --exclude '" + path("data/train.tsv") +
               "' --metrics ndcg,recall,ap,rr,precision,hr,novelty --cutoffs 1,5,10,20";
    }
    std::string threeRuns() const {
        return "--run pop='" + path("data/popularity.tsv") + "' --run top='" + path("data/toprank.tsv") +
               "' --run broad='" + path("data/broad-gaps.tsv") + "'";
    }

    // `eval` and `eval --stream` (chunks of 1,000 entries: 10 or more per run)
    // print the same bytes and write the same per-user file.
    void expectSameBytes(const std::string& args) {
        const Result whole = run("eval " + args + " --per-user '" + path("whole.tsv") + "'");
        ASSERT_EQ(whole.exitCode, 0) << whole.err;
        const Result streamed =
            run("eval " + args + " --stream --stream-chunk 1000 --per-user '" + path("streamed.tsv") + "'");
        ASSERT_EQ(streamed.exitCode, 0) << streamed.err;
        EXPECT_EQ(streamed.out, whole.out) << args;
        EXPECT_EQ(ranklab::testing::slurp(path("streamed.tsv")), ranklab::testing::slurp(path("whole.tsv"))) << args;
        EXPECT_FALSE(whole.out.empty());
    }
};

} // namespace

TEST_F(StreamCliTest, ThreeRunsPrintTheWholeRunsBytesUnderEveryTiePolicy) {
    for (const char* ties : {"expected", "trec", "input", "optimistic", "pessimistic"})
        for (const char* format : {"json", "table", "csv"})
            expectSameBytes(inputs(threeRuns()) + " --ties " + ties + " --format " + format);
}

TEST_F(StreamCliTest, TheUsersPoliciesCountTheSameUsers) {
    for (const char* users : {"relevant", "all"}) expectSameBytes(inputs(threeRuns()) + " --users " + users + " --format json");
    // trec and ranked keep the users of every run: one run at a time.
    for (const char* users : {"trec", "ranked", "relevant", "all"})
        expectSameBytes(inputs("--run broad='" + path("data/broad-gaps.tsv") + "'") + " --users " + users +
                        " --format json");
    const Result r = run("eval " + inputs(threeRuns()) + " --users all --format json --stream");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("\"run_only\": 2"));  // the two strangers
}

TEST_F(StreamCliTest, RepeatedRunsOfAModelAreAveragedAsWithoutStreaming) {
    expectSameBytes(inputs("--run m='" + path("data/toprank.tsv") + "' --run m='" + path("data/broad-gaps.tsv") +
                           "' --run pop='" + path("data/popularity.tsv") + "'") +
                    " --format json");
}

TEST_F(StreamCliTest, AUserWhoseLinesComeBackIsRefusedWithItsLine) {
    std::ofstream(path("ungrouped.run")) << "u1 Q0 a 1 0.9 r\n"
                                            "u1 Q0 b 2 0.8 r\n"
                                            "u2 Q0 a 1 0.7 r\n"
                                            "u1 Q0 c 3 0.6 r\n";
    std::ofstream(path("qrels.txt")) << "u1 0 a 1\nu2 0 b 1\n";
    const std::string args = "eval --qrels '" + path("qrels.txt") + "' --run '" + path("ungrouped.run") + "'";
    const Result whole = run(args);
    EXPECT_EQ(whole.exitCode, 0) << whole.err;  // read whole, any order is fine
    const Result streamed = run(args + " --stream");
    EXPECT_EQ(streamed.exitCode, 1);
    EXPECT_EQ(streamed.err, "ranklab-cli: error: " + path("ungrouped.run") +
                                ":4:1: user \"u1\" comes back after other users' lines; --stream reads a run that "
                                "gives each user's lines together: sort it by user (sort -s -k1,1) or leave out "
                                "--stream\n");
}

TEST_F(StreamCliTest, WhatNeedsEveryListAtOnceIsRefused) {
    const std::string two = "--run top='" + path("data/toprank.tsv") + "' --run pop='" + path("data/popularity.tsv") + "'";
    Result r = run("eval " + inputs(two) + " --users trec --stream");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("--users trec keeps the users in every run"));
    r = run("eval --qrels '" + path("data/qrels.tsv") + "' " + two + " --exclude '" + path("data/train.tsv") +
            "' --metrics coverage --cutoffs 10 --stream");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("coverage@10 is a set-level metric"));
    r = run("eval " + inputs(two) + " --stream --buckets 0:2048 --partial '" + path("p.json") + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("--stream evaluates whole runs"));
    std::ofstream(path("run.json")) << R"({"u1": {"a": 0.5}})";
    std::ofstream(path("qrels.txt")) << "u1 0 a 1\n";
    r = run("eval --qrels '" + path("qrels.txt") + "' --run '" + path("run.json") + "' --stream");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("--stream reads runs of text (TREC or delimited); this is JSON"));
}

// Without --stream, runs that would not fit in the memory the process may use
// are read as a stream all the same (saying so), with the same numbers.
TEST_F(StreamCliTest, RunsLargerThanTheMemoryBudgetAreStreamedWithoutBeingAsked) {
    const std::string args = "eval " + inputs(threeRuns()) + " --format json";
    const Result whole = run(args);
    ASSERT_EQ(whole.exitCode, 0) << whole.err;
    // Read whole, the runs' users outside the ground truth are said (a
    // streamed run is read after that check: it says nothing of them).
    EXPECT_EQ(whole.err, "ranklab-cli: warning: run broad: 2 of its 345 users are not in the ground truth and are "
                         "never averaged (e.g. \"stranger1\", \"stranger2\")\n");
    ::setenv("RANKLAB_MEMORY_BYTES", "100000", 1);  // 100 kB: less than the runs' ~0.3 MB need
    const Result streamed = run(args);
    std::ofstream(path("run.json")) << R"({"u1": {"a": 0.5}})";
    std::ofstream(path("qrels.txt")) << "u1 0 a 1\n";
    const Result json = run("eval --qrels '" + path("qrels.txt") + "' --run '" + path("run.json") + "'");
    ::setenv("RANKLAB_MEMORY_BYTES", "lots", 1);
    const Result bad = run(args);
    ::unsetenv("RANKLAB_MEMORY_BYTES");
    ASSERT_EQ(streamed.exitCode, 0) << streamed.err;
    EXPECT_EQ(streamed.out, whole.out);
    EXPECT_THAT(streamed.err, ::testing::MatchesRegex(
                                  "ranklab-cli: the runs need about 0\\.[0-9] GB read whole, more than the 0\\.0 GB "
                                  "this process may use \\(RANKLAB_MEMORY_BYTES\\): reading them as a stream "
                                  "\\(--stream; the numbers are the same\\)\n"));
    // A JSON run cannot be streamed: read whole, as asked.
    EXPECT_EQ(json.exitCode, 0) << json.err;
    EXPECT_EQ(json.err, "");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_EQ(bad.err, "ranklab-cli: error: RANKLAB_MEMORY_BYTES is \"lots\"; expected a positive whole number of bytes\n");
}

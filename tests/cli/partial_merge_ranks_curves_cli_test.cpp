// Sharded ranks and curves (with their bands) through the CLI: the command on
// three uneven bucket ranges with --partial, then `merge` of the states in
// shuffled order, prints the single command's bytes in every format; states
// of other settings or overlapping ranges are refused naming the file
// (the fixture and its data: partial_merge_fixture.h).
#include <filesystem>
#include <map>
#include <fstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/partial_merge_fixture.h"

#include <nlohmann/json.hpp>

using ::testing::HasSubstr;

namespace {

using ranklab::testing::kRanges;
using ranklab::testing::PartialMergeCliTest;
using Result = ranklab::testing::CliResult;

TEST_F(PartialMergeCliTest, CurvesBandsMergeInTwoPasses) {
    expectTwoPassesEqualSingle("curves " + inputs_ + " --metric ndcg,recall,coverage --kmax 40 --resamples 300",
                               {"table", "csv", "json"});
    expectTwoPassesEqualSingle("curves " + inputs_ + " --metric ndcg,ap --kmax 30 --resamples 300 --difference b",
                               {"csv", "json"});
}

TEST_F(PartialMergeCliTest, RanksShardsMergeIntoTheSingleCommandsBytes) {
    for (const std::string options : {"", " --kmax 7", " --ties pessimistic --users all", " --rel 2 --kmax 500"})
        expectMergedEqualsSingle("ranks " + inputs_ + options, {"table", "csv", "json"});
    // The data is what the test claims: fractional expected counts, and a
    // range whose longest list is shorter than the whole's.
    const Result json = run("ranks " + inputs_ + " --format json");
    EXPECT_THAT(json.out, HasSubstr("\"kmax\": 90"));
    EXPECT_THAT(json.out, ::testing::ContainsRegex("\"counts\": \\[[^]]*\\.[0-9]"));
    int reachK = 0;
    for (const std::string range : {"0:1000", "1001:4096"}) {
        ASSERT_EQ(run("ranks " + inputs_ + " --buckets " + range + " --partial '" + path("s.json") + "'").exitCode, 0);
        reachK += ranklab::testing::slurp(path("s.json")).find("\"longest\": 90") != std::string::npos;
    }
    EXPECT_EQ(reachK, 1) << "one range should hold the user with the longest list";
}

TEST_F(PartialMergeCliTest, ARangesOwnRanksTableCountsOnlyItsUsers) {
    const Result lower = run("ranks " + inputs_ + " --buckets 0:2048 --format json");
    const Result whole = run("ranks " + inputs_ + " --format json");
    ASSERT_EQ(lower.exitCode, 0) << lower.err;
    const auto evaluated = [](const std::string& json) { return std::stoul(json.substr(json.find("\"evaluated\": ") + 13)); };
    EXPECT_GT(evaluated(lower.out), 0u);
    EXPECT_LT(evaluated(lower.out), evaluated(whole.out));
}

TEST_F(PartialMergeCliTest, MergedRanksStatesMergeAgainAsATree) {
    const std::string command = "ranks " + inputs_;
    const Result single = run(command + " --format json");
    for (std::size_t i = 0; i < kRanges.size(); ++i)
        ASSERT_EQ(run(command + " --buckets " + kRanges[i] + " --partial '" + path("p" + std::to_string(i)) + "'").exitCode, 0);
    ASSERT_EQ(run("merge '" + path("p2") + "' '" + path("p1") + "' --partial '" + path("p21") + "'").exitCode, 0);
    const Result merged = run("merge '" + path("p21") + "' '" + path("p0") + "' --format json");
    ASSERT_EQ(merged.exitCode, 0) << merged.err;
    EXPECT_EQ(merged.out, single.out);
}

TEST_F(PartialMergeCliTest, RanksStatesOfOtherSettingsOrOverlappingRangesAreRefusedNamingTheFile) {
    const std::string a = path("a.json"), b = path("b.json"), c = path("c.json"), e = path("e.json");
    ASSERT_EQ(run("ranks " + inputs_ + " --buckets 0:2000 --partial '" + a + "'").exitCode, 0);
    ASSERT_EQ(run("ranks " + inputs_ + " --kmax 5 --buckets 2000:4096 --partial '" + b + "'").exitCode, 0);
    ASSERT_EQ(run("ranks " + inputs_ + " --buckets 1999:4096 --partial '" + c + "'").exitCode, 0);
    ASSERT_EQ(run("eval " + inputs_ + " --metrics ndcg@5 --buckets 2000:4096 --partial '" + e + "'").exitCode, 0);
    expectMergeRefused("'" + a + "' '" + b + "'", b + ": made with --kmax 5");
    expectMergeRefused("'" + a + "' '" + c + "'", c + ": bucket ranges 0:2000 and 1999:4096 overlap");
    expectMergeRefused("'" + a + "'", "leave out buckets 2000:4096");
    expectMergeRefused("'" + a + "' '" + e + "'", e + ": a partial state of \"eval\", expected one of \"ranks\"");
    const Result md = run("merge '" + a + "' '" + c + "' --format md");
    EXPECT_NE(md.exitCode, 0);
    std::ofstream(path("bad.json")) << "{\"format\": \"ranklab-partial\", \"version\": 1, \"command\": \"ranks\", \"buckets\": [[2000, 4096]]}";
    expectMergeRefused("'" + a + "' '" + path("bad.json") + "'", path("bad.json") + ": malformed partial state");
}

TEST_F(PartialMergeCliTest, CurvesShardsMergeIntoTheSingleCommandsBytes) {
    // --kmax 200 passes the longest list (90): K is 90 for the single
    // command, while a range's own users may stop earlier.
    for (const std::string& options : std::vector<std::string>{" --metric ndcg,recall,precision --kmax 200",
                                      " --metric 'ndcg(gain=exp),f1,ap,rr' --kmax 7 --ties trec --users all",
                                      " --metric hits,dcg --kmax 30 --rel 2",
                                      " --metric coverage,gini,entropy,personalization,recall --kmax 120 --exclude '" +
                                          path("train.tsv") + "'"})
        expectMergedEqualsSingle("curves " + inputs_ + " --no-bands" + options, {"table", "csv", "json"});
    // --difference: the moments of the per-user differences, and where they cross 0.
    for (const std::string& options : std::vector<std::string>{" --metric ndcg,precision --kmax 200 --difference b",
                                                               " --metric 'recall(rel=2),ap' --kmax 9 --difference a --ties trec"})
        expectMergedEqualsSingle("curves " + inputs_ + " --no-bands" + options, {"table", "csv", "json"});
    EXPECT_THAT(run("curves " + inputs_ + " --no-bands --metric ndcg,precision --kmax 200 --difference b").out,
                HasSubstr("crosses 0"));
    const Result json = run("curves " + inputs_ + " --no-bands --metric precision --kmax 200 --format json");
    EXPECT_THAT(json.out, HasSubstr("\"kmax\": 90"));
}

TEST_F(PartialMergeCliTest, CurvesPartialStatesNeedKmax) {
    const std::string out = " --partial '" + path("c.json") + "'";
    const Result kmax = run("curves " + inputs_ + " --no-bands --buckets 0:10" + out);
    EXPECT_NE(kmax.exitCode, 0);
    EXPECT_THAT(kmax.err, HasSubstr("give --kmax"));
    const Result bands = run("curves " + inputs_ + " --buckets 0:10" + out);
    EXPECT_NE(bands.exitCode, 0);
    EXPECT_THAT(bands.err, HasSubstr("give --kmax"));
    EXPECT_FALSE(std::filesystem::exists(path("c.json")));
}

TEST_F(PartialMergeCliTest, CurvesStatesOfOtherSettingsOrOverlappingRangesAreRefusedNamingTheFile) {
    const std::string command = "curves " + inputs_ + " --no-bands --kmax 10";
    const std::string a = path("a.json"), b = path("b.json"), c = path("c.json"), m = path("m.json");
    ASSERT_EQ(run(command + " --buckets 0:2000 --partial '" + a + "'").exitCode, 0);
    ASSERT_EQ(run("curves " + inputs_ + " --no-bands --kmax 11 --buckets 2000:4096 --partial '" + b + "'").exitCode, 0);
    ASSERT_EQ(run(command + " --buckets 1999:4096 --partial '" + c + "'").exitCode, 0);
    ASSERT_EQ(run(command + " --metric recall --buckets 2000:4096 --partial '" + m + "'").exitCode, 0);
    const std::string d = path("d.json");
    ASSERT_EQ(run(command + " --difference a --buckets 2000:4096 --partial '" + d + "'").exitCode, 0);
    expectMergeRefused("'" + a + "' '" + d + "'", d + ": --difference a, " + a + " with --difference none");
    expectMergeRefused("'" + a + "' '" + b + "'", b + ": made with --kmax 11");
    expectMergeRefused("'" + a + "' '" + m + "'", m + ": curves of other metrics");
    expectMergeRefused("'" + a + "' '" + c + "'", c + ": bucket ranges 0:2000 and 1999:4096 overlap");
    expectMergeRefused("'" + a + "'", "leave out buckets 2000:4096");
    std::string text = ranklab::testing::slurp(a);
    const std::string kmax10 = "\"kmax\": 10";
    text.replace(text.find(kmax10), kmax10.size(), "\"kmax\": 12");
    std::ofstream(path("bad.json")) << text;
    expectMergeRefused("'" + path("bad.json") + "' '" + m + "'", path("bad.json") + ": a curve of 10 cutoffs, expected kmax = 12");
}

} // namespace

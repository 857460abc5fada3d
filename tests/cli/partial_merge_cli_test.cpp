// Sharded ranks, curves (with their bands), compare's resampling, cohorts
// and eval's set-level metrics through the CLI: the command on three uneven
// bucket ranges (0:1000, 1000:1001, 1001:4096) with --partial, then
// `merge` of the states in shuffled order, prints the single command's
// bytes in every format the command has. The data is written here: lists of
// very different lengths (so the ranges' longest lists differ) and tied
// scores (so the expected counts and values are fractions).
#include <filesystem>
#include <map>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

#include <nlohmann/json.hpp>

using ::testing::HasSubstr;

namespace {

using Result = ranklab::testing::CliResult;

const std::vector<std::string> kRanges = {"0:1000", "1000:1001", "1001:4096"};
const std::vector<std::size_t> kMergeOrder = {2, 0, 1};  // shuffled

class PartialMergeCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> score(0, 1);
        std::uniform_int_distribution<int> length(1, 40);
        std::ofstream qrels(path("qrels.tsv")), a(path("a.tsv")), b(path("b.tsv")), train(path("train.tsv"));
        qrels << "user\titem\tgrade\n";
        train << "user\titem\n";
        std::ofstream groups(path("groups.tsv"));
        a << "user\titem\tscore\n";
        b << "user\titem\tscore\n";
        for (int u = 0; u < 500; ++u) {
            const std::string user = "u" + std::to_string(u);
            if (u % 5 != 0) groups << user << '\t' << (u % 3 == 0 ? "north" : u % 3 == 1 ? "south" : "east") << '\n';
            const int la = u == 123 ? 90 : length(rng), lb = length(rng) / 4 + 1;
            for (int i = 0; i < 90; ++i) {
                const std::string item = "i" + std::to_string((u * 7 + i * 13) % 211);
                if (i < la && u % 13 != 0) a << user << '\t' << item << '\t' << std::floor(score(rng) * 4) << '\n';
                if (i < lb) b << user << '\t' << item << '\t' << score(rng) << '\n';
                // R from 4 to 15, and 1 for u77 alone (the only user of cohort "(other)" of --bins 2+).
                const bool relevant = u == 77 ? i == 0 : i % (2 + u % 7) == 0 && i < 30;
                if (relevant && u % 29 != 0) qrels << user << '\t' << item << '\t' << 1 + i % 3 << '\n';
                if (i % 11 == u % 11 && i >= 40) train << user << '\t' << item << '\n';
            }
        }
        b << "onlyrun\ti1\t0.5\n";
        inputs_ = "--qrels '" + path("qrels.tsv") + "' --run a='" + path("a.tsv") + "' --run b='" + path("b.tsv") + "'";
    }

    // `command` on each range into a partial state, then merge in kMergeOrder.
    Result shardedThenMerged(const std::string& command, const std::string& format) {
        std::vector<std::string> files;
        for (std::size_t i = 0; i < kRanges.size(); ++i) {
            files.push_back(path("part" + std::to_string(i) + ".json"));
            const Result r = run(command + " --buckets " + kRanges[i] + " --partial '" + files.back() + "'");
            EXPECT_EQ(r.exitCode, 0) << r.err;
            EXPECT_TRUE(r.out.empty()) << r.out;  // the partial state goes to the file only
        }
        std::string args;
        for (std::size_t i : kMergeOrder) args += " '" + files[i] + "'";
        return run("merge" + args + " --format " + format);
    }

    // The single command and the merged shards, byte for byte, in each format.
    void expectMergedEqualsSingle(const std::string& command, const std::vector<std::string>& formats) {
        for (const std::string& format : formats) {
            const Result single = run(command + " --format " + format);
            ASSERT_EQ(single.exitCode, 0) << single.err;
            ASSERT_FALSE(single.out.empty());
            const Result merged = shardedThenMerged(command, format);
            ASSERT_EQ(merged.exitCode, 0) << merged.err;
            EXPECT_EQ(merged.out, single.out) << command << " --format " << format;
        }
    }

    // Two passes, as the bootstrap needs: the shards without bucket sizes,
    // `merge --bucket-sizes` over their states, the shards again with them;
    // the second pass merged in kMergeOrder.
    Result twoPassesThenMerged(const std::string& command, const std::string& format) {
        std::vector<std::string> first, second;
        for (std::size_t i = 0; i < kRanges.size(); ++i) {
            first.push_back(path("first" + std::to_string(i) + ".json"));
            const Result r = run(command + " --buckets " + kRanges[i] + " --partial '" + first.back() + "'");
            EXPECT_EQ(r.exitCode, 0) << r.err;
        }
        std::string args;
        for (const std::string& f : first) args += " '" + f + "'";
        const Result pending = run("merge" + args + " --format " + format);
        EXPECT_NE(pending.exitCode, 0);
        EXPECT_THAT(pending.err, HasSubstr("merge --bucket-sizes"));
        const Result sizes = run("merge --bucket-sizes '" + path("sizes.json") + "'" + args);
        EXPECT_EQ(sizes.exitCode, 0) << sizes.err;
        for (std::size_t i = 0; i < kRanges.size(); ++i) {
            second.push_back(path("second" + std::to_string(i) + ".json"));
            const Result r = run(command + " --buckets " + kRanges[i] + " --bucket-sizes '" + path("sizes.json") +
                                 "' --partial '" + second.back() + "'");
            EXPECT_EQ(r.exitCode, 0) << r.err;
        }
        args.clear();
        for (std::size_t i : kMergeOrder) args += " '" + second[i] + "'";
        return run("merge" + args + " --format " + format);
    }

    void expectTwoPassesEqualSingle(const std::string& command, const std::vector<std::string>& formats,
                                    const std::string& mergeOptions = "") {
        for (const std::string& format : formats) {
            const Result single = run(command + " --format " + format + mergeOptions);
            ASSERT_EQ(single.exitCode, 0) << single.err;
            const Result merged = twoPassesThenMerged(command, format + mergeOptions);
            ASSERT_EQ(merged.exitCode, 0) << merged.err;
            EXPECT_EQ(merged.out, single.out) << command << " --format " << format;
        }
    }

    std::string inputs_;
};

TEST_F(PartialMergeCliTest, CompareWithRandomizationAndBootstrapMergesInTwoPasses) {
    const std::string compare = "compare " + inputs_ + " --metrics ndcg@10,recall@5,ap@20 --resamples 800 --seed 7";
    expectTwoPassesEqualSingle(compare + " --test t,wilcoxon,randomization,bootstrap", {"table", "csv", "json"});
    expectTwoPassesEqualSingle(compare + " --test bootstrap --level 0.9", {"md"}, " --interval bootstrap");
    // The randomization test alone needs no bucket sizes: one pass.
    expectMergedEqualsSingle(compare + " --test randomization --no-bootstrap", {"table", "json"});
    const Result json = run(compare + " --test randomization,bootstrap --format json");
    EXPECT_THAT(json.out, HasSubstr("\"bootstrap\""));
}

// arp (average recommendation popularity) is lower-is-better: the merged
// states once marked the highest mean best and left the directions out
// (a second assembly of the comparison); now one function assembles both.
TEST_F(PartialMergeCliTest, ALowerIsBetterMetricMergesIntoTheSingleCommandsBytesAndBestModel) {
    const std::string compare = "compare " + inputs_ + " --exclude '" + path("train.tsv") +
                                "' --metrics arp@10,ndcg@10 --test t,wilcoxon --no-bootstrap";
    expectMergedEqualsSingle(compare, {"table", "csv", "json", "md"});
    expectMergedEqualsSingle(compare + " --baseline b", {"json"});
    // The best arp is the lower mean, computed here from the JSON's own means.
    const Result merged = shardedThenMerged(compare, "json");
    ASSERT_EQ(merged.exitCode, 0) << merged.err;
    const auto json = nlohmann::json::parse(merged.out);
    std::map<std::string, std::pair<double, bool>> arp;  // model -> (mean, best)
    for (const auto& model : json.at("models")) {
        const auto& cell = model.at("metrics").at("arp@10");
        arp[model.at("name").get<std::string>()] = {cell.at("mean").get<double>(), cell.at("best").get<bool>()};
    }
    ASSERT_EQ(arp.size(), 2u) << merged.out.substr(0, 2000);
    ASSERT_NE(arp["a"].first, arp["b"].first);
    const std::string lower = arp["a"].first < arp["b"].first ? "a" : "b";
    EXPECT_TRUE(arp[lower].second) << "the lower arp is the best";
    EXPECT_FALSE(arp[lower == "a" ? "b" : "a"].second);
}

TEST_F(PartialMergeCliTest, CohortsWithTheBootstrapMergeInTwoPassesEachCohortWithItsSizes) {
    const std::string cohorts = "cohorts " + inputs_ + " --exclude '" + path("train.tsv") +
                                "' --metrics ndcg,recall --cutoffs 5 --resamples 400";
    expectTwoPassesEqualSingle(cohorts + " --bins 2+ --test t,bootstrap", {"table", "json"});
    expectTwoPassesEqualSingle(cohorts + " --by attribute --cohorts '" + path("groups.tsv") + "' --test randomization",
                               {"csv", "md"});
    const std::string sizes = ranklab::testing::slurp(path("sizes.json"));
    EXPECT_THAT(sizes, HasSubstr("\"label\":\"north\""));
    EXPECT_THAT(sizes, HasSubstr("\"label\":\"(none)\""));
}

TEST_F(PartialMergeCliTest, CurvesBandsMergeInTwoPasses) {
    expectTwoPassesEqualSingle("curves " + inputs_ + " --metric ndcg,recall,coverage --kmax 40 --resamples 300",
                               {"table", "csv", "json"});
    expectTwoPassesEqualSingle("curves " + inputs_ + " --metric ndcg,ap --kmax 30 --resamples 300 --difference b",
                               {"csv", "json"});
}

TEST_F(PartialMergeCliTest, BucketSizesOfOtherUsersOrWithoutAPassAreRefused) {
    const std::string compare = "compare " + inputs_ + " --metrics ndcg@10 --resamples 200";
    ASSERT_EQ(run(compare + " --buckets 0:4096 --partial '" + path("all.json") + "'").exitCode, 0);
    ASSERT_EQ(run("merge --bucket-sizes '" + path("sizes.json") + "' '" + path("all.json") + "'").exitCode, 0);
    // Sizes of another evaluation: the users of a bucket differ.
    const Result other = run(compare + " --rel 3 --buckets 0:2048 --bucket-sizes '" + path("sizes.json") +
                             "' --partial '" + path("x.json") + "'");
    EXPECT_NE(other.exitCode, 0);
    EXPECT_THAT(other.err, HasSubstr("in the bucket sizes given"));
    EXPECT_FALSE(std::filesystem::exists(path("x.json")));
    const Result noPartial = run(compare + " --bucket-sizes '" + path("sizes.json") + "'");
    EXPECT_NE(noPartial.exitCode, 0);
    EXPECT_THAT(noPartial.err, HasSubstr("--bucket-sizes is for a shard's second pass"));
    ASSERT_EQ(run(compare + " --buckets 0:2048 --partial '" + path("half.json") + "'").exitCode, 0);
    const Result gap = run("merge --bucket-sizes '" + path("s2.json") + "' '" + path("half.json") + "'");
    EXPECT_NE(gap.exitCode, 0);
    EXPECT_THAT(gap.err, HasSubstr("no state covers buckets 2048:4096"));
    std::ofstream(path("bad-sizes.json")) << "{\"format\": \"ranklab-bucket-sizes\", \"version\": 1, \"users\": [1, 2]}";
    const Result bad = run(compare + " --buckets 0:2048 --bucket-sizes '" + path("bad-sizes.json") + "' --partial '" +
                           path("y.json") + "'");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr("2 bucket sizes, expected 4096"));
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
    const Result kmax = run("merge '" + a + "' '" + b + "'");
    EXPECT_NE(kmax.exitCode, 0);
    EXPECT_THAT(kmax.err, HasSubstr(b + ": made with --kmax 5"));
    const Result overlap = run("merge '" + a + "' '" + c + "'");
    EXPECT_NE(overlap.exitCode, 0);
    EXPECT_THAT(overlap.err, HasSubstr(c + ": bucket ranges 0:2000 and 1999:4096 overlap"));
    const Result gap = run("merge '" + a + "'");
    EXPECT_NE(gap.exitCode, 0);
    EXPECT_THAT(gap.err, HasSubstr("leave out buckets 2000:4096"));
    const Result mixed = run("merge '" + a + "' '" + e + "'");
    EXPECT_NE(mixed.exitCode, 0);
    EXPECT_THAT(mixed.err, HasSubstr(e + ": a partial state of \"eval\", expected one of \"ranks\""));
    const Result md = run("merge '" + a + "' '" + c + "' --format md");
    EXPECT_NE(md.exitCode, 0);
    std::ofstream(path("bad.json")) << "{\"format\": \"ranklab-partial\", \"version\": 1, \"command\": \"ranks\", \"buckets\": [[2000, 4096]]}";
    const Result bad = run("merge '" + a + "' '" + path("bad.json") + "'");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr(path("bad.json") + ": malformed partial state"));
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
    const Result mixed = run("merge '" + a + "' '" + d + "'");
    EXPECT_NE(mixed.exitCode, 0);
    EXPECT_THAT(mixed.err, HasSubstr(d + ": --difference a, " + a + " with --difference none"));
    const Result kmax = run("merge '" + a + "' '" + b + "'");
    EXPECT_NE(kmax.exitCode, 0);
    EXPECT_THAT(kmax.err, HasSubstr(b + ": made with --kmax 11"));
    const Result metrics = run("merge '" + a + "' '" + m + "'");
    EXPECT_NE(metrics.exitCode, 0);
    EXPECT_THAT(metrics.err, HasSubstr(m + ": curves of other metrics"));
    const Result overlap = run("merge '" + a + "' '" + c + "'");
    EXPECT_NE(overlap.exitCode, 0);
    EXPECT_THAT(overlap.err, HasSubstr(c + ": bucket ranges 0:2000 and 1999:4096 overlap"));
    const Result gap = run("merge '" + a + "'");
    EXPECT_NE(gap.exitCode, 0);
    EXPECT_THAT(gap.err, HasSubstr("leave out buckets 2000:4096"));
    std::string text = ranklab::testing::slurp(a);
    const std::string kmax10 = "\"kmax\": 10";
    text.replace(text.find(kmax10), kmax10.size(), "\"kmax\": 12");
    std::ofstream(path("bad.json")) << text;
    const Result bad = run("merge '" + path("bad.json") + "' '" + m + "'");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr(path("bad.json") + ": a curve of 10 cutoffs, expected kmax = 12"));
}

// coverage, gini, entropy and personalization: their per-item counts
// (whole shares, and the shares a/s of tie groups straddling k in fixed point) add up to
// the single command's statistic, every format, @all included.
TEST_F(PartialMergeCliTest, SetLevelEvalShardsMergeIntoTheSingleCommandsBytes) {
    const std::string eval = "eval " + inputs_ + " --exclude '" + path("train.tsv") + "'";
    for (const std::string metrics :
         {" --metrics coverage,gini,entropy,personalization,ndcg --cutoffs 1,5,10",
          " --metrics 'coverage@all,personalization@all,gini(zeros=recommended)@3,coverage(of=training)@7,"
          "entropy(base=e)@4,recall@4' --ties trec --users all"})
        expectMergedEqualsSingle(eval + metrics, {"table", "csv", "json", "md", "latex"});
    // The states hold shares below 1 (so their fixed-point sums are what is tested).
    ASSERT_EQ(run(eval + " --metrics personalization@5 --buckets 1001:4096 --partial '" + path("s.json") + "'").exitCode, 0);
    const std::string state = ranklab::testing::slurp(path("s.json"));
    EXPECT_THAT(state, ::testing::ContainsRegex("\"part\": \\[\\s*\\[\\s*[0-9]"));
    EXPECT_THAT(state, HasSubstr("\"set_level\""));
}

TEST_F(PartialMergeCliTest, SetLevelStatesOfAnotherCatalogueAreRefusedNamingTheFile) {
    const std::string eval = "eval " + inputs_ + " --metrics coverage@5 --exclude '";
    std::ofstream(path("train2.tsv")) << "user\titem\nu1\tnew-item\n";
    const std::string a = path("a.json"), b = path("b.json");
    ASSERT_EQ(run(eval + path("train.tsv") + "' --buckets 0:2000 --partial '" + a + "'").exitCode, 0);
    ASSERT_EQ(run(eval + path("train2.tsv") + "' --buckets 2000:4096 --partial '" + b + "'").exitCode, 0);
    const Result r = run("merge '" + a + "' '" + b + "'");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr(b + ": its set-level counts are over another catalogue"));
    const Result compare = run("compare " + inputs_ + " --metrics coverage@5 --test t --no-bootstrap --buckets 0:10 --partial '" +
                               path("c.json") + "'");
    EXPECT_NE(compare.exitCode, 0);
    EXPECT_THAT(compare.err, HasSubstr("coverage@5 is a set-level metric: compare has no partial state for it yet"));
}

// Cohorts with fixed boundaries: each cohort's comparison, the overall one
// and the flags of a differing best merge into the single command's bytes,
// also when the extra cohort ("(other)", "(none)") has users in some shards only.
TEST_F(PartialMergeCliTest, CohortsShardsMergeIntoTheSingleCommandsBytes) {
    const std::string cohorts = "cohorts " + inputs_ + " --exclude '" + path("train.tsv") +
                                "' --metrics ndcg,recall,ap --cutoffs 3,10 --no-bootstrap";
    for (const std::string& options : std::vector<std::string>{" --test t,wilcoxon", " --bins 2+ --test t", " --bins 2-5,6-9,10+ --baseline b --test wilcoxon --correction bh",
                                      " --bins 2-7,8+ --test t,randomization --resamples 500",
                                      " --by attribute --cohorts '" + path("groups.tsv") + "' --test t --users all",
                                      " --by activity --bins 0,1-2,3+ --test t,wilcoxon --ties pessimistic"})
        expectMergedEqualsSingle(cohorts + options, {"table", "csv", "json", "md"});
    // The extra cohorts are there; "(other)" of --bins 2+ in one shard only.
    EXPECT_THAT(run(cohorts + " --bins 2+ --test t --format csv").out, HasSubstr("(other),1,"));
    EXPECT_THAT(run(cohorts + " --by attribute --cohorts '" + path("groups.tsv") + "' --test t --format csv").out,
                HasSubstr("(none)"));
    int withOther = 0;
    for (const std::string& range : kRanges) {
        ASSERT_EQ(run(cohorts + " --bins 2+ --test t --buckets " + range + " --partial '" + path("one.json") + "'").exitCode, 0);
        withOther += ranklab::testing::slurp(path("one.json")).find("\"extra\": null") == std::string::npos;
    }
    EXPECT_EQ(withOther, 1);
}

TEST_F(PartialMergeCliTest, QuantileCohortsMergeInTwoPassesTheBinsCutOverEveryUser) {
    const std::string cohorts = "cohorts " + inputs_ + " --exclude '" + path("train.tsv") +
                                "' --metrics ndcg,recall --cutoffs 5 --resamples 300";
    expectTwoPassesEqualSingle(cohorts + " --by activity --test t,randomization", {"table", "json"});
    expectTwoPassesEqualSingle(cohorts + " --quantiles 3 --test t,bootstrap --baseline b", {"csv", "md"});
    // The sizes carry the bins and each bin's users per bucket.
    const std::string sizes = ranklab::testing::slurp(path("sizes.json"));
    EXPECT_THAT(sizes, HasSubstr("\"quantile_bins\""));
    // A second pass needs sizes with bins.
    ASSERT_EQ(run(cohorts + " --bins 1,2+ --test t --buckets 0:4096 --partial '" + path("fixed.json") + "'").exitCode, 0);
    ASSERT_EQ(run("merge --bucket-sizes '" + path("fixed-sizes.json") + "' '" + path("fixed.json") + "'").exitCode, 0);
    const Result noBins = run(cohorts + " --quantiles 3 --test t --buckets 0:10 --bucket-sizes '" +
                              path("fixed-sizes.json") + "' --partial '" + path("q.json") + "'");
    EXPECT_NE(noBins.exitCode, 0);
    EXPECT_THAT(noBins.err, HasSubstr("no quantile bins"));
}

TEST_F(PartialMergeCliTest, CohortsPartialStatesWithSetLevelMetricsAreRefused) {
    const Result setLevel = run("cohorts " + inputs_ + " --exclude '" + path("train.tsv") +
                                "' --metrics ndcg@5,coverage@5 --no-bootstrap --test t --buckets 0:10 --partial '" +
                                path("c.json") + "'");
    EXPECT_NE(setLevel.exitCode, 0);
    EXPECT_THAT(setLevel.err, HasSubstr("coverage@5 is a set-level metric"));
    EXPECT_FALSE(std::filesystem::exists(path("c.json")));
}

TEST_F(PartialMergeCliTest, CohortsStatesOfOtherBinsOrOverlappingRangesAreRefusedNamingTheFile) {
    const std::string cohorts = "cohorts " + inputs_ + " --metrics ndcg@5 --no-bootstrap --test t";
    const std::string a = path("a.json"), b = path("b.json"), c = path("c.json");
    ASSERT_EQ(run(cohorts + " --buckets 0:2000 --partial '" + a + "'").exitCode, 0);
    ASSERT_EQ(run(cohorts + " --bins 1,2+ --buckets 2000:4096 --partial '" + b + "'").exitCode, 0);
    ASSERT_EQ(run(cohorts + " --buckets 1999:4096 --partial '" + c + "'").exitCode, 0);
    const Result bins = run("merge '" + a + "' '" + b + "'");
    EXPECT_NE(bins.exitCode, 0);
    EXPECT_THAT(bins.err, HasSubstr(b + ": cohorts by relevant with other cohorts than " + a));
    const Result overlap = run("merge '" + a + "' '" + c + "'");
    EXPECT_NE(overlap.exitCode, 0);
    EXPECT_THAT(overlap.err, HasSubstr(c + ": bucket ranges 0:2000 and 1999:4096 overlap"));
    const Result gap = run("merge '" + a + "'");
    EXPECT_NE(gap.exitCode, 0);
    EXPECT_THAT(gap.err, HasSubstr("leave out buckets 2000:4096"));
    std::string text = ranklab::testing::slurp(a);
    text.replace(text.find("\"cells\": ["), 10, "\"cells\": [{}, ");
    std::ofstream(path("bad.json")) << text;
    const Result bad = run("merge '" + path("bad.json") + "' '" + c + "'");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr(path("bad.json") + " (cohort 1): "));
}

// Shards as a cluster holds them: each worker's files hold only the users of
// its buckets (the bucket computed here from the documented hash), so a
// shard cannot see the other shards' lists at all.
TEST_F(PartialMergeCliTest, ShardsOfFilesSplitByBucketMergeIntoTheSingleCommandsBytes) {
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges = {{0, 1000}, {1000, 1001}, {1001, 4096}};
    for (const std::string name : {"qrels.tsv", "a.tsv", "b.tsv"}) {
        std::ifstream in(path(name));
        std::string header;
        std::getline(in, header);
        std::vector<std::ofstream> outs;
        for (std::size_t i = 0; i < ranges.size(); ++i) outs.emplace_back(path("s" + std::to_string(i) + "_" + name)) << header << '\n';
        for (std::string line; std::getline(in, line);) {
            const std::string user = line.substr(0, line.find('\t'));
            std::uint64_t h = 14695981039346656037ull;  // FNV-1a 64, SplitMix64's finaliser, top 12 bits
            for (unsigned char c : user) h = (h ^ c) * 1099511628211ull;
            h ^= h >> 30; h *= 0xbf58476d1ce4e5b9ull; h ^= h >> 27; h *= 0x94d049bb133111ebull; h ^= h >> 31;
            const auto bucket = std::uint32_t(h >> 52);
            for (std::size_t i = 0; i < ranges.size(); ++i)
                if (bucket >= ranges[i].first && bucket < ranges[i].second) outs[i] << line << '\n';
        }
    }
    const auto inputs = [&](const std::string& prefix) {
        return "--qrels '" + path(prefix + "qrels.tsv") + "' --run a='" + path(prefix + "a.tsv") + "' --run b='" +
               path(prefix + "b.tsv") + "'";
    };
    for (const std::string command : {"ranks --kmax 60", "curves --metric ndcg,precision --kmax 100 --no-bands",
                                      "curves --metric recall --kmax 100 --no-bands --difference a",
                                      "cohorts --metrics ndcg@5 --test t,wilcoxon --no-bootstrap --bins 2-5,6+"}) {
        const Result single = run(command + " " + inputs("") + " --format json");
        ASSERT_EQ(single.exitCode, 0) << single.err;
        std::string files;
        for (std::size_t i = 0; i < ranges.size(); ++i) {
            const std::string state = path("state" + std::to_string(i) + ".json");
            const Result r = run(command + " " + inputs("s" + std::to_string(i) + "_") + " --buckets " +
                                 std::to_string(ranges[i].first) + ":" + std::to_string(ranges[i].second) +
                                 " --partial '" + state + "'");
            ASSERT_EQ(r.exitCode, 0) << command << ": " << r.err;
            files = " '" + state + "'" + files;  // merged last range first
        }
        const Result merged = run("merge" + files + " --format json");
        ASSERT_EQ(merged.exitCode, 0) << command << ": " << merged.err;
        EXPECT_EQ(merged.out, single.out) << command;
    }
}

} // namespace

// Sharded compare (its resampling), cohorts and eval's set-level metrics
// through the CLI: the command on three uneven bucket ranges with
// --partial, then `merge` of the states in shuffled order, prints the single
// command's bytes in every format the command has (the fixture and its data:
// partial_merge_fixture.h; ranks and curves: partial_merge_ranks_curves_cli_test.cpp).
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
    expectMergeRefused("--bucket-sizes '" + path("s2.json") + "' '" + path("half.json") + "'", "no state covers buckets 2048:4096");
    std::ofstream(path("bad-sizes.json")) << "{\"format\": \"ranklab-bucket-sizes\", \"version\": 1, \"users\": [1, 2]}";
    const Result bad = run(compare + " --buckets 0:2048 --bucket-sizes '" + path("bad-sizes.json") + "' --partial '" +
                           path("y.json") + "'");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr("2 bucket sizes, expected 4096"));
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
    expectMergeRefused("'" + a + "' '" + b + "'", b + ": its set-level counts are over another catalogue");
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
    expectMergeRefused("'" + a + "' '" + b + "'", b + ": cohorts by relevant with other cohorts than " + a);
    expectMergeRefused("'" + a + "' '" + c + "'", c + ": bucket ranges 0:2000 and 1999:4096 overlap");
    expectMergeRefused("'" + a + "'", "leave out buckets 2000:4096");
    std::string text = ranklab::testing::slurp(a);
    text.replace(text.find("\"cells\": ["), 10, "\"cells\": [{}, ");
    std::ofstream(path("bad.json")) << text;
    expectMergeRefused("'" + path("bad.json") + "' '" + c + "'", path("bad.json") + " (cohort 1): ");
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

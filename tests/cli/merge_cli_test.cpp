// Sharded evaluation through the CLI: `eval --buckets a:b --partial OUT` on
// disjoint ranges, then `merge`, prints the same bytes as the single `eval`,
// for several splits, every format, and shards that hold only their users.
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "shard/user_bucket.h"

using ::testing::HasSubstr;

namespace {

using Result = ranklab::testing::CliResult;

class MergeCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        const Result r = run("synth --out '" + path("data") + "' --users 700 --items 300 --per-user 25 --format tsv");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        inputs_ = "--qrels '" + path("data/qrels.tsv") + "' --run pop='" + path("data/popularity.tsv") +
                  "' --run top='" + path("data/toprank.tsv") + "' --run broad='" + path("data/broad.tsv") +
                  "' --exclude '" + path("data/train.tsv") + "' --metrics ndcg,recall,ap,rr,precision --cutoffs 5,10,20";
    }

    // eval on each range into a partial state, then merge in the given order.
    Result shardedThenMerged(const std::vector<std::string>& ranges, const std::string& format,
                             const std::string& inputs) {
        std::string files;
        for (std::size_t i = 0; i < ranges.size(); ++i) {
            const std::string out = path("part" + std::to_string(i) + ".json");
            const Result r = run("eval " + inputs + " --buckets " + ranges[i] + " --partial '" + out + "'");
            EXPECT_EQ(r.exitCode, 0) << r.err;
            EXPECT_TRUE(r.out.empty()) << r.out;  // the partial state goes to the file only
            files += " '" + out + "'";
        }
        return run("merge" + files + " --format " + format);
    }

    std::string inputs_;
};

TEST_F(MergeCliTest, MergedPartialStatesPrintTheSingleCommandsBytesForEverySplit) {
    const Result single = run("eval " + inputs_ + " --format json");
    ASSERT_EQ(single.exitCode, 0) << single.err;
    const std::vector<std::vector<std::string>> splits = {
        {"0:4096"},
        {"0:2048", "2048:4096"},
        {"2048:4096", "0:2048"},  // merge order does not matter
        {"0:1", "1:1000", "1000:1365", "1365:2730", "2730:4095", "4095:4096"},
        {"3000:4096", "0:7", "7:3000"},
    };
    for (const auto& split : splits) {
        const Result merged = shardedThenMerged(split, "json", inputs_);
        ASSERT_EQ(merged.exitCode, 0) << merged.err;
        EXPECT_EQ(merged.out, single.out) << "split of " << split.size() << " ranges starting " << split.front();
    }
}

TEST_F(MergeCliTest, EveryFormatMatchesTheSingleCommand) {
    for (const std::string format : {"table", "csv", "md", "latex"}) {
        const Result single = run("eval " + inputs_ + " --format " + format);
        ASSERT_EQ(single.exitCode, 0) << single.err;
        const Result merged = shardedThenMerged({"0:1500", "1500:2900", "2900:4096"}, format, inputs_);
        ASSERT_EQ(merged.exitCode, 0) << merged.err;
        EXPECT_EQ(merged.out, single.out) << format;
    }
}

// Shards as a cluster holds them: each worker's files contain only the
// users of its buckets (the bucket written in the test from the documented
// hash, independently of the CLI's own filtering).
TEST_F(MergeCliTest, FilesSplitByBucketGiveTheSameBytes) {
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges = {{0, 1365}, {1365, 2730}, {2730, 4096}};
    const auto split = [&](const std::string& name) {
        std::ifstream in(path("data/" + name));
        std::string header;
        std::getline(in, header);
        std::vector<std::ofstream> outs;
        for (std::size_t i = 0; i < ranges.size(); ++i) {
            outs.emplace_back(path("shard" + std::to_string(i) + "_" + name));
            outs.back() << header << '\n';
        }
        for (std::string line; std::getline(in, line);) {
            const std::string user = line.substr(0, line.find('\t'));
            // FNV-1a 64, SplitMix64's finaliser, top 12 bits (docs of user_bucket.h), written out here.
            std::uint64_t h = 14695981039346656037ull;
            for (unsigned char c : user) h = (h ^ c) * 1099511628211ull;
            h ^= h >> 30; h *= 0xbf58476d1ce4e5b9ull; h ^= h >> 27; h *= 0x94d049bb133111ebull; h ^= h >> 31;
            const auto bucket = std::uint32_t(h >> 52);
            for (std::size_t i = 0; i < ranges.size(); ++i)
                if (bucket >= ranges[i].first && bucket < ranges[i].second) outs[i] << line << '\n';
        }
    };
    for (const char* f : {"qrels.tsv", "popularity.tsv", "toprank.tsv", "train.tsv"}) split(f);
    const std::string metrics = " --metrics ndcg@10,recall@20,ap@10";
    const Result single = run("eval --qrels '" + path("data/qrels.tsv") + "' --run pop='" + path("data/popularity.tsv") +
                              "' --run top='" + path("data/toprank.tsv") + "' --exclude '" + path("data/train.tsv") +
                              "'" + metrics + " --format json");
    ASSERT_EQ(single.exitCode, 0) << single.err;
    std::string files;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const std::string s = path("shard" + std::to_string(i) + "_");
        const std::string range = std::to_string(ranges[i].first) + ":" + std::to_string(ranges[i].second);
        const Result r = run("eval --qrels '" + s + "qrels.tsv' --run pop='" + s + "popularity.tsv' --run top='" + s +
                             "toprank.tsv' --exclude '" + s + "train.tsv'" + metrics + " --buckets " + range +
                             " --partial '" + s + "state.json'");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        files += " '" + s + "state.json'";
    }
    const Result merged = run("merge" + files + " --format json");
    ASSERT_EQ(merged.exitCode, 0) << merged.err;
    EXPECT_EQ(merged.out, single.out);
}

TEST_F(MergeCliTest, CompareStatesMergeIntoTheSingleCompareBytes) {
    for (const std::string choice : {"--test t,wilcoxon --no-bootstrap", "--test wilcoxon,t --all-pairs --no-bootstrap --correction bh"}) {
        for (const std::string format : {"json", "table", "csv"}) {
            const Result single = run("compare " + inputs_ + " " + choice + " --format " + format);
            ASSERT_EQ(single.exitCode, 0) << single.err;
            std::string files;
            const std::vector<std::string> ranges = {"0:900", "900:3100", "3100:4096"};
            for (std::size_t i = 0; i < ranges.size(); ++i) {
                const std::string out = path("cmp" + std::to_string(i) + ".json");
                const Result r = run("compare " + inputs_ + " " + choice + " --buckets " + ranges[i] + " --partial '" + out + "'");
                ASSERT_EQ(r.exitCode, 0) << r.err;
                files += " '" + out + "'";
            }
            const Result merged = run("merge" + files + " --format " + format);
            ASSERT_EQ(merged.exitCode, 0) << merged.err;
            EXPECT_EQ(merged.out, single.out) << choice << " " << format;
        }
    }
}

TEST_F(MergeCliTest, CompareStatesWithAPendingBootstrapSayHowToGoOn) {
    ASSERT_EQ(run("compare " + inputs_ + " --buckets 0:4096 --partial '" + path("x.json") + "'").exitCode, 0);
    const Result r = run("merge '" + path("x.json") + "'");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("ranklab-cli merge --bucket-sizes sizes.json"));
    EXPECT_THAT(r.err, HasSubstr("--no-bootstrap"));
}

TEST_F(MergeCliTest, MissingOrOverlappingBucketsAreRefusedNamingThem) {
    const std::string a = path("a.json"), b = path("b.json");
    ASSERT_EQ(run("eval " + inputs_ + " --buckets 0:2000 --partial '" + a + "'").exitCode, 0);
    ASSERT_EQ(run("eval " + inputs_ + " --buckets 1999:4000 --partial '" + b + "'").exitCode, 0);
    const Result overlap = run("merge '" + a + "' '" + b + "'");
    EXPECT_NE(overlap.exitCode, 0);
    EXPECT_THAT(overlap.err, HasSubstr("0:2000 and 1999:4000 overlap"));
    const Result missing = run("merge '" + a + "'");
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_THAT(missing.err, HasSubstr("leave out buckets 2000:4096"));
    const Result badRange = run("eval " + inputs_ + " --buckets 5:5 --partial '" + a + "'");
    EXPECT_NE(badRange.exitCode, 0);
    EXPECT_THAT(badRange.err, HasSubstr("expected a:b with 0 <= a < b <= 4096"));
}

TEST_F(MergeCliTest, PartialStatesOfOtherSettingsOrRunsAreRefused) {
    const std::string a = path("a.json"), b = path("b.json"), c = path("c.json");
    ASSERT_EQ(run("eval " + inputs_ + " --buckets 0:2000 --partial '" + a + "'").exitCode, 0);
    ASSERT_EQ(run("eval " + inputs_ + " --ties pessimistic --buckets 2000:4096 --partial '" + b + "'").exitCode, 0);
    const Result settings = run("merge '" + a + "' '" + b + "'");
    EXPECT_NE(settings.exitCode, 0);
    EXPECT_THAT(settings.err, HasSubstr("other settings"));
    std::ofstream(c) << "{\"format\": \"ranklab-partial\", \"version\": 99}";
    const Result version = run("merge '" + a + "' '" + c + "'");
    EXPECT_NE(version.exitCode, 0);
    EXPECT_THAT(version.err, HasSubstr("partial-state version 99"));
}

TEST_F(MergeCliTest, BucketsWithoutPartialPrintTheRangesOwnTable) {
    const Result lower = run("eval " + inputs_ + " --buckets 0:2048 --format json");
    const Result upper = run("eval " + inputs_ + " --buckets 2048:4096 --format json");
    const Result whole = run("eval " + inputs_ + " --format json");
    ASSERT_EQ(lower.exitCode, 0) << lower.err;
    const auto evaluated = [](const std::string& json) {
        const auto at = json.find("\"evaluated\": ");
        return std::stoul(json.substr(at + 13));
    };
    EXPECT_GT(evaluated(lower.out), 0u);
    EXPECT_GT(evaluated(upper.out), 0u);
    EXPECT_EQ(evaluated(lower.out) + evaluated(upper.out), evaluated(whole.out));
}

} // namespace

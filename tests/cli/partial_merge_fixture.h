#pragma once
// The sharded-CLI fixture of partial_merge_*_cli_test.cpp: the data written
// here (lists of very different lengths, so the ranges' longest lists differ,
// and tied scores, so the expected counts and values are fractions), the
// command run on three uneven bucket ranges (0:1000, 1000:1001, 1001:4096)
// with --partial, and `merge` of the states in shuffled order, compared with
// the single command's bytes.
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace ranklab::testing {

inline const std::vector<std::string> kRanges = {"0:1000", "1000:1001", "1001:4096"};
inline const std::vector<std::size_t> kMergeOrder = {2, 0, 1};  // shuffled

class PartialMergeCliTest : public CliFixture {
protected:
    using Result = CliResult;

    // `merge ARGS` fails, its error holding `message`.
    void expectMergeRefused(const std::string& args, const std::string& message) const {
        const CliResult r = run("merge " + args);
        EXPECT_NE(r.exitCode, 0) << args;
        EXPECT_THAT(r.err, ::testing::HasSubstr(message)) << args;
    }

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
        EXPECT_THAT(pending.err, ::testing::HasSubstr("merge --bucket-sizes"));
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

} // namespace ranklab::testing

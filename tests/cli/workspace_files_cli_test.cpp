// Every key of a workspace's files section reaches the CLI (issue 30, items
// 5 and 6): `-w` gives byte for byte what the same files given as options
// give. Before the fix a workspace's exclusions did not stop a dense .npy
// from being cut to the metrics' depth (ndcg@10 0.0000 from `eval -w`,
// 0.3155 from the options), and its catalogue and item attributes were
// dropped (coverage over the ground truth's items instead of the catalogue).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "core/io/npy_test_support.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

namespace {

constexpr int kUsers = 30, kItems = 40;

// Scores[u][i] distinct within a user, from a fixed linear congruence.
std::vector<std::vector<double>> scoresOf(unsigned seed) {
    std::vector<std::vector<double>> s(kUsers, std::vector<double>(kItems));
    for (int u = 0; u < kUsers; ++u) {
        std::vector<int> order(kItems);
        for (int i = 0; i < kItems; ++i) order[i] = i;
        unsigned state = seed + 977u * unsigned(u);
        for (int i = kItems - 1; i > 0; --i) {
            state = state * 1103515245u + 12345u;
            std::swap(order[i], order[(state >> 8) % unsigned(i + 1)]);
        }
        for (int rank = 0; rank < kItems; ++rank) s[u][order[rank]] = double(kItems - rank) / 8.0;
    }
    return s;
}

// The items of user u by score, best first.
std::vector<int> ranked(const std::vector<double>& row) {
    std::vector<int> items(kItems);
    for (int i = 0; i < kItems; ++i) items[i] = i;
    std::sort(items.begin(), items.end(), [&](int a, int b) { return row[a] > row[b]; });
    return items;
}

class WorkspaceFilesTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        strong = scoresOf(3);
        weak = scoresOf(91);
        std::ofstream users(path("users.txt")), items(path("items.txt"));
        for (int u = 0; u < kUsers; ++u) users << "u" << u << "\n";
        for (int i = 0; i < kItems; ++i) items << "i" << i << "\n";
        writeMatrix("strong.npy", strong);
        writeMatrix("weak.npy", weak);
        // Judged: the items the strong model ranks 5th, 6th, 11th and 12th;
        // excluded: its 1st to 4th. With the exclusions the 11th and 12th
        // come up into the top 10: cut to 10 before excluding, they are lost.
        std::ofstream qrels(path("qrels.tsv")), train(path("train.tsv")), cohorts(path("cohorts.tsv"));
        for (int u = 0; u < kUsers; ++u) {
            const std::vector<int> order = ranked(strong[u]);
            for (int r : {4, 5, 10, 11}) qrels << "u" << u << "\ti" << order[r] << "\t1\n";
            for (int r : {0, 1, 2, 3}) train << "u" << u << "\ti" << order[r] << "\n";
            cohorts << "u" << u << "\t" << (u % 3 == 0 ? "new" : "old") << "\n";
        }
        std::ofstream catalog(path("catalog.txt")), genres(path("genres.tsv"));
        for (int i = 0; i < 100; ++i) catalog << "i" << i << "\n";  // the 40 scored and 60 others
        for (int i = 0; i < kItems; ++i) genres << "i" << i << "\tg" << i % 4 << "\ni" << i << "\th" << i % 5 << "\n";
    }

    void writeMatrix(const std::string& name, const std::vector<std::vector<double>>& s) const {
        test::NpyMatrix m;
        m.rows = kUsers;
        m.columns = kItems;
        for (const auto& row : s) m.values.insert(m.values.end(), row.begin(), row.end());
        std::ofstream(path(name), std::ios::binary) << test::npyBytes(m, "<f8");
    }

    std::string npyFormat() const {
        return "npy,users=" + path("users.txt") + ",items=" + path("items.txt");
    }

    // A workspace with the two models, the ground truth and the `keys` asked.
    std::string workspace(const std::set<std::string>& keys) const {
        Workspace ws;
        ws.groundTruth = {path("qrels.tsv"), FormatSpec::parse("auto")};
        ws.models.push_back({"strong", path("strong.npy"), FormatSpec::parse(npyFormat()), "", true});
        ws.models.push_back({"weak", path("weak.npy"), FormatSpec::parse(npyFormat()), "", true});
        if (keys.count("exclusions")) ws.exclusions = WorkspaceFile{path("train.tsv"), FormatSpec::parse("auto")};
        if (keys.count("cohorts")) ws.cohorts = WorkspaceFile{path("cohorts.tsv"), FormatSpec::parse("auto")};
        if (keys.count("catalog")) ws.catalog = WorkspaceFile{path("catalog.txt"), FormatSpec::parse("auto")};
        if (keys.count("items")) ws.items = WorkspaceFile{path("genres.tsv"), FormatSpec::parse("auto")};
        std::string name = "ws";
        for (const std::string& k : keys) name += "_" + k;
        writeWorkspaceFile(ws, path(name + ".ranklab"));
        return path(name + ".ranklab");
    }

    // The same files as options.
    std::string options(const std::set<std::string>& keys) const {
        std::string out = "--qrels '" + path("qrels.tsv") + "' --run strong='" + path("strong.npy") + "' --run weak='" +
                          path("weak.npy") + "' --run-format '" + npyFormat() + "'";
        if (keys.count("exclusions")) out += " --exclude '" + path("train.tsv") + "'";
        if (keys.count("cohorts")) out += " --cohorts '" + path("cohorts.tsv") + "'";
        if (keys.count("catalog")) out += " --catalog '" + path("catalog.txt") + "'";
        if (keys.count("items")) out += " --items '" + path("genres.tsv") + "'";
        return out;
    }

    std::string ok(const std::string& args) const {
        const Result r = run(args);
        EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.err;
        return r.out;
    }

    // `command` with the workspace of `keys` equals it with the options.
    void expectSame(const std::string& command, const std::set<std::string>& keys, const std::string& rest) const {
        const std::string fromWorkspace = ok(command + " -w '" + workspace(keys) + "' " + rest);
        EXPECT_FALSE(fromWorkspace.empty());
        EXPECT_EQ(fromWorkspace, ok(command + " " + options(keys) + " " + rest)) << command << " " << rest;
    }

    std::vector<std::vector<double>> strong, weak;
    const std::string metrics = "--metrics ndcg,recall,ap --cutoffs 10 --format csv --digits 6";
};

TEST_F(WorkspaceFilesTest, ModelsAndGroundTruth) { expectSame("eval", {}, metrics); }

// The case: a dense .npy run with vocabularies and exclusions.
TEST_F(WorkspaceFilesTest, ExclusionsKeepTheDenseMatrixWhole) {
    expectSame("eval", {"exclusions"}, metrics);
    // Brute force: with its 1st to 4th excluded, the strong model ranks the
    // judged items (its old 5th, 6th, 11th, 12th) 1st, 2nd, 7th and 8th:
    // nDCG@10 = (1 + 1/log2(3) + 1/log2(8) + 1/log2(9)) / (1 + 1/log2(3) + 1/log2(4) + 1/log2(5)).
    const double dcg = 1 + 1 / std::log2(3.0) + 1 / std::log2(8.0) + 1 / std::log2(9.0);
    const double ideal = 1 + 1 / std::log2(3.0) + 1 / std::log2(4.0) + 1 / std::log2(5.0);
    char expected[64];
    std::snprintf(expected, sizeof expected, "\nstrong,%.6f,", dcg / ideal);
    const std::string out = ok("eval -w '" + workspace({"exclusions"}) + "' " + metrics);
    EXPECT_THAT(out, HasSubstr(expected)) << out;
}

TEST_F(WorkspaceFilesTest, Cohorts) { expectSame("cohorts", {"cohorts"}, "--metrics ndcg@10 --format csv"); }

TEST_F(WorkspaceFilesTest, CatalogueGivesTheCoverageDenominator) {
    expectSame("eval", {"catalog"}, "--metrics coverage@10 --format csv --digits 6");
    // Brute force: the distinct items in the strong model's top 10, over
    // the catalogue's 100 items (not the ground truth's).
    std::set<int> shown;
    for (int u = 0; u < kUsers; ++u) {
        const std::vector<int> order = ranked(strong[u]);
        shown.insert(order.begin(), order.begin() + 10);
    }
    char expected[64];
    std::snprintf(expected, sizeof expected, "\nstrong,%.6f\n", double(shown.size()) / 100.0);
    EXPECT_THAT(ok("eval -w '" + workspace({"catalog"}) + "' --metrics coverage@10 --format csv --digits 6"),
                HasSubstr(expected));
}

TEST_F(WorkspaceFilesTest, ItemAttributes) { expectSame("eval", {"items"}, "--metrics ild@10 --format csv"); }

TEST_F(WorkspaceFilesTest, EveryKeyAtOnce) {
    const std::set<std::string> all = {"exclusions", "cohorts", "catalog", "items"};
    expectSame("eval", all, "--metrics ndcg@10,coverage@10,ild@10 --format csv --digits 6");
    expectSame("inspect", all, "--format json");
}

// An option given explicitly still overrides the workspace's file.
TEST_F(WorkspaceFilesTest, AnExplicitCatalogueOverridesTheWorkspaces) {
    std::ofstream(path("small.txt")) << "i0\ni1\n";
    EXPECT_EQ(ok("eval -w '" + workspace({"catalog"}) + "' --catalog '" + path("small.txt") +
                 "' --metrics coverage@10 --format csv"),
              ok("eval " + options({}) + " --catalog '" + path("small.txt") + "' --metrics coverage@10 --format csv"));
}

} // namespace

// ranklab-cli ranks, run as a program: CSV and JSON hold exactly the core's
// numbers (computeRankDistributions on the same files and options), --out,
// --help, and clear errors with a non-zero exit for bad options.
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "core/engine_data_sets.h"
#include "io/dataset_loader.h"
#include "compare/rank_distribution.h"

using namespace ranklab;
using ::testing::HasSubstr;
using ranklab::testing::CliResult;

namespace {

std::string inputs(const std::string& set) { return ranklab::testing::engineSetInputs(set, "sys"); }

RankDistributions core(const std::string& set, std::uint32_t kmax, TiePolicy ties = TiePolicy::Expected) {
    const Dataset data = ranklab::testing::loadEngineSet(set, "sys");
    EvalSettings settings;
    settings.ties = ties;
    RankCache cache;
    return computeRankDistributions(data, settings, kmax, cache);
}

class RanksCliTest : public ranklab::testing::CliFixture {};

} // namespace

TEST_F(RanksCliTest, CsvHoldsTheCoreNumbers) {
    const CliResult r = run("ranks " + inputs("03_ties_heavy") + " --format csv");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    const RankDistributions expected = core("03_ties_heavy", 0);
    const ModelRankDistribution& d = expected.models.at(0);
    std::istringstream lines(r.out);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "model,kind,rank,count,share,cdf");
    for (const auto& [kind, h] : {std::pair<std::string, const RankHistogram*>{"first", &d.first}, {"all", &d.all}}) {
        for (std::size_t i = 0; i <= expected.kmax; ++i) {
            ASSERT_TRUE(std::getline(lines, line));
            std::vector<std::string> cells;
            std::istringstream fields(line);
            for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
            ASSERT_GE(cells.size(), 5u) << line;
            EXPECT_EQ(cells[0], "sys");
            EXPECT_EQ(cells[1], kind);
            if (i < expected.kmax) {
                EXPECT_EQ(cells[2], std::to_string(i + 1));
                EXPECT_EQ(std::stod(cells[3]), h->counts[i]) << line;
                EXPECT_EQ(std::stod(cells[5]), h->cdf[i]) << line;
            } else {
                EXPECT_EQ(cells[2], "not_retrieved");
                EXPECT_EQ(std::stod(cells[3]), h->notRetrieved) << line;
            }
        }
    }
    EXPECT_FALSE(std::getline(lines, line)) << line;
}

TEST_F(RanksCliTest, JsonHoldsTheCoreNumbers) {
    const std::string out = path("ranks.json");
    const CliResult r = run("ranks " + inputs("01_binary_basic") + " --kmax 5 --ties trec --format json --out '" +
                            out + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    const auto j = nlohmann::json::parse(ranklab::testing::slurp(out));
    const RankDistributions expected = core("01_binary_basic", 5, TiePolicy::Trec);
    EXPECT_EQ(j["kmax"], 5);
    EXPECT_EQ(j["users"], expected.counts.evaluated);
    const auto& m = j["models"].at(0);
    EXPECT_EQ(m["model"], "sys");
    EXPECT_EQ(m["first"]["counts"].get<std::vector<double>>(), expected.models[0].first.counts);
    EXPECT_EQ(m["all"]["counts"].get<std::vector<double>>(), expected.models[0].all.counts);
    EXPECT_EQ(m["all"]["not_retrieved"].get<double>(), expected.models[0].all.notRetrieved);
    EXPECT_EQ(m["mean_first_rank"].get<double>(), expected.models[0].meanFirstRank);
}

TEST_F(RanksCliTest, DefaultTableAndHelp) {
    const CliResult table = run("ranks " + inputs("01_binary_basic") + " --kmax 3");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("sys: first relevant rank mean"));
    EXPECT_THAT(table.out, HasSubstr("not retrieved"));
    const CliResult help = run("ranks --help");
    ASSERT_EQ(help.exitCode, 0);
    for (const char* option : {"--kmax", "--format", "--out", "--ties", "--users", "--rel", "not_retrieved"})
        EXPECT_THAT(help.out, HasSubstr(option));
}

TEST_F(RanksCliTest, BadOptionsFailWithAClearMessage) {
    const std::string in = inputs("01_binary_basic");
    for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
             {"--kmax 0", "kmax"}, {"--format md", "format"}, {"--metrics ndcg", "metrics"}, {"--users some", "users"}}) {
        const CliResult r = run("ranks " + in + " " + args);
        EXPECT_NE(r.exitCode, 0) << args;
        EXPECT_THAT(r.err, HasSubstr(message)) << args;
    }
    const CliResult noRun = run("ranks --qrels '" + ranklab::testing::engineDir("01_binary_basic") + "qrels.txt" + "'");
    EXPECT_NE(noRun.exitCode, 0);
    EXPECT_THAT(noRun.err, HasSubstr("--run"));
}

// ranklab-cli eval and compare with repeated runs of a model (one NAME given
// to several --run): the models' rows are the mean over their runs, checked
// against the runs evaluated one by one (each under its own name) and
// averaged here; the "runs" section's spread against the mean and SD worked
// out here; compare's tests on the averaged values and its two-level
// bootstrap intervals equal the core's; every format carries the section;
// sharding is refused.
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"
#include "eval/run_groups.h"
#include "io/dataset_loader.h"
#include "metrics/metric_spec.h"
#include "compare/comparison.h"
#include "compare/run_spread.h"

using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

namespace {

std::string data(const std::string& name) { return ranklab::testing::compareData(name); }

// Model A: strong and middle; model B: weak, middle and weak again.
const std::string kGrouped = "--qrels '" + data("qrels.txt") + "' --run A='" + data("strong.trec") + "' --run B='" +
                             data("weak.trec") + "' --run A='" + data("middle.trec") + "' --run B='" +
                             data("middle.trec") + "' --run B='" + data("weak.trec") + "'";
// The same five runs, each its own model.
const std::string kSeparate = "--qrels '" + data("qrels.txt") + "' --run a1='" + data("strong.trec") + "' --run b1='" +
                              data("weak.trec") + "' --run a2='" + data("middle.trec") + "' --run b2='" +
                              data("middle.trec") + "' --run b3='" + data("weak.trec") + "'";
const std::string kMetrics = " --metrics ndcg,ap --cutoffs 5,10";

// "user\tmodel\tm1\tm2..." rows: value[model][user][column].
std::map<std::string, std::map<std::string, std::vector<double>>> perUser(const std::string& tsv) {
    std::map<std::string, std::map<std::string, std::vector<double>>> out;
    std::istringstream in(tsv);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string user, model, v;
        std::getline(fields, user, '\t');
        std::getline(fields, model, '\t');
        while (std::getline(fields, v, '\t')) out[model][user].push_back(std::stod(v));
    }
    return out;
}

class RepeatedRunsCliTest : public ranklab::testing::CliFixture {};

} // namespace

TEST_F(RepeatedRunsCliTest, EvalRowsAreTheMeanOfEachModelsRuns) {
    const Result grouped = run("eval " + kGrouped + kMetrics + " --format json --per-user '" + path("g.tsv") + "'");
    ASSERT_EQ(grouped.exitCode, 0) << grouped.err;
    const Result separate = run("eval " + kSeparate + kMetrics + " --format json --per-user '" + path("s.tsv") + "'");
    ASSERT_EQ(separate.exitCode, 0) << separate.err;
    const auto g = perUser(ranklab::testing::slurp(path("g.tsv")));
    const auto s = perUser(ranklab::testing::slurp(path("s.tsv")));
    ASSERT_EQ(g.size(), 2u);  // A and B
    std::size_t checked = 0;
    for (const auto& [user, values] : g.at("A")) {
        for (std::size_t c = 0; c < values.size(); ++c) {
            EXPECT_NEAR(values[c], (s.at("a1").at(user)[c] + s.at("a2").at(user)[c]) / 2, 1e-15);
            EXPECT_NEAR(g.at("B").at(user)[c],
                        (s.at("b1").at(user)[c] + s.at("b2").at(user)[c] + s.at("b3").at(user)[c]) / 3, 1e-15);
            ++checked;
        }
    }
    EXPECT_EQ(checked, 30u * 4u);

    const auto json = nlohmann::json::parse(grouped.out);
    const auto sep = nlohmann::json::parse(separate.out);
    ASSERT_EQ(json.at("models").size(), 2u);
    EXPECT_EQ(json.at("models")[0].at("name"), "A");
    auto sepMean = [&](std::size_t model, const std::string& id) {
        return sep.at("models")[model].at("metrics").at(id).get<double>();
    };
    const auto& runs = json.at("runs");
    EXPECT_TRUE(runs.at("bootstrap").is_null());  // eval has no intervals
    ASSERT_EQ(runs.at("models").size(), 2u);
    const auto& b = runs.at("models")[1];
    EXPECT_EQ(b.at("model"), "B");
    EXPECT_EQ(b.at("runs"), (std::vector<std::string>{"B (run 1)", "B (run 2)", "B (run 3)"}));
    for (const char* id : {"ndcg@5", "ndcg@10", "ap@5", "ap@10"}) {
        const double x = sepMean(1, id), y = sepMean(3, id), z = sepMean(4, id);
        const double mean = (x + y + z) / 3;
        const double sd = std::sqrt(((x - mean) * (x - mean) + (y - mean) * (y - mean) + (z - mean) * (z - mean)) / 2);
        const auto& cell = b.at("metrics").at(id);
        EXPECT_NEAR(cell.at("mean").get<double>(), mean, 1e-15) << id;
        EXPECT_NEAR(cell.at("sd").get<double>(), sd, 1e-15) << id;
        EXPECT_DOUBLE_EQ(cell.at("per_run")[1].get<double>(), y);
        // The model's row is the mean of its per-user means: the runs' mean.
        EXPECT_NEAR(json.at("models")[1].at("metrics").at(id).get<double>(), mean, 1e-15) << id;
        EXPECT_NEAR(json.at("models")[0].at("metrics").at(id).get<double>(), (sepMean(0, id) + sepMean(2, id)) / 2,
                    1e-15);
    }
}

TEST_F(RepeatedRunsCliTest, CompareTestsTheAveragedValuesWithTwoLevelIntervals) {
    const Result r = run("compare " + kGrouped + kMetrics + " --test t,wilcoxon --resamples 300 --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);

    DatasetSources sources;
    sources.judgments = data("qrels.txt");
    sources.runs = {{"A", data("strong.trec"), {}},
                    {"B", data("weak.trec"), {}},
                    {"A", data("middle.trec"), {}},
                    {"B", data("middle.trec"), {}},
                    {"B", data("weak.trec"), {}}};
    const Dataset d = loadDataset(sources, ReadOptions{});
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg,ap", {5, 10});
    RankCache cache;
    const Evaluation runs = evaluate(d, settings, cache);
    const auto groups = runGroups(d);
    stats::ComparisonOptions o;
    o.baseline = 0;
    o.tests = {stats::SignificanceTest::TTest, stats::SignificanceTest::Wilcoxon};
    o.resampling.resamples = 300;
    stats::Comparison c = stats::compareEvaluation(averageRuns(runs, groups), o);
    stats::useTwoLevelIntervals(c, runs, groups);

    ASSERT_EQ(json.at("pairs").size(), c.pairs.size());
    for (std::size_t p = 0; p < c.pairs.size(); ++p) {
        const auto& pair = json.at("pairs")[p];
        EXPECT_EQ(pair.at("a"), "B");
        EXPECT_DOUBLE_EQ(pair.at("tests").at("t").at("p").get<double>(), c.pairs[p].tests[0].pvalue);
        EXPECT_DOUBLE_EQ(pair.at("tests").at("wilcoxon").at("p").get<double>(), c.pairs[p].tests[1].pvalue);
        EXPECT_DOUBLE_EQ(pair.at("ci_bootstrap")[0].get<double>(), c.pairs[p].ciBootstrap->lo);
        EXPECT_DOUBLE_EQ(pair.at("ci_bootstrap")[1].get<double>(), c.pairs[p].ciBootstrap->hi);
    }
    EXPECT_DOUBLE_EQ(json.at("models")[1].at("metrics").at("ap@10").at("ci_bootstrap")[0].get<double>(),
                     c.means[1][3].bootstrap->lo);
    EXPECT_EQ(json.at("runs").at("bootstrap"), "two-level");
    EXPECT_EQ(json.at("runs").at("models")[0].at("runs").size(), 2u);
}

TEST_F(RepeatedRunsCliTest, EveryFormatCarriesTheRunsSection) {
    const Result table = run("compare " + kGrouped + kMetrics + " --resamples 200");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("Repeated runs"));
    EXPECT_THAT(table.out, HasSubstr("two-level"));
    EXPECT_THAT(table.out, HasSubstr("  A (run 2)"));
    EXPECT_THAT(table.out, HasSubstr(" ± "));
    const Result boot = run("compare " + kGrouped + kMetrics + " --resamples 200 --interval bootstrap");
    ASSERT_EQ(boot.exitCode, 0) << boot.err;
    EXPECT_THAT(boot.out, HasSubstr("95% two-level bootstrap CI"));
    const Result csv = run("eval " + kGrouped + kMetrics + " --format csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_THAT(csv.out, HasSubstr("\nmodel,runs,run,metric,mean,sd\n"));
    EXPECT_THAT(csv.out, HasSubstr("\nB,3,B (run 3),ndcg@5,"));
    const Result md = run("eval " + kGrouped + kMetrics + " --format md");
    ASSERT_EQ(md.exitCode, 0) << md.err;
    EXPECT_THAT(md.out, HasSubstr("| model | runs | ndcg@5 |"));
    const Result latex = run("eval " + kGrouped + kMetrics + " --format latex");
    ASSERT_EQ(latex.exitCode, 0) << latex.err;
    EXPECT_THAT(latex.out, HasSubstr("% the repeated runs"));
    // Without repeated runs there is no section.
    const Result plain = run("eval " + kSeparate + kMetrics + " --format json");
    EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("runs"));
}

TEST_F(RepeatedRunsCliTest, ShardingRepeatedRunsIsRefused) {
    const Result r = run("eval " + kGrouped + kMetrics + " --buckets 0:2048 --partial '" + path("p.json") + "'");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("repeated runs of a model"));
    EXPECT_THAT(r.err, HasSubstr("--partial"));
}

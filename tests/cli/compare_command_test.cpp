// ranklab-cli compare, run as a program on tests/data/compare (30 users,
// three runs): its means equal `ranklab-cli eval --format json`, its tests and
// intervals equal the core's compareEvaluation on the same files, the modes
// and options act as documented, bad options fail clearly, --out is atomic.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "metrics/metric_spec.h"
#include "compare/comparison.h"

namespace fs = std::filesystem;
using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;

namespace {

const std::string kInputs = ranklab::testing::compareInputs();

using ranklab::testing::num;

class CompareCliTest : public ranklab::testing::CompareCliFixture {
protected:
    // The same comparison through the core library.
    static stats::Comparison coreComparison(const std::string& metrics, const stats::ComparisonOptions& options) {
        return ranklab::testing::coreComparison(metrics, {5, 10}, options);
    }
};

TEST_F(CompareCliTest, MeansEqualTheMeansOfEvalJson) {
    const auto compare = runJson("--metrics ndcg,recall,ap --cutoffs 5,10");
    const Result eval = run("eval " + kInputs + " --metrics ndcg,recall,ap --cutoffs 5,10 --format json");
    ASSERT_EQ(eval.exitCode, 0) << eval.err;
    const auto e = nlohmann::json::parse(eval.out);
    ASSERT_EQ(compare["models"].size(), 3u);
    for (std::size_t m = 0; m < 3; ++m) {
        EXPECT_EQ(compare["models"][m]["name"], e["models"][m]["name"]);
        // compare's means are compensated sums (stats::moments), eval's plain
        // running sums: they may differ in the last few bits (a few ulp).
        for (const auto& [id, value] : e["models"][m]["metrics"].items())
            EXPECT_NEAR(compare["models"][m]["metrics"][id]["mean"].get<double>(), value.get<double>(),
                        1e-14 * std::fabs(value.get<double>()))
                << id;
    }
    EXPECT_EQ(compare["users"]["evaluated"], e["users"]["evaluated"]);
    EXPECT_EQ(compare["settings"]["metrics"], e["settings"]["metrics"]);
}

// eval and compare print one number: both take the compensated mean of
// stats::moments (on these files it equals Python's math.fsum / n).
TEST_F(CompareCliTest, MeansEqualEvalMeansBitForBit) {
    const auto compare = runJson("--metrics ndcg@5,ap@10");
    const Result eval = run("eval " + kInputs + " --metrics ndcg@5,ap@10 --format json");
    ASSERT_EQ(eval.exitCode, 0) << eval.err;
    const auto e = nlohmann::json::parse(eval.out);
    for (std::size_t m = 0; m < 3; ++m)
        for (const auto& [id, value] : e["models"][m]["metrics"].items())
            EXPECT_EQ(compare["models"][m]["metrics"][id]["mean"].get<double>(), value.get<double>()) << id;
}

TEST_F(CompareCliTest, TestsAndIntervalsEqualTheCoreComparison) {
    const auto j = runJson("--metrics ndcg,recall --cutoffs 5,10 --test t,wilcoxon,randomization,bootstrap "
                           "--correction bh --resamples 2000 --seed 9 --all-pairs");
    stats::ComparisonOptions options;
    options.tests = stats::parseSignificanceTests("t,wilcoxon,randomization,bootstrap");
    options.correction = stats::Correction::BenjaminiHochberg;
    options.resampling.resamples = 2000;
    options.resampling.seed = 9;
    options.baseline = std::nullopt;
    const stats::Comparison core = coreComparison("ndcg,recall", options);
    ASSERT_EQ(j["pairs"].size(), core.pairs.size());
    ASSERT_EQ(core.pairs.size(), 12u);  // 3 pairs × 4 metric columns
    for (std::size_t p = 0; p < core.pairs.size(); ++p) {
        const auto& pair = core.pairs[p];
        const auto& row = j["pairs"][p];
        EXPECT_EQ(row["a"], core.models[pair.a]);
        EXPECT_EQ(row["b"], core.models[pair.b]);
        EXPECT_EQ(row["metric"], core.metricIds[pair.metric]);
        EXPECT_EQ(num(row["mean_diff"]), pair.meanDiff);
        EXPECT_EQ(num(row["ci"][0]), pair.ciBootstrap->lo);
        EXPECT_EQ(num(row["ci"][1]), pair.ciBootstrap->hi);
        EXPECT_EQ(num(row["effect_size"]), pair.cohensDz);
        EXPECT_EQ(row["wins"], pair.winsTiesLosses.wins);
        for (const auto& outcome : pair.tests) {
            const auto& t = row["tests"][std::string(stats::toString(outcome.test))];
            EXPECT_EQ(num(t["p"]), outcome.pvalue) << row["metric"] << " " << stats::toString(outcome.test);
            EXPECT_EQ(num(t["p_adjusted"]), outcome.adjusted);
            EXPECT_EQ(num(t["statistic"]), outcome.statistic);
        }
    }
    EXPECT_EQ(j["settings"]["correction"], "fdr_bh");
    EXPECT_EQ(j["settings"]["seed"], 9);
}

// Šidák and Holm–Šidák, recomputed here from the printed unadjusted
// p-values: single step 1 − (1 − p)^m; step-down with m − j + 1 for the j-th
// smallest p, made monotone (statsmodels' multipletests).
TEST_F(CompareCliTest, SidakCorrectionsFollowTheirFormulas) {
    for (const std::string method : {"sidak", "holm-sidak"}) {
        const auto j = runJson("--metrics ndcg,recall,ap --cutoffs 1,5,10 --all-pairs --correction " + method);
        EXPECT_EQ(j["settings"]["correction"], method);
        std::vector<double> p, adjusted;
        for (const auto& row : j["pairs"]) {
            const auto& t = row["tests"]["t"];
            if (t["p"].is_null()) continue;
            p.push_back(num(t["p"]));
            adjusted.push_back(num(t["p_adjusted"]));
        }
        const std::size_t m = p.size();
        ASSERT_GE(m, 20u);
        std::vector<double> expected(m);
        if (method == "sidak") {
            for (std::size_t i = 0; i < m; ++i) expected[i] = 1 - std::pow(1 - p[i], double(m));
        } else {
            std::vector<std::size_t> order(m);
            for (std::size_t i = 0; i < m; ++i) order[i] = i;
            std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
            double running = 0;
            for (std::size_t j2 = 0; j2 < m; ++j2) {
                const double step = 1 - std::pow(1 - p[order[j2]], double(m - j2));
                running = std::max(running, step);
                expected[order[j2]] = std::min(1.0, running);
            }
        }
        bool anyChanged = false;
        for (std::size_t i = 0; i < m; ++i) {
            EXPECT_NEAR(adjusted[i], expected[i], 1e-12) << method << " " << i;
            anyChanged = anyChanged || adjusted[i] > p[i] + 1e-9;
        }
        EXPECT_TRUE(anyChanged) << method;  // the correction did something
    }
}

TEST_F(CompareCliTest, TheFirstRunIsTheDefaultBaseline) {
    const auto j = runJson("--metrics ndcg@10");
    EXPECT_EQ(j["settings"]["baseline"], "strong");
    ASSERT_EQ(j["pairs"].size(), 2u);
    EXPECT_EQ(j["pairs"][0]["a"], "middle");
    EXPECT_EQ(j["pairs"][0]["b"], "strong");
    EXPECT_EQ(j["pairs"][1]["a"], "weak");
    EXPECT_EQ(j["settings"]["tests"], (std::vector<std::string>{"t"}));
    EXPECT_EQ(j["settings"]["correction"], "holm");
    EXPECT_EQ(j["settings"]["resamples"], 10000);
    EXPECT_EQ(j["settings"]["seed"], 42);
}

TEST_F(CompareCliTest, BaselineByNameAndAllPairsByFlagOrName) {
    const auto middle = runJson("--metrics ndcg@10 --baseline middle");
    ASSERT_EQ(middle["pairs"].size(), 2u);
    EXPECT_EQ(middle["pairs"][0]["a"], "strong");
    EXPECT_EQ(middle["pairs"][0]["b"], "middle");
    const auto flag = runJson("--metrics ndcg@10 --all-pairs");
    const auto named = runJson("--metrics ndcg@10 --baseline all");
    EXPECT_EQ(flag["settings"]["baseline"], "all pairs");
    EXPECT_EQ(flag, named);
    ASSERT_EQ(flag["pairs"].size(), 3u);
    EXPECT_EQ(flag["models"][2]["letter"], "c");
}

TEST_F(CompareCliTest, ThreadCountDoesNotChangeTheOutput) {
    const std::string args = "--metrics ndcg@10,recall@10 --test randomization,bootstrap --resamples 3000";
    const Result one = run("compare " + kInputs + " --format json --threads 1 " + args);
    const Result two = run("compare " + kInputs + " --format json --threads 2 " + args);
    ASSERT_EQ(one.exitCode, 0) << one.err;
    EXPECT_EQ(one.out, two.out);
}

TEST_F(CompareCliTest, EveryFormatWrites) {
    const std::string args = " --metrics ndcg@10,recall@10 --all-pairs --test t,wilcoxon";
    const Result table = run("compare " + kInputs + args);
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("Means (95% t CI: mean ± half-width), all pairs"));
    EXPECT_THAT(table.out, HasSubstr("Pairs (differences a − b)"));
    EXPECT_THAT(table.out, HasSubstr("30 users (users policy relevant, ties expected)"));
    const Result csv = run("compare " + kInputs + args + " --format csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 1 + 3 * 2);
    const Result md = run("compare " + kInputs + args + " --format md");
    EXPECT_THAT(md.out, HasSubstr("| # | model | ndcg@10 | recall@10 |"));
    const Result latex = run("compare " + kInputs + args + " --format latex --interval bootstrap");
    EXPECT_THAT(latex.out, HasSubstr("\\toprule"));
    EXPECT_THAT(latex.out, HasSubstr("\\textbf{"));
}

TEST_F(CompareCliTest, BadOptionsFailWithAClearError) {
    struct Case {
        std::string args, message;
    };
    const std::vector<Case> cases{
        {kInputs + " --test t,anova", "unknown test 'anova'"},
        {kInputs + " --baseline bm25", "--baseline 'bm25' is not a model; the models are: strong, middle, weak"},
        {"--qrels '" + ranklab::testing::compareData("qrels.txt") + "' --run '" + ranklab::testing::compareData("strong.trec") + "'",
         "compare needs at least two models (--run), got 1"},
        {kInputs + " --alpha 1.5", "--alpha must lie strictly between 0 and 1"},
        {kInputs + " --alpha 0", "--alpha must lie strictly between 0 and 1"},
        {kInputs + " --level 95", "--level must lie strictly between 0 and 1"},
        {kInputs + " --correction sidakk", "--correction"},
        {kInputs + " --baseline middle --all-pairs", "excludes"},
        {kInputs + " --metrics ndcg@x", "ndcg@x"},
    };
    for (const auto& c : cases) {
        const Result r = run("compare " + c.args);
        EXPECT_NE(r.exitCode, 0) << c.args;
        EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
}

TEST_F(CompareCliTest, OutWritesTheReportAtomically) {
    const std::string out = path("report.json");
    const std::string args = "compare " + kInputs + " --metrics ndcg@10 --format json";
    const Result plain = run(args);
    const Result written = run(args + " --out '" + out + "'");
    ASSERT_EQ(written.exitCode, 0) << written.err;
    EXPECT_TRUE(written.out.empty());
    // The file is standard output's report plus the manifest (what made it).
    nlohmann::json file = nlohmann::json::parse(slurp(out));
    ASSERT_TRUE(file.contains("manifest"));
    file.erase("manifest");
    EXPECT_EQ(file, nlohmann::json::parse(plain.out));
    // A failing run leaves an existing file as it was, and no temporary file.
    { std::ofstream(out) << "old"; }
    const Result failed = run(args + " --baseline nobody --out '" + out + "'");
    EXPECT_NE(failed.exitCode, 0);
    EXPECT_EQ(slurp(out), "old");
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir_))
        if (entry.path().filename().string().find("report") != std::string::npos) ++files;
    EXPECT_EQ(files, 1u);
    // An unwritable place is an error naming it.
    const Result nowhere = run(args + " --out '" + path("no/such/dir/report.json") + "'");
    EXPECT_NE(nowhere.exitCode, 0);
    EXPECT_THAT(nowhere.err, HasSubstr("no/such/dir"));
}

} // namespace

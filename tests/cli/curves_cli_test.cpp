// ranklab-cli curves, run as a program: CSV and JSON hold exactly the core's
// numbers (computeCurves on the same files and options), --out, the default
// table, --help, and clear errors with a non-zero exit for bad options.
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "core/engine_data_sets.h"
#include "eval/metric_curve.h"
#include "io/dataset_loader.h"

using namespace ranklab;
using ::testing::HasSubstr;
using ranklab::testing::CliResult;

namespace {

std::string inputs(const std::string& set) { return ranklab::testing::engineSetInputs(set, "sys"); }

CurveResult core(const std::string& set, const std::string& metrics, const CurveOptions& options,
                 TiePolicy ties = TiePolicy::Expected) {
    const Dataset data = ranklab::testing::loadEngineSet(set, "sys");
    EvalSettings settings;
    settings.ties = ties;
    RankCache cache;
    return computeCurves(data, parseCurveMetrics(metrics), settings, options, cache);
}

std::vector<std::vector<std::string>> csvRows(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> cells;
        std::istringstream fields(line);
        for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
        if (!line.empty() && line.back() == ',') cells.emplace_back();
        rows.push_back(cells);
    }
    return rows;
}

class CurvesCliTest : public ranklab::testing::CliFixture {};

} // namespace

TEST_F(CurvesCliTest, CsvHoldsTheCoreNumbers) {
    const CliResult r = run("curves " + inputs("03_ties_heavy") +
                            " --metric ndcg,recall --resamples 300 --seed 3 --level 0.9 --format csv");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    CurveOptions options;
    options.resamples = 300;
    options.seed = 3;
    options.level = 0.9;
    const CurveResult expected = core("03_ties_heavy", "ndcg,recall", options);
    const auto rows = csvRows(r.out);
    ASSERT_EQ(rows.size(), 1 + 2 * expected.kmax);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"model", "metric", "k", "mean", "ci_lo", "ci_hi", "t_lo", "t_hi"}));
    for (std::size_t f = 0; f < 2; ++f) {
        const MetricCurve& c = expected.curve(0, f);
        for (std::size_t i = 0; i < expected.kmax; ++i) {
            const auto& row = rows[1 + f * expected.kmax + i];
            ASSERT_EQ(row.size(), 8u);
            EXPECT_EQ(row[0], "sys");
            EXPECT_EQ(row[1], f == 0 ? "ndcg" : "recall");
            EXPECT_EQ(row[2], std::to_string(i + 1));
            // Every digit is written, so the text parses back to the same double.
            EXPECT_EQ(std::stod(row[3]), c.mean[i]);
            EXPECT_EQ(std::stod(row[4]), c.bootLo[i]);
            EXPECT_EQ(std::stod(row[5]), c.bootHi[i]);
            EXPECT_EQ(std::stod(row[6]), c.tLo[i]);
            EXPECT_EQ(std::stod(row[7]), c.tHi[i]);
        }
    }
}

TEST_F(CurvesCliTest, JsonWithoutBandsHoldsTheCoreMeans) {
    const CliResult r =
        run("curves " + inputs("01_binary_basic") + " --metric 'ndcg(gain=exp)' --kmax 5 --no-bands --ties trec "
            "--format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    CurveOptions options;
    options.bands = false;
    options.kmax = 5;
    const CurveResult expected = core("01_binary_basic", "ndcg(gain=exp)", options, TiePolicy::Trec);
    EXPECT_EQ(j["kmax"], 5);
    EXPECT_EQ(j["users"], expected.counts.evaluated);
    EXPECT_EQ(j["settings"]["ties"], "trec");
    const auto& c = j["curves"].at(0);
    EXPECT_EQ(c["metric"], "ndcg(gain=exp)");
    EXPECT_EQ(c["k"], nlohmann::json::array({1, 2, 3, 4, 5}));
    EXPECT_FALSE(c.contains("lo"));
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(c["mean"][i].get<double>(), expected.curve(0, 0).mean[i]);
}

TEST_F(CurvesCliTest, OutWritesTheFileAndNothingToStandardOutput) {
    const std::string out = path("curves.csv");
    const CliResult r = run("curves " + inputs("01_binary_basic") + " --no-bands --format csv --out '" + out + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    std::string written = ranklab::testing::slurp(out);
    // The manifest's "# " lines first (pandas: comment='#'), then the table.
    EXPECT_EQ(written.rfind("# RankLab manifest\n", 0), 0u) << written.substr(0, 80);
    while (written.rfind("#", 0) == 0) written.erase(0, written.find('\n') + 1);
    EXPECT_EQ(written.rfind("model,metric,k,mean\n", 0), 0u) << written.substr(0, 80);
    EXPECT_FALSE(std::filesystem::exists(out + ".tmp"));
}

TEST_F(CurvesCliTest, DefaultIsATableOfNdcgWithBands) {
    const CliResult r = run("curves " + inputs("01_binary_basic") + " --kmax 3 --resamples 100");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("ndcg (mean [bootstrap lo, hi])"));
    EXPECT_THAT(r.out, HasSubstr("sys"));
    EXPECT_THAT(r.out, HasSubstr("k = 1..3"));
}

TEST_F(CurvesCliTest, HelpExplainsTheOptions) {
    const CliResult r = run("curves --help");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    for (const char* option : {"--metric", "--kmax", "--level", "--resamples", "--seed", "--no-bands", "--format",
                               "--out", "--ties", "--users", "--rel", "--exclude"})
        EXPECT_THAT(r.out, HasSubstr(option));
    EXPECT_THAT(r.out, Not(HasSubstr("--cutoffs")));
}

TEST_F(CurvesCliTest, BadOptionsFailWithAClearMessage) {
    const std::string in = inputs("01_binary_basic");
    struct Case {
        std::string args, message;
    };
    const std::vector<Case> cases = {
        {"--metric ndcg@10", "without @k"},
        {"--metric rprec", "takes no cutoff"},
        {"--metric bogus", "unknown metric"},
        {"--level 1.5", "between 0 and 1"},
        {"--resamples 0", "resamples"},
        {"--kmax 0", "kmax"},
        {"--format xml", "format"},
        {"--cutoffs 5", "cutoffs"},
        {"--ties random", "ties"},
        {"--out '" + path("missing/dir/x.csv") + "'", "missing/dir"},
    };
    for (const Case& c : cases) {
        const CliResult r = run("curves " + in + " " + c.args);
        EXPECT_NE(r.exitCode, 0) << c.args;
        EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args;
    }
    const CliResult missing = run("curves --qrels '" + path("nope.txt") + "' --run '" + ranklab::testing::engineDir("01_binary_basic") + "run.txt" + "'");
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_THAT(missing.err, HasSubstr("nope.txt"));
}

TEST_F(CurvesCliTest, DifferenceIsTheGapBetweenTheTwoCurvesWithPairedBands) {
    const std::string dir = std::string(RANKLAB_TEST_DATA) + "/compare/";
    const std::string args = "--qrels '" + dir + "qrels.txt' --run 'strong=" + dir + "strong.trec' --run 'weak=" +
                             dir + "weak.trec' --metric ndcg,recall --resamples 200 --seed 5 --format csv";
    const CliResult difference = run("curves " + args + " --difference weak");
    ASSERT_EQ(difference.exitCode, 0) << difference.err;
    const CliResult curves = run("curves " + args);
    ASSERT_EQ(curves.exitCode, 0) << curves.err;
    // Plain curves: (model, metric, k) -> mean.
    std::map<std::string, double> mean;
    const auto curveRows = csvRows(curves.out);
    for (std::size_t i = 1; i < curveRows.size(); ++i)
        mean[curveRows[i][0] + "," + curveRows[i][1] + "," + curveRows[i][2]] = std::stod(curveRows[i][3]);
    const auto rows = csvRows(difference.out);
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(rows[0], (std::vector<std::string>{"model", "baseline", "metric", "k", "delta", "ci_lo", "ci_hi", "t_lo",
                                                 "t_hi"}));
    std::size_t checked = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const auto& row = rows[i];
        ASSERT_EQ(row.size(), 9u);
        EXPECT_EQ(row[0], "strong");  // the baseline has no rows of its own
        EXPECT_EQ(row[1], "weak");
        const std::string k = row[3];
        const double expected = mean.at("strong," + row[2] + "," + k) - mean.at("weak," + row[2] + "," + k);
        EXPECT_NEAR(std::stod(row[4]), expected, 1e-12) << row[2] << "@" << k;
        // The paired intervals hold the mean difference.
        EXPECT_LE(std::stod(row[7]), std::stod(row[4]) + 1e-12);
        EXPECT_GE(std::stod(row[8]), std::stod(row[4]) - 1e-12);
        ++checked;
    }
    EXPECT_EQ(checked, mean.size() / 2);

    const CliResult table = run("curves " + args.substr(0, args.find(" --format")) + " --difference weak --no-bands");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("ndcg: model - weak (delta)"));
    const CliResult unknown = run("curves " + args + " --difference nosuch");
    EXPECT_NE(unknown.exitCode, 0);
    EXPECT_THAT(unknown.err, HasSubstr("no model named \"nosuch\" (models: strong, weak)"));
}

// ranklab-cli with the beyond-accuracy metrics: the issue's acceptance
// command (eval JSON lists every id under models[].metrics), values against
// a hand computation, --items and --catalog, and the refusal of a metric
// whose input is missing, naming the option.
#include <cmath>
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"

using ::testing::HasSubstr;

namespace {

class BeyondCliTest : public ranklab::testing::CliFixture {
protected:
    // Training: t1 {a, b, c}, t2 {a, b}, t3 {a}, u1 {d}: n_a 3, n_b 2, n_c 1,
    // n_d 1, N = 4. u1 ranks a, b, e, c (d excluded); u2 ranks a, c, e, b.
    void SetUp() override {
        CliFixture::SetUp();
        write("qrels.txt", "u1 0 b 1\nu1 0 e 1\nu2 0 c 1\n");
        write("run.txt",
              "u1 Q0 a 1 0.9 m\nu1 Q0 b 2 0.8 m\nu1 Q0 e 3 0.7 m\nu1 Q0 c 4 0.6 m\nu1 Q0 d 5 0.5 m\n"
              "u2 Q0 a 1 0.9 m\nu2 Q0 c 2 0.8 m\nu2 Q0 e 3 0.7 m\nu2 Q0 b 4 0.6 m\n");
        write("train.tsv", "user\titem\nt1\ta\nt1\tb\nt1\tc\nt2\ta\nt2\tb\nt3\ta\nu1\td\n");
        write("items.csv", "item,genre\na,x\na,y\nb,y\nc,x\nd,x\nd,z\ne,z\n");
    }
    void write(const std::string& name, const std::string& text) const { std::ofstream(path(name)) << text; }
    std::string inputs() const {
        return " --qrels '" + path("qrels.txt") + "' --run 'm=" + path("run.txt") + "' --exclude '" + path("train.tsv") +
               "'";
    }
};

TEST_F(BeyondCliTest, EvalJsonListsEveryBeyondAccuracyIdAsTodaysMetrics) {
    const ranklab::testing::CliResult r =
        run("eval --format json --metrics coverage,gini,entropy,personalization,novelty,arp,aplt,epc,efd "
            "--cutoffs 5,10,20 --ties trec" + inputs());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    const auto& values = json.at("models").at(0).at("metrics");
    std::vector<std::string> ids;
    for (const char* family : {"coverage", "gini", "entropy", "personalization", "novelty", "arp", "aplt", "epc", "efd"})
        for (const char* k : {"5", "10", "20"}) ids.push_back(std::string(family) + "@" + k);
    EXPECT_EQ(json.at("settings").at("metrics").size(), ids.size());
    EXPECT_EQ(values.size(), ids.size());
    for (const std::string& id : ids) {
        ASSERT_TRUE(values.contains(id)) << id;
        EXPECT_TRUE(std::isfinite(values.at(id).get<double>())) << id;
    }
    // Whole lists at k >= 5: u1 a, b, e, c; u2 a, c, e, b. I = {a, b, c, d, e}.
    EXPECT_DOUBLE_EQ(values.at("coverage@5").get<double>(), 4.0 / 5);
    const double novelty1 = (-std::log2(3.0 / 4) - std::log2(2.0 / 4) - std::log2(1.0 / 4) - std::log2(1.0 / 4)) / 4;
    EXPECT_NEAR(values.at("novelty@10").get<double>(), novelty1, 1e-12);  // both users: the same items
    EXPECT_NEAR(values.at("arp@20").get<double>(), (3.0 + 2 + 0 + 1) / 4, 1e-12);
    // Tail at 0.8 = {e}: one of 4 for both users.
    EXPECT_NEAR(values.at("aplt@5").get<double>(), 0.25, 1e-12);
    // Same items for both: personalization 0; c = 2 for a, b, c, e and 0 for d.
    EXPECT_NEAR(values.at("personalization@5").get<double>(), 1.0 - (4 * 2.0) / (2 * 1 * 5.0), 1e-12);
    EXPECT_NEAR(values.at("entropy@5").get<double>(), 2.0, 1e-12);
    EXPECT_NEAR(values.at("gini@5").get<double>(), (-4 * 0 + (-2 + 0 + 2 + 4) * 2.0) / (4 * 8.0), 1e-12);
}

TEST_F(BeyondCliTest, ItemsAndCatalogFilesFeedIldAndCoverage) {
    write("catalog.txt", "a\nb\nc\nd\ne\nf\ng\nh\n");
    const ranklab::testing::CliResult r =
        run("eval --format json --metrics 'ild@2,coverage@2' --ties trec --items '" + path("items.csv") +
            "' --catalog '" + path("catalog.txt") + "'" + inputs());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto values = nlohmann::json::parse(r.out).at("models").at(0).at("metrics");
    // u1 a {x, y}, b {y}: 1/2; u2 a, c {x}: 1/2.
    EXPECT_NEAR(values.at("ild@2").get<double>(), 0.5, 1e-12);
    // a, b, c recommended of 8 listed items.
    EXPECT_NEAR(values.at("coverage@2").get<double>(), 3.0 / 8, 1e-12);
}

TEST_F(BeyondCliTest, AMetricWithoutItsInputIsRefusedNamingTheOption) {
    const std::string noTraining = " --qrels '" + path("qrels.txt") + "' --run '" + path("run.txt") + "'";
    ranklab::testing::CliResult r = run("eval --metrics novelty@10" + noTraining);
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("novelty@10 needs the training interactions"));
    EXPECT_THAT(r.err, HasSubstr("--exclude FILE"));
    r = run("eval --metrics ild@10" + inputs());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("ild@10 needs item attributes: give --items FILE"));
    r = run("eval --metrics 'coverage(of=training)@10'" + noTraining);
    EXPECT_THAT(r.err, HasSubstr("--exclude FILE"));
}

TEST_F(BeyondCliTest, CurvesOfCoverageAndNoveltyOverK) {
    const ranklab::testing::CliResult r =
        run("curves --metric coverage,novelty --kmax 3 --no-bands --ties trec --format csv" + inputs());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // k = 1: a for both users (1 of 5 items; novelty −log2(3/4)); k = 2: a, b, c.
    EXPECT_THAT(r.out, HasSubstr("m,coverage,1,0.2"));
    EXPECT_THAT(r.out, HasSubstr("m,coverage,2,0.6"));
    EXPECT_THAT(r.out, HasSubstr("m,novelty,1,0.41503749927884"));
}

TEST_F(BeyondCliTest, CompareGivesSetLevelCellsWithTheirMethod) {
    // A second model: u1 a, c, ...; u2 b, d, ...: different items at k = 1.
    write("run2.txt", "u1 Q0 c 1 0.9 n\nu1 Q0 a 2 0.8 n\nu2 Q0 b 1 0.9 n\nu2 Q0 a 2 0.1 n\n");
    const std::string args = "--metrics 'ndcg@1,coverage@1,gini@1' --ties trec --resamples 200" + inputs() +
                             " --run 'n=" + path("run2.txt") + "'";
    const ranklab::testing::CliResult r = run("compare --format json " + args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    const auto& set = json.at("set_level");
    EXPECT_EQ(set.at("method"), "bootstrap over users");
    // k = 1: m recommends a to both users (1 of 5), n recommends c and b (2 of 5).
    const auto& m = set.at("models").at(0).at("metrics").at("coverage@1");
    EXPECT_EQ(m.at("method"), "bootstrap over users");
    EXPECT_DOUBLE_EQ(m.at("value").get<double>(), 0.2);
    EXPECT_DOUBLE_EQ(set.at("models").at(1).at("metrics").at("coverage@1").at("value").get<double>(), 0.4);
    ASSERT_EQ(set.at("pairs").size(), 2u);  // (n, m) for coverage and gini
    EXPECT_EQ(set.at("pairs").at(0).at("a"), "n");
    EXPECT_NEAR(set.at("pairs").at(0).at("mean_diff").get<double>(), 0.2, 1e-12);
    // The per-user part is unchanged: ndcg@1 is compared as before.
    EXPECT_EQ(json.at("pairs").size(), 1u);
    const ranklab::testing::CliResult table = run("compare " + args);
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("Set-level metrics (bootstrap over users, 200 resamples"));
    EXPECT_THAT(table.out, HasSubstr("coverage@1"));
}

TEST_F(BeyondCliTest, BadItemsFileNamesFileLineAndColumn) {
    write("bad.tsv", "a\tx\nb\n");
    const ranklab::testing::CliResult r = run("eval --metrics ild@2 --items '" + path("bad.tsv") + "'" + inputs());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr(path("bad.tsv") + ":2:"));
}

} // namespace

// arp and gini are lower-is-better in their records: the best mark goes to
// the model with the lower mean (eval's bold, compare's "best").
TEST_F(BeyondCliTest, TheBestMarkFollowsTheMetricsDirection) {
    // "tail" ranks the unpopular items first: u1 e, c; u2 e, b at k = 2.
    write("tail.txt",
          "u1 Q0 e 1 0.9 t\nu1 Q0 c 2 0.8 t\nu1 Q0 b 3 0.7 t\nu1 Q0 a 4 0.6 t\n"
          "u2 Q0 e 1 0.9 t\nu2 Q0 b 2 0.8 t\nu2 Q0 c 3 0.7 t\nu2 Q0 a 4 0.6 t\n");
    const std::string both = inputs() + " --run 'tail=" + path("tail.txt") + "'";
    // arp@2: m (3 + 2)/2 and (3 + 1)/2 -> 2.25; tail (0 + 1)/2 and (0 + 2)/2 -> 0.75.
    // precision@2: m 0.5 and 0.5 -> 0.5; tail 0.5 and 0 -> 0.25.
    const ranklab::testing::CliResult md =
        run("eval --format md --metrics arp,precision --cutoffs 2 --ties trec" + both);
    ASSERT_EQ(md.exitCode, 0) << md.err;
    EXPECT_THAT(md.out, HasSubstr("| m | 2.2500 | **0.5000** |"));
    EXPECT_THAT(md.out, HasSubstr("| tail | **0.7500** | 0.2500 |"));

    const ranklab::testing::CliResult cmp =
        run("compare --format json --metrics arp,precision --cutoffs 2 --ties trec" + both);
    ASSERT_EQ(cmp.exitCode, 0) << cmp.err;
    const auto json = nlohmann::json::parse(cmp.out);
    std::map<std::string, std::map<std::string, bool>> best;  // model -> metric -> best
    for (const auto& model : json.at("models"))
        for (const auto& [metric, value] : model.at("metrics").items())
            best[model.at("name").get<std::string>()][metric] = value.at("best").get<bool>();
    EXPECT_TRUE(best["tail"]["arp@2"]);
    EXPECT_FALSE(best["m"]["arp@2"]);
    EXPECT_TRUE(best["m"]["precision@2"]);
    EXPECT_FALSE(best["tail"]["precision@2"]);
}

// Every compare format carries the set-level metrics, each row naming its
// method: CSV rows in the same columns (method last), LaTeX a table of its own.
TEST_F(BeyondCliTest, CompareCsvAndLatexCarryTheSetLevelMetricsWithTheirMethod) {
    write("tail.txt",
          "u1 Q0 e 1 0.9 t\nu1 Q0 c 2 0.8 t\nu1 Q0 b 3 0.7 t\nu1 Q0 a 4 0.6 t\n"
          "u2 Q0 e 1 0.9 t\nu2 Q0 b 2 0.8 t\nu2 Q0 c 3 0.7 t\nu2 Q0 a 4 0.6 t\n");
    const std::string args = "--metrics coverage,precision --cutoffs 2 --ties trec --resamples 200" + inputs() +
                             " --run 'tail=" + path("tail.txt") + "'";
    const ranklab::testing::CliResult csv = run("compare --format csv " + args);
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    std::istringstream lines(csv.out);
    std::string header, line;
    std::getline(lines, header);
    const auto columns = std::count(header.begin(), header.end(), ',') + 1;
    EXPECT_TRUE(header.ends_with(",method")) << header;
    std::vector<std::string> rows;
    while (std::getline(lines, line)) {
        EXPECT_EQ(std::count(line.begin(), line.end(), ',') + 1, columns) << line;
        rows.push_back(line);
    }
    ASSERT_EQ(rows.size(), 2u);  // precision@2 (per-user values), then coverage@2 (bootstrap)
    EXPECT_TRUE(rows[0].starts_with("precision@2,")) << rows[0];
    EXPECT_TRUE(rows[0].ends_with(",per-user values")) << rows[0];
    // Catalogue {a, b, c, d, e}: m shows a, b, c (3/5), tail b, c, e (3/5).
    EXPECT_TRUE(rows[1].starts_with("coverage@2,tail,m,,0.59999999999999998,0.59999999999999998,0,")) << rows[1];
    EXPECT_TRUE(rows[1].ends_with(",bootstrap over users")) << rows[1];
    EXPECT_THAT(csv.err, ::testing::Not(HasSubstr("note")));

    const ranklab::testing::CliResult latex = run("compare --format latex " + args);
    ASSERT_EQ(latex.exitCode, 0) << latex.err;
    EXPECT_THAT(latex.out, HasSubstr("% Set-level metrics: bootstrap over users, 200 resamples"));
    EXPECT_THAT(latex.out, HasSubstr("coverage@2 & tail & 0.6000 & ["));
    EXPECT_THAT(latex.out, HasSubstr("coverage@2 & tail & m & 0.0000 & ["));
}

// A set-level statistic per cohort is recomputed from the cohort's users'
// lists (not averaged from per-user cells, which it has none of).
TEST_F(BeyondCliTest, CohortsRecomputeSetLevelStatisticsOverEachCohortsUsers) {
    write("groups.tsv", "u1\tg1\nu2\tg2\n");
    const ranklab::testing::CliResult r =
        run("cohorts --format json --by attribute --cohorts '" + path("groups.tsv") +
            "' --metrics coverage,precision --cutoffs 2 --ties trec --resamples 100" + inputs());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    auto coverage = [](const nlohmann::json& setLevel) {
        return setLevel.at("models").at(0).at("metrics").at("coverage@2").at("value").get<double>();
    };
    // Catalogue {a, b, c, d, e}. All users: a, b, c -> 3/5; u1 alone: a, b; u2 alone: a, c.
    EXPECT_NEAR(coverage(json.at("overall_set_level")), 3.0 / 5, 1e-12);
    ASSERT_EQ(json.at("cohorts").size(), 2u);
    for (const auto& cohort : json.at("cohorts")) EXPECT_NEAR(coverage(cohort.at("set_level")), 2.0 / 5, 1e-12);
    // The per-user metric stays as it was.
    EXPECT_EQ(json.at("metrics"), nlohmann::json::array({"precision@2"}));

    const ranklab::testing::CliResult csv =
        run("cohorts --format csv --by attribute --cohorts '" + path("groups.tsv") +
            "' --metrics coverage --cutoffs 2 --ties trec --resamples 100" + inputs());
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_THAT(csv.out, HasSubstr("(all users),2,m,coverage@2,0.6000,"));
    EXPECT_THAT(csv.out, HasSubstr("g1,1,m,coverage@2,0.4000,"));
}

// ranklab-cli compare --test tukey,randomized-tukey,friedman on
// tests/data/compare (30 users, three runs): the JSON carries each pair's
// tests.tukey / tests["randomized-tukey"] / tests.nemenyi with the core's
// numbers and a top-level `many` list; csv, table, md and latex show them.
#include <cmath>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "metrics/metric_spec.h"
#include "compare/comparison.h"

using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

namespace {

const std::string kInputs = ranklab::testing::compareInputs();
const std::string kMany = " --metrics ndcg,ap --cutoffs 10 --test t,tukey,randomized-tukey,friedman --resamples 500";

class StudyCliTest : public ranklab::testing::CliFixture {
protected:
    static stats::Comparison core() {
        stats::ComparisonOptions o;
        o.baseline = 0;  // the CLI's default: every model against the first --run
        o.tests = {stats::SignificanceTest::TTest};
        o.many = {stats::ManyModelTest::Tukey, stats::ManyModelTest::RandomizedTukey, stats::ManyModelTest::Friedman};
        o.resampling.resamples = 500;
        return ranklab::testing::coreComparison("ndcg,ap", {10}, o);
    }
};

TEST_F(StudyCliTest, JsonCarriesManyModelPairsAndOmnibusList) {
    const Result r = run("compare " + kInputs + kMany + " --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    const stats::Comparison c = core();
    ASSERT_EQ(json.at("pairs").size(), c.pairs.size());
    for (std::size_t p = 0; p < c.pairs.size(); ++p) {
        const auto& tests = json.at("pairs")[p].at("tests");
        const auto& pair = c.pairs[p];
        EXPECT_DOUBLE_EQ(tests.at("tukey").at("p_adjusted").get<double>(),
                         pair.find(stats::ManyModelTest::Tukey)->adjusted);
        EXPECT_EQ(tests.at("tukey").at("ci").size(), 2u);
        EXPECT_DOUBLE_EQ(tests.at("randomized-tukey").at("p_adjusted").get<double>(),
                         pair.find(stats::ManyModelTest::RandomizedTukey)->adjusted);
        EXPECT_DOUBLE_EQ(tests.at("nemenyi").at("p_adjusted").get<double>(),
                         pair.find(stats::ManyModelTest::Friedman)->adjusted);
        EXPECT_TRUE(tests.contains("t"));
    }
    const auto& many = json.at("many");
    ASSERT_EQ(many.size(), 6u);  // 2 metrics x 3 procedures
    EXPECT_EQ(many[0].at("metric"), "ndcg@10");
    EXPECT_EQ(many[0].at("test"), "tukey");
    EXPECT_EQ(many[1].at("test"), "randomized-tukey");
    EXPECT_EQ(many[1].at("resamples"), 500);
    const auto& friedman = many[2];
    EXPECT_EQ(friedman.at("test"), "friedman");
    EXPECT_DOUBLE_EQ(friedman.at("statistic").get<double>(), c.many[2].statistic);
    EXPECT_DOUBLE_EQ(friedman.at("p").get<double>(), c.many[2].pvalue);
    // Demšar: CD = q_0.05(k = 3) · sqrt(3·4 / (6·30)), q from his table (2.343).
    EXPECT_NEAR(friedman.at("nemenyi_cd").get<double>(), 2.343 * std::sqrt(12.0 / 180.0), 1e-3);
    EXPECT_EQ(friedman.at("average_ranks").size(), 3u);
}

TEST_F(StudyCliTest, EveryFormatShowsTheManyModelProcedures) {
    const Result csv = run("compare " + kInputs + kMany + " --format csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_THAT(csv.out, HasSubstr("tukey_p_adjusted"));
    EXPECT_THAT(csv.out, HasSubstr("randomized-tukey_p_adjusted"));
    EXPECT_THAT(csv.out, HasSubstr("nemenyi_cd"));
    for (const char* format : {"table", "md", "latex"}) {
        const Result r = run("compare " + kInputs + kMany + " --format " + format);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_THAT(r.out, HasSubstr("Nemenyi CD")) << format;
        EXPECT_THAT(r.out, HasSubstr("randomized-tukey")) << format;
    }
}

TEST_F(StudyCliTest, UnknownTestIsNamed) {
    const Result r = run("compare " + kInputs + " --test tukey,anova");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("'anova'"));
}

} // namespace

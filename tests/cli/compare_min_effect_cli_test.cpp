// ranklab-cli compare --min-effect on tests/data/compare (30 users, three
// runs): each pair's practical block (δ, TOST p, class) and the Wilcoxon
// rank-biserial equal the core's compareEvaluation on the same files, a
// relative δ is the percentage of the baseline's mean the JSON prints, a
// per-metric δ reaches only its metric, every format shows the class, the
// existing keys stay, and bad values fail clearly.
#include <algorithm>
#include <cmath>
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

using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

namespace {

const std::string kInputs = ranklab::testing::compareInputs();

using ranklab::testing::num;

class CompareMinEffectCliTest : public ranklab::testing::CompareCliFixture {
protected:
    static stats::Comparison coreComparison(const std::string& metrics, const stats::ComparisonOptions& options) {
        return ranklab::testing::coreComparison(metrics, {}, options);
    }
};

TEST_F(CompareMinEffectCliTest, PracticalBlockAndRankBiserialEqualTheCoreComparison) {
    const auto j = runJson("--metrics ndcg@10,recall@10 --test t,wilcoxon --all-pairs --no-bootstrap "
                           "--min-effect 0.4");
    stats::ComparisonOptions options;
    options.tests = stats::parseSignificanceTests("t,wilcoxon");
    options.baseline = std::nullopt;
    options.bootstrapIntervals = false;
    options.minEffect = stats::parseMinEffects("0.4");
    const stats::Comparison core = coreComparison("ndcg@10,recall@10", options);
    ASSERT_EQ(j["pairs"].size(), core.pairs.size());
    std::vector<std::string> classes;
    for (std::size_t p = 0; p < core.pairs.size(); ++p) {
        const auto& pair = core.pairs[p];
        const auto& row = j["pairs"][p];
        ASSERT_TRUE(pair.practical);
        EXPECT_EQ(num(row["practical"]["delta"]), 0.4);
        EXPECT_EQ(row["practical"]["min_effect"], "0.4");
        EXPECT_EQ(num(row["practical"]["tost_p"]), pair.practical->tost.pvalue);
        EXPECT_EQ(row["practical"]["class"], std::string(stats::toString(pair.practical->practicalClass)));
        EXPECT_EQ(num(row["tests"]["wilcoxon"]["rank_biserial"]), pair.rankBiserial);
        EXPECT_TRUE(std::isfinite(pair.rankBiserial));
        // The existing keys are kept.
        for (const char* key : {"statistic", "p", "p_adjusted", "significant"})
            EXPECT_TRUE(row["tests"]["wilcoxon"].contains(key)) << key;
        EXPECT_TRUE(row.contains("effect_size"));
        classes.push_back(row["practical"]["class"]);
    }
    EXPECT_EQ(j["settings"]["min_effect"], "0.4");
    // At δ 0.4 these files give more than one class (strong beats weak by
    // ~0.48, the other pairs differ by less than δ).
    std::sort(classes.begin(), classes.end());
    EXPECT_GT(std::unique(classes.begin(), classes.end()) - classes.begin(), 1);
}

TEST_F(CompareMinEffectCliTest, PerMetricRelativeDeltaIsAPercentOfTheBaselineMean) {
    const auto j = runJson("--metrics ndcg@10,recall@10 --baseline middle --min-effect recall@10=10%");
    ASSERT_EQ(j["pairs"].size(), 4u);
    for (const auto& row : j["pairs"]) {
        EXPECT_EQ(row["b"], "middle");
        if (row["metric"] == "recall@10") {
            ASSERT_TRUE(row["practical"].is_object());
            EXPECT_DOUBLE_EQ(num(row["practical"]["delta"]), 0.1 * std::fabs(num(row["mean_b"])));
            EXPECT_EQ(row["practical"]["min_effect"], "10%");
        } else {
            EXPECT_TRUE(row["practical"].is_null());
        }
        // No Wilcoxon test: no rank-biserial.
        EXPECT_FALSE(row["tests"]["t"].contains("rank_biserial"));
    }
}

TEST_F(CompareMinEffectCliTest, WithoutMinEffectThePairsHaveNoPracticalKey) {
    const auto j = runJson("--metrics ndcg@10");
    for (const auto& row : j["pairs"]) EXPECT_FALSE(row.contains("practical"));
    EXPECT_FALSE(j["settings"].contains("min_effect"));
}

TEST_F(CompareMinEffectCliTest, EveryFormatShowsTheClass) {
    const std::string args = " --metrics ndcg@10 --all-pairs --test t,wilcoxon --min-effect 0.05";
    const Result table = run("compare " + kInputs + args);
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("TOST p"));
    EXPECT_THAT(table.out, HasSubstr("r_rb"));
    EXPECT_THAT(table.out, HasSubstr("δ: the smallest difference that matters (0.05"));
    const Result csv = run("compare " + kInputs + args + " --format csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_THAT(csv.out, HasSubstr(",wilcoxon_rank_biserial,min_effect,delta,tost_p,class,method\n"));
    const Result md = run("compare " + kInputs + args + " --format md");
    EXPECT_THAT(md.out, HasSubstr("| TOST p | class |"));
    const Result latex = run("compare " + kInputs + args + " --format latex");
    EXPECT_THAT(latex.out, HasSubstr("$p_{\\text{TOST}}$ & class"));
    for (const Result* r : {&table, &csv, &md, &latex}) {
        const bool classified = r->out.find("better") != std::string::npos ||
                                r->out.find("worse") != std::string::npos ||
                                r->out.find("equivalent") != std::string::npos ||
                                r->out.find("inconclusive") != std::string::npos;
        EXPECT_TRUE(classified) << r->out;
    }
}

TEST_F(CompareMinEffectCliTest, BadMinEffectFailsWithAClearError) {
    struct Case {
        std::string args, message;
    };
    const std::vector<Case> cases{
        {" --min-effect abc", "minimum effect 'abc': expected a positive number"},
        {" --min-effect=-0.1", "minimum effect '-0.1'"},
        {" --metrics ndcg@10 --min-effect map=0.01",
         "--min-effect names metric 'map', which is not compared; the compared metrics are: ndcg@10"},
        {" --min-effect 0.01 --partial x.json", "--min-effect is not kept in a partial state"},
    };
    for (const auto& c : cases) {
        const Result r = run("compare " + kInputs + c.args);
        EXPECT_NE(r.exitCode, 0) << c.args;
        EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args;
    }
}

} // namespace

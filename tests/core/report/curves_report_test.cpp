// formatCurves(): the CSV, JSON and table layouts documented in
// curves_report.h, on a result written by hand.
#include <cmath>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "report/curves_report.h"

using namespace ranklab;
using ::testing::HasSubstr;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One model named "a,b" (needs CSV quoting), ndcg at k = 1, 2.
CurveResult handResult(bool bands) {
    CurveResult r;
    r.metrics = {MetricSpec::parse("ndcg@1")};
    r.options.bands = bands;
    r.kmax = 2;
    r.counts.evaluated = 3;
    r.counts.runOnly = 1;
    MetricCurve c;
    c.model = "a,b";
    c.metric = "ndcg";
    c.mean = {0.5, 0.1 + 0.2};  // 0.30000000000000004: every digit must survive
    if (bands) {
        c.bootLo = {0.25, 0.125};
        c.bootHi = {0.75, 1.0};
        c.tLo = {0.0625, kNaN};
        c.tHi = {0.9375, kNaN};
    }
    r.curves.push_back(c);
    return r;
}

} // namespace

TEST(CurvesReportTest, CsvHasOneRowPerModelMetricAndK) {
    EXPECT_EQ(formatCurves(handResult(true), TableFormat::Csv),
              "model,metric,k,mean,ci_lo,ci_hi,t_lo,t_hi\n"
              "\"a,b\",ndcg,1,0.5,0.25,0.75,0.0625,0.9375\n"
              "\"a,b\",ndcg,2,0.30000000000000004,0.125,1,,\n");
}

TEST(CurvesReportTest, CsvWithoutBandsHasMeansOnly) {
    EXPECT_EQ(formatCurves(handResult(false), TableFormat::Csv),
              "model,metric,k,mean\n"
              "\"a,b\",ndcg,1,0.5\n"
              "\"a,b\",ndcg,2,0.30000000000000004\n");
}

TEST(CurvesReportTest, JsonHoldsSettingsUsersAndFullPrecisionCurves) {
    const auto j = nlohmann::json::parse(formatCurves(handResult(true), TableFormat::Json));
    EXPECT_EQ(j["users"], 3);
    EXPECT_EQ(j["user_counts"]["run_only"], 1);
    EXPECT_EQ(j["kmax"], 2);
    EXPECT_EQ(j["settings"]["ties"], "expected");
    EXPECT_EQ(j["settings"]["resamples"], 10000);
    EXPECT_EQ(j["settings"]["metrics"], nlohmann::json::array({"ndcg"}));
    const auto& c = j["curves"].at(0);
    EXPECT_EQ(c["model"], "a,b");
    EXPECT_EQ(c["metric"], "ndcg");
    EXPECT_EQ(c["k"], nlohmann::json::array({1, 2}));
    EXPECT_EQ(c["mean"][1].get<double>(), 0.1 + 0.2);
    EXPECT_EQ(c["lo"][1].get<double>(), 0.125);
    EXPECT_EQ(c["hi"][0].get<double>(), 0.75);
    EXPECT_EQ(c["t_lo"][0].get<double>(), 0.0625);
    EXPECT_TRUE(c["t_lo"][1].is_null());  // NaN
}

TEST(CurvesReportTest, JsonWithoutBandsHasNoBandArrays) {
    const auto j = nlohmann::json::parse(formatCurves(handResult(false), TableFormat::Json));
    EXPECT_FALSE(j["curves"][0].contains("lo"));
    EXPECT_FALSE(j["settings"].contains("resamples"));
    EXPECT_EQ(j["settings"]["bands"], false);
}

TEST(CurvesReportTest, TableShowsMeanAndBandPerK) {
    const std::string text = formatCurves(handResult(true), TableFormat::Text, 3);
    EXPECT_THAT(text, HasSubstr("ndcg (mean [bootstrap lo, hi])"));
    EXPECT_THAT(text, HasSubstr("0.500 [0.250, 0.750]"));
    EXPECT_THAT(text, HasSubstr("0.300 [0.125, 1.000]"));
    EXPECT_THAT(text, HasSubstr("3 users averaged"));
    EXPECT_THAT(text, HasSubstr("k = 1..2"));
}

TEST(CurvesReportTest, MarkdownIsRefused) {
    EXPECT_THROW(formatCurves(handResult(true), TableFormat::Markdown), Error);
}

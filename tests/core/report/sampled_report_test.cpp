// The sampled-protocol section of eval's and compare's reports: its JSON
// keys and its CSV rows, on estimates built by hand.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "report/sampled_report.h"

using namespace ranklab;

namespace {

SampledEvaluation handMade() {
    SampledEvaluation s;
    s.settings.negatives = 99;
    s.settings.catalogSize = 1000;
    s.unsupported = {"dcg@10"};
    SampledModelEstimates m;
    m.model = "a";
    m.ranks.users = {0, 1};
    m.ranks.best = {1, 2};
    m.ranks.worst = {1, 2};
    m.ranks.noPositive = 3;
    m.auc = {0.9, {0.95, 100, 0.85, 0.95, 0.01}};
    SampledMetricEstimates e;
    e.metric = "hr@10";
    e.naive = {0.8, {0.95, 100, 0.7, 0.9, 0.01}};
    e.rescaled = {0.3, {0.95, 100, 0.2, 0.4, 0.01}};
    e.cls = {0.25, {0.95, 100, 0.2, 0.3, 0.01}};
    e.bv = {0.26, {0.95, 100, 0.21, 0.31, 0.01}};
    e.mle = {0.27, {0.95, 100, 0.22, 0.32, 0.01}};
    m.metrics.push_back(e);
    s.models.push_back(m);
    return s;
}

} // namespace

TEST(SampledReportTest, JsonNamesEveryEstimatorWithItsInterval) {
    const auto json = nlohmann::ordered_json::parse(
        withSampledSection(R"({"models": []})", TableFormat::Json, handMade(), 4));
    const auto& s = json.at("sampled");
    EXPECT_EQ(s.at("protocol").at("negatives"), 99);
    EXPECT_EQ(s.at("protocol").at("catalog_size"), 1000);
    EXPECT_EQ(s.at("unsupported"), nlohmann::ordered_json::array({"dcg@10"}));
    const auto& m = s.at("models").at(0);
    EXPECT_EQ(m.at("users"), 2);
    EXPECT_EQ(m.at("skipped").at("no_positive"), 3);
    const auto& hr = m.at("metrics").at("hr@10");
    EXPECT_DOUBLE_EQ(hr.at("naive").at("estimate").get<double>(), 0.8);
    EXPECT_DOUBLE_EQ(hr.at("cls").at("ci").at(0).get<double>(), 0.2);
    EXPECT_DOUBLE_EQ(hr.at("mle").at("ci").at(1).get<double>(), 0.32);
    std::vector<std::string> keys;
    for (auto it = hr.begin(); it != hr.end(); ++it) keys.push_back(it.key());
    EXPECT_EQ(keys, (std::vector<std::string>{"naive", "rescaled", "cls", "bv", "mle"}));
    EXPECT_DOUBLE_EQ(m.at("auc").at("estimate").get<double>(), 0.9);
}

TEST(SampledReportTest, CsvHasOneRowPerModelMetricAndEstimator) {
    const std::string csv = formatSampledCsv(handMade());
    EXPECT_EQ(csv,
              "model,metric,estimator,estimate,ci_lo,ci_hi\n"
              "a,hr@10,naive,0.80000000000000004,0.69999999999999996,0.90000000000000002\n"
              "a,hr@10,rescaled,0.29999999999999999,0.20000000000000001,0.40000000000000002\n"
              "a,hr@10,cls,0.25,0.20000000000000001,0.29999999999999999\n"
              "a,hr@10,bv,0.26000000000000001,0.20999999999999999,0.31\n"
              "a,hr@10,mle,0.27000000000000002,0.22,0.32000000000000001\n"
              "a,auc,naive,0.90000000000000002,0.84999999999999998,0.94999999999999996\n");
}

TEST(SampledReportTest, TheTextSectionSaysTheCorrectedValuesAreEstimates) {
    const std::string text = formatSampledText(handMade(), 3, false);
    EXPECT_NE(text.find("ESTIMATES of the full-catalogue metric"), std::string::npos);
    EXPECT_NE(text.find("0.250 [0.200, 0.300]"), std::string::npos);
    EXPECT_NE(text.find("3 averaged users do not follow the protocol"), std::string::npos);
    EXPECT_NE(text.find("not estimated (no single-positive form): dcg@10"), std::string::npos);
}

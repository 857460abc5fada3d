// formatRankDistributions(): the CSV, JSON and table layouts documented in
// ranks_report.h, on a result written by hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "report/ranks_report.h"

using namespace ranklab;
using ::testing::HasSubstr;

namespace {

// K = 2. first: 2 users, 1 at rank 1, 0.5 at rank 2, 0.5 not retrieved
// (0.25 of it below K); all: 4 items, 2 at rank 1, 1 at rank 2, 1 not retrieved.
RankDistributions handResult() {
    RankDistributions r;
    r.kmax = 2;
    r.counts.evaluated = 2;
    ModelRankDistribution d;
    d.model = "m";
    d.first = {{1.0, 0.5}, 0.5, 0.25, 2.0, {0.5, 0.75}};
    d.all = {{2.0, 1.0}, 1.0, 0.0, 4.0, {0.5, 0.75}};
    d.meanFirstRank = 4.0 / 3;
    d.medianFirstRank = 1;
    r.models.push_back(d);
    return r;
}

} // namespace

TEST(RanksReportTest, CsvEndsEachKindWithNotRetrieved) {
    EXPECT_EQ(formatRankDistributions(handResult(), TableFormat::Csv),
              "model,kind,rank,count,share,cdf\n"
              "m,first,1,1,0.5,0.5\n"
              "m,first,2,0.5,0.25,0.75\n"
              "m,first,not_retrieved,0.5,0.25,\n"
              "m,all,1,2,0.5,0.5\n"
              "m,all,2,1,0.25,0.75\n"
              "m,all,not_retrieved,1,0.25,\n");
}

TEST(RanksReportTest, JsonHoldsBothHistograms) {
    const auto j = nlohmann::json::parse(formatRankDistributions(handResult(), TableFormat::Json));
    EXPECT_EQ(j["users"], 2);
    EXPECT_EQ(j["kmax"], 2);
    const auto& m = j["models"].at(0);
    EXPECT_EQ(m["model"], "m");
    EXPECT_EQ(m["mean_first_rank"].get<double>(), 4.0 / 3);
    EXPECT_EQ(m["median_first_rank"].get<double>(), 1.0);
    EXPECT_EQ(m["first"]["counts"], nlohmann::json::array({1.0, 0.5}));
    EXPECT_EQ(m["first"]["not_retrieved"].get<double>(), 0.5);
    EXPECT_EQ(m["first"]["beyond_k"].get<double>(), 0.25);
    EXPECT_EQ(m["first"]["total"].get<double>(), 2.0);
    EXPECT_EQ(m["all"]["cdf"], nlohmann::json::array({0.5, 0.75}));
}

TEST(RanksReportTest, TableShowsCountsSharesAndNotRetrieved) {
    const std::string text = formatRankDistributions(handResult(), TableFormat::Text, 2);
    EXPECT_THAT(text, HasSubstr("m: first relevant rank mean 1.33, median 1"));
    EXPECT_THAT(text, HasSubstr("not retrieved"));
    EXPECT_THAT(text, HasSubstr("0.50"));  // the fractional count
    EXPECT_THAT(text, HasSubstr("ranks 1..2"));
}

TEST(RanksReportTest, LatexIsRefused) {
    EXPECT_THROW(formatRankDistributions(handResult(), TableFormat::Latex), Error);
}

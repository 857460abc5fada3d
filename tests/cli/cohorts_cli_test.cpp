// ranklab-cli cohorts, run as a program: the constructed case of
// tests/data/cohorts (A best overall, B best in g2), every format, errors.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"

using ::testing::HasSubstr;

namespace {

using CohortsCli = ranklab::testing::CliFixture;

const std::string kDir = std::string(RANKLAB_TEST_DATA) + "/cohorts/";

std::string inputs() {
    return "--qrels '" + kDir + "qrels.txt' --run 'A=" + kDir + "A.run' --run 'B=" + kDir + "B.run' --cohorts '" +
           kDir + "groups.tsv' --exclude '" + kDir + "train.tsv' --metrics rr@all,precision@1 --no-bootstrap";
}

} // namespace

TEST_F(CohortsCli, JsonFlagsTheCohortWhereBWins) {
    const auto r = run("cohorts " + inputs() + " --by attribute --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["grouping"], "attribute");
    EXPECT_EQ(j["correction_family"], "pairs x metrics within each cohort");
    EXPECT_EQ(j["overall"]["best"]["rr@all"], "A");
    // By hand (README): rr@all A = (4 + 2/3 + 1)/7.
    EXPECT_NEAR(j["overall"]["models"][0]["metrics"]["rr@all"]["mean"].get<double>(), (4 + 2.0 / 3 + 1) / 7, 1e-12);
    ASSERT_EQ(j["cohorts"].size(), 4u);
    EXPECT_EQ(j["cohorts"][0]["label"], "g1");
    EXPECT_EQ(j["cohorts"][0]["comparison"]["best_differs"]["rr@all"], false);
    EXPECT_EQ(j["cohorts"][1]["label"], "g2");
    EXPECT_EQ(j["cohorts"][1]["users"], 2);
    EXPECT_EQ(j["cohorts"][1]["comparison"]["best"]["rr@all"], "B");
    EXPECT_EQ(j["cohorts"][1]["comparison"]["best_differs"]["rr@all"], true);
    EXPECT_EQ(j["cohorts"][2]["label"], "g3");
    EXPECT_EQ(j["cohorts"][2]["users"], 0);
    EXPECT_FALSE(j["cohorts"][2].contains("comparison"));
    EXPECT_EQ(j["cohorts"][3]["label"], "(none)");
}

TEST_F(CohortsCli, ActivityQuartilesAndTheirRangesInCsv) {
    const auto r = run("cohorts " + inputs() + " --by activity --format csv");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("cohort,users,model,metric,mean,ci_lo,ci_hi,best,best_differs\n"));
    // README: quartile bins 1 | 2-3 | 4-5 | 6-7 holding 1, 2, 2, 2 users.
    EXPECT_THAT(r.out, HasSubstr("\n1,1,A,rr@all,1.0000,,,1,0\n"));
    EXPECT_THAT(r.out, HasSubstr("\n2-3,2,A,rr@all,"));
    EXPECT_THAT(r.out, HasSubstr("\n4-5,2,"));
    EXPECT_THAT(r.out, HasSubstr("\n6-7,2,B,rr@all,1.0000,1.0000,1.0000,1,1\n"));  // u6 A 1/3, u7 A 1: B = 1 best
}

TEST_F(CohortsCli, RelevantBinsTableAndMarkdown) {
    const auto table = run("cohorts " + inputs() + " --bins 1,2+");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("Cohorts by relevant"));
    EXPECT_THAT(table.out, HasSubstr("(all users)"));
    const auto md = run("cohorts " + inputs() + " --by attribute --format md");
    ASSERT_EQ(md.exitCode, 0) << md.err;
    EXPECT_THAT(md.out, HasSubstr("| cohort | users | model | rr@all | precision@1 |"));
    EXPECT_THAT(md.out, HasSubstr("(!)"));
}

TEST_F(CohortsCli, MissingFilesAndBadBinsAreClearErrors) {
    const std::string base = "--qrels '" + kDir + "qrels.txt' --run '" + kDir + "A.run'";
    auto r = run("cohorts " + base + " --by attribute");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("--cohorts"));
    r = run("cohorts " + base + " --by activity");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("--exclude"));
    r = run("cohorts " + base + " --bins 1-5,3-9");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("overlap"));
    r = run("cohorts " + base + " --by nonsense");
    EXPECT_NE(r.exitCode, 0);
    r = run("cohorts " + base + " --baseline C");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("'C' is not a model"));
}

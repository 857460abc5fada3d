// --profile on the evaluating commands and `ranklab-cli explain`, run as a
// program on the worked example of tests/core/eval/profile_test_data.h
// (every value derived by hand there and below).
#include <cmath>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"

namespace {

using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

double disc(int p) { return 1.0 / std::log2(double(p) + 1.0); }

class ProfileCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        std::ofstream(path("qrels.txt")) << "u1 0 d1 1\nu1 0 d3 1\nu1 0 d6 1\nu1 0 x1 1\nu1 0 x2 1\n"
                                            "u2 0 e1 0\nu2 0 e2 2\nu2 0 e3 1\nu2 0 e5 3\n"
                                            "u3 0 f1 0\nu4 0 g1 1\n";
        std::ofstream(path("run.txt")) << "u1 Q0 d1 1 6 m\nu1 Q0 d2 2 5 m\nu1 Q0 d3 3 4 m\nu1 Q0 d4 4 3 m\n"
                                          "u1 Q0 d5 5 2 m\nu1 Q0 d6 6 1 m\n"
                                          "u2 Q0 e1 1 4 m\nu2 Q0 e2 2 3 m\nu2 Q0 e3 3 2 m\nu2 Q0 e4 4 1 m\n"
                                          "u3 Q0 f1 1 1 m\n";
    }
    std::string inputs() const { return " --qrels '" + path("qrels.txt") + "' --run 'm=" + path("run.txt") + "'"; }
};

// The user's own parameter survives --profile, and the CLI says so.
TEST_F(ProfileCliTest, AnExplicitParameterSurvivesTheProfileAndIsNamed) {
    const Result r = run("eval --profile recbole --metrics 'ndcg(gain=exp),ap' --cutoffs 3 --format json" + inputs());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    const auto& values = json.at("models").at(0).at("metrics");
    EXPECT_TRUE(values.contains("ndcg(gain=exp)@3")) << values.dump();  // not recbole's bin
    EXPECT_TRUE(values.contains("ap(norm=min)@3")) << values.dump();    // not written: recbole's
    EXPECT_THAT(r.err, HasSubstr("note: ndcg(gain=exp)@3: gain=exp as written (the recbole profile's gain is bin)"));
    // Gain 2^g − 1, by hand: u1 hits d1, d3 in the top 3 (grades 1: gain 1;
    // ideal three 1s); u2 ranks e1 (0), e2 (2: gain 3), e3 (1: gain 1), its
    // ideal 3, 2, 1 (gains 7, 3, 1); recbole averages the users with a
    // relevant item (u1, u2, u4: u4 is not ranked, 0).
    const double u1 = (disc(1) + disc(3)) / (disc(1) + disc(2) + disc(3));
    const double u2 = (3 * disc(2) + disc(3)) / (7 * disc(1) + 3 * disc(2) + disc(3));
    EXPECT_NEAR(values.at("ndcg(gain=exp)@3").get<double>(), (u1 + u2) / 3, 1e-12);
    // Without a profile there is nothing to say.
    const Result plain = run("eval --metrics 'ndcg(gain=lin)' --cutoffs 3" + inputs());
    EXPECT_THAT(plain.err, ::testing::Not(HasSubstr("as written")));
}

TEST_F(ProfileCliTest, EvalUnderAProfilePrintsItsIdsAndItsNumbers) {
    const Result r = run("eval --profile recbole --metrics ndcg,ap --cutoffs 3 --format json" + inputs());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    const auto& values = json.at("models").at(0).at("metrics");
    // RecBole: users with a positive (u1, u2, u4); binary gain; AP over min(R, k).
    const double u1 = 1.5 / (1 + disc(2) + 0.5), u2 = (disc(2) + 0.5) / (1 + disc(2) + 0.5);
    EXPECT_NEAR(values.at("ndcg(gain=bin)@3").get<double>(), (u1 + u2) / 3, 1e-12);
    EXPECT_NEAR(values.at("ap(norm=min)@3").get<double>(), (5.0 / 9 + 7.0 / 18) / 3, 1e-12);
}

TEST_F(ProfileCliTest, CompareAndCurvesTakeTheProfileToo) {
    const Result compare = run("compare --profile torchmetrics --metrics ap --cutoffs 3" + inputs() +
                               " --run 'n=" + path("run.txt") + "'");
    ASSERT_EQ(compare.exitCode, 0) << compare.err;
    EXPECT_THAT(compare.out, HasSubstr("ap(norm=hits)@3"));
    const Result curves = run("curves --profile elliot --metric ap --kmax 3 --format csv --no-bands" + inputs());
    ASSERT_EQ(curves.exitCode, 0) << curves.err;
    EXPECT_THAT(curves.out, HasSubstr("ap(norm=k)"));
}

TEST_F(ProfileCliTest, AnUnknownProfileListsTheNamesAndAProfileExcludesTies) {
    const Result r = run("eval --profile sklearn" + inputs());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("unknown profile \"sklearn\": expected one of elliot, msr, ranx, recbole, spark, "
                                 "torchmetrics, trec_eval"));
    const Result both = run("eval --profile ranx --ties trec" + inputs());
    EXPECT_NE(both.exitCode, 0);
    EXPECT_THAT(both.err, HasSubstr("--ties"));
}

TEST_F(ProfileCliTest, ExplainAttributesTheDifferenceToEachClause) {
    // trec_eval -> elliot on ap@3: 13/54 -> 5/9; users (u3 leaves) +13/108,
    // norm (u1: 1/3 -> 13/18) +7/36.
    const Result json = run("explain --profile trec_eval --profile elliot --metrics ap --cutoffs 3 --format json" +
                            inputs());
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto x = nlohmann::json::parse(json.out);
    EXPECT_EQ(x.at("profiles"), nlohmann::json::array({"trec_eval", "elliot"}));
    const auto& m = x.at("models").at(0).at("metrics").at(0);
    EXPECT_EQ(m.at("id_b"), "ap(norm=k)@3");
    EXPECT_NEAR(m.at("mean_a").get<double>(), 13.0 / 54, 1e-12);
    EXPECT_NEAR(m.at("mean_b").get<double>(), 5.0 / 9, 1e-12);
    EXPECT_EQ(m.at("users_differing"), 2);
    double sum = 0;
    for (const auto& c : m.at("clauses")) sum += c.at("contribution").get<double>();
    EXPECT_NEAR(sum, m.at("difference").get<double>(), 1e-12);
    EXPECT_EQ(m.at("clauses").at(1).at("clause"), "users");
    EXPECT_NEAR(m.at("clauses").at(1).at("contribution").get<double>(), 13.0 / 108, 1e-12);
    EXPECT_EQ(m.at("clauses").at(4).at("clause"), "norm");
    EXPECT_NEAR(m.at("clauses").at(4).at("contribution").get<double>(), 7.0 / 36, 1e-12);
    EXPECT_EQ(m.at("users").at(0).at("user"), "u1");
    EXPECT_EQ(m.at("users").at(0).at("clauses"), nlohmann::json::array({"norm"}));

    const Result text = run("explain --profile trec_eval --profile elliot --metrics ap --cutoffs 3" + inputs());
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_THAT(text.out, HasSubstr("ap@3: A ap@3 = 0.2407 (3 users), B ap(norm=k)@3 = 0.5556 (2 users), "
                                    "B - A = +0.3148, 2 users differ"));
    EXPECT_THAT(text.out, HasSubstr("norm   R        -> k         +0.1944   1 users"));
}

TEST_F(ProfileCliTest, ExplainNeedsTwoKnownProfiles) {
    const Result one = run("explain --profile ranx" + inputs());
    EXPECT_NE(one.exitCode, 0);
    EXPECT_THAT(one.err, HasSubstr("exactly two profiles"));
    const Result bad = run("explain --profile ranx --profile nope" + inputs());
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_THAT(bad.err, HasSubstr("unknown profile \"nope\""));
}

} // namespace

// Parsing metric ids, metric lists and cutoff lists: what is accepted
// (docs/metrics.md, "Cutoffs in ids") and what is rejected with which message.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "metrics/metric_spec.h"

using namespace ranklab;
using ::testing::HasSubstr;

namespace {

// The message of the Error that parse(text) throws ("" if it does not throw).
std::string parseError(const std::string& text) {
    try {
        MetricSpec::parse(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

std::string expandError(const std::string& list, const std::vector<std::uint32_t>& cutoffs = {5}) {
    try {
        expandMetrics(list, cutoffs);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

std::string cutoffsError(const std::string& list) {
    try {
        parseCutoffs(list);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

std::vector<std::string> ids(const std::vector<MetricSpec>& specs) {
    std::vector<std::string> out;
    for (const auto& s : specs) out.push_back(s.id());
    return out;
}

} // namespace

TEST(MetricSpecTest, ParsesEveryPartOfAnId) {
    const MetricSpec s = MetricSpec::parse("ap(norm=min,rel=2)@100");
    EXPECT_EQ(s.family, "ap");
    EXPECT_EQ(s.choice("norm"), "min");
    ASSERT_TRUE(s.rel().has_value());
    EXPECT_EQ(*s.rel(), 2.0);
    EXPECT_EQ(s.cutoff, 100u);
    const MetricSpec g = MetricSpec::parse("ndcg(gain=exp)@10");
    EXPECT_EQ(g.choice("gain"), "exp");
    EXPECT_FALSE(g.rel().has_value());
    EXPECT_EQ(MetricSpec::parse("rr@all").cutoff, kCutoffAll);
    EXPECT_EQ(MetricSpec::parse("rprec").cutoff, kCutoffAll);
}

TEST(MetricSpecTest, UnknownFamilyNamesTheKnownOnes) {
    const std::string m = parseError("mapp@10");
    EXPECT_THAT(m, HasSubstr("unknown metric \"mapp\""));
    EXPECT_THAT(m, HasSubstr("ndcg"));
    EXPECT_THAT(m, HasSubstr("precision"));
    EXPECT_THAT(parseError("NDCG@10"), HasSubstr("unknown metric"));
    EXPECT_THAT(parseError(""), HasSubstr("unknown metric"));
}

TEST(MetricSpecTest, RelOnNdcgIsRejectedExplainingThatGainsUseTheGrade) {
    const std::string m = parseError("ndcg(rel=2)@10");
    EXPECT_THAT(m, HasSubstr("ndcg has no parameter \"rel\""));
    EXPECT_THAT(m, HasSubstr("gain"));  // what it does take
    EXPECT_THAT(m, HasSubstr("gains use the grade itself"));
    EXPECT_THAT(parseError("dcg(rel=1)@10"), HasSubstr("gains use the grade itself"));
}

TEST(MetricSpecTest, ParametersAFamilyDoesNotTakeAreRejected) {
    EXPECT_THAT(parseError("ap(gain=exp)@10"), HasSubstr("ap has no parameter \"gain\""));
    EXPECT_THAT(parseError("precision(norm=min)@10"), HasSubstr("has no parameter \"norm\""));
    EXPECT_THAT(parseError("num_ret(rel=2)"), HasSubstr("it takes none"));
    EXPECT_THAT(parseError("ndcg(gain=cubic)@10"), HasSubstr("gain must be lin, exp or bin"));
    EXPECT_THAT(parseError("ap(norm=max)@10"), HasSubstr("norm must be R, min, hits or k"));
    EXPECT_THAT(parseError("recall(rel=two)@10"), HasSubstr("rel must be a number"));
    EXPECT_THAT(parseError("recall(rel=nan)@10"), HasSubstr("rel must be a number"));
    EXPECT_THAT(parseError("recall(rel)@10"), HasSubstr("key=value"));
}

TEST(MetricSpecTest, CutoffIsRequiredWhereTheFamilyTakesOneAndRefusedWhereNot) {
    EXPECT_THAT(parseError("ndcg"), HasSubstr("ndcg needs a cutoff: ndcg@10 or ndcg@all"));
    EXPECT_THAT(parseError("ndcg(gain=exp)"), HasSubstr("needs a cutoff"));
    EXPECT_THAT(parseError("rprec@10"), HasSubstr("rprec takes no cutoff"));
    EXPECT_THAT(parseError("num_rel@all"), HasSubstr("takes no cutoff"));
}

TEST(MetricSpecTest, CutoffMustBeAPositiveIntegerOrAll) {
    for (const char* bad : {"ndcg@0", "ndcg@-1", "ndcg@", "ndcg@1.5", "ndcg@10x", "ndcg@ 10", "ndcg@ALL"})
        EXPECT_THAT(parseError(bad), HasSubstr("the cutoff must be a positive integer or all")) << bad;
    // A whole number past the largest cutoff says so, with the limit.
    for (const char* large : {"ndcg@4294967295", "ndcg@99999999999"})
        EXPECT_EQ(parseError(large), "metric \"" + std::string(large) +
                                         "\": the cutoff is too large: the largest is 4294967294 (@all ranks everything)");
    EXPECT_EQ(MetricSpec::parse("ndcg@4294967294").cutoff, 4294967294u);
    EXPECT_THAT(parseError("ndcg(gain=exp)10"), HasSubstr("expected @k or @all"));
}

TEST(MetricSpecTest, UnclosedParenthesisIsRejected) {
    EXPECT_THAT(parseError("ndcg(gain=exp@10"), HasSubstr("expected ')'"));
    EXPECT_THAT(parseError("ap(norm=min"), HasSubstr("expected ')'"));
    EXPECT_THAT(expandError("ap(norm=min,rel=2"), HasSubstr("expected ')'"));
}

TEST(MetricSpecTest, ExpandKeepsCommasInsideParenthesesAndExpandsBareFamilies) {
    // docs/metrics.md: "--metrics ndcg,ap --cutoffs 5,10 means ndcg@5, ndcg@10, ap@5, ap@10".
    EXPECT_EQ(ids(expandMetrics("ndcg,ap", {5, 10})),
              (std::vector<std::string>{"ndcg@5", "ndcg@10", "ap@5", "ap@10"}));
    EXPECT_EQ(ids(expandMetrics("ap(norm=min,rel=2),rprec,rr@all", {5})),
              (std::vector<std::string>{"ap(norm=min,rel=2)@5", "rprec", "rr@all"}));
    EXPECT_EQ(ids(expandMetrics("ap(norm=min,rel=2)@20", {5})), (std::vector<std::string>{"ap(norm=min,rel=2)@20"}));
    EXPECT_EQ(ids(expandMetrics(" ndcg@all , p@3 ", {5})), (std::vector<std::string>{"ndcg@all", "precision@3"}));
}

TEST(MetricSpecTest, ExpandDropsRepeatsKeepingTheFirst) {
    // Aliases and spellings of the same canonical id are the same metric.
    EXPECT_EQ(ids(expandMetrics("p,precision@10,ndcg@5,p@5,map@all,ap@all,ndcg(gain=lin)@5", {5, 10})),
              (std::vector<std::string>{"precision@5", "precision@10", "ndcg@5", "ap@all"}));
}

TEST(MetricSpecTest, ExpandRejectsEmptyEntriesAndBadIds) {
    EXPECT_THAT(expandError("ndcg,,ap"), HasSubstr("empty entry"));
    EXPECT_THAT(expandError(""), HasSubstr("empty entry"));
    EXPECT_THAT(expandError("ndcg,"), HasSubstr("empty entry"));
    EXPECT_THAT(expandError("ndcg,ndcg(rel=2)"), HasSubstr("gains use the grade itself"));
    EXPECT_THAT(expandError("ndcg,bogus"), HasSubstr("unknown metric \"bogus\""));
}

TEST(MetricSpecTest, ParseCutoffsAcceptsPositiveIntegersOnly) {
    EXPECT_EQ(parseCutoffs("5,10,20"), (std::vector<std::uint32_t>{5, 10, 20}));
    EXPECT_EQ(parseCutoffs(" 1 , 3 "), (std::vector<std::uint32_t>{1, 3}));
    EXPECT_THAT(cutoffsError("5,0"), HasSubstr("\"0\" is not a positive integer"));
    EXPECT_THAT(cutoffsError("-1"), HasSubstr("\"-1\" is not a positive integer"));
    EXPECT_THAT(cutoffsError("5,,10"), HasSubstr("\"\" is not a positive integer"));
    EXPECT_THAT(cutoffsError("ten"), HasSubstr("\"ten\" is not a positive integer"));
    EXPECT_THAT(cutoffsError("all"), HasSubstr("not a positive integer"));
    EXPECT_THAT(cutoffsError("2.5"), HasSubstr("not a positive integer"));
    EXPECT_THAT(cutoffsError(""), HasSubstr("expected a list such as 5,10,20"));
}

TEST(MetricSpecTest, ACutoffPastTheLargestIsTooLargeAndSaysTheLimit) {
    // 4294967295 is @all's value inside; 2^32 and beyond do not fit.
    for (const char* large : {"4294967295", "4294967296", "99999999999999999999"})
        EXPECT_EQ(cutoffsError(std::string("10,") + large),
                  "cutoffs: \"" + std::string(large) +
                      "\" is too large: the largest cutoff is 4294967294 (a metric's @all ranks everything)");
    EXPECT_EQ(parseCutoffs("4294967294"), (std::vector<std::uint32_t>{4294967294u}));
}

TEST(MetricSpecTest, AParameterGivenTwiceIsRefused) {
    EXPECT_EQ(parseError("ndcg(gain=exp,gain=lin)@10"),
              "metric \"ndcg(gain=exp,gain=lin)@10\": the parameter \"gain\" is given twice");
    EXPECT_EQ(parseError("ap(norm=min, norm=min)@5"),
              "metric \"ap(norm=min, norm=min)@5\": the parameter \"norm\" is given twice");
    EXPECT_THAT(expandError("ndcg(gain=exp,gain=lin)"), HasSubstr("\"gain\" is given twice"));
    EXPECT_EQ(MetricSpec::parse("ap(norm=min,rel=2)@5").id(), "ap(norm=min,rel=2)@5");
}

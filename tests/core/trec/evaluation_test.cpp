// evaluateTrec: trec_eval's semantics on small hand-made datasets. Expected
// values are hand computations.
#include <cmath>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"
#include "trec/errors.h"
#include "trec/evaluation.h"

using namespace ranklab;
using namespace ranklab::trec;
using ranklab::testing::makeDataset;

namespace {

const TrecColumn& column(const TrecResults& r, const std::string& name) {
    for (const auto& c : r.columns)
        if (c.name == name) return c;
    throw std::runtime_error("no column " + name);
}

TrecResults run(const Dataset& data, std::vector<std::string> measures, bool complete = false, double level = 1,
                std::uint32_t maxLength = 0) {
    TrecSettings s;
    s.measures = std::move(measures);
    s.complete = complete;
    s.level = level;
    s.maxLength = maxLength;
    s.parallelism = Parallelism(1);
    RankCache cache;
    return evaluateTrec(data, s, cache);
}

} // namespace

// All scores equal: ranked by docno descending, byte-wise: "9" > "200" >
// "10" > "1". Only "10" is relevant: rank 3, RR 1/3.
TEST(TrecEvaluationTest, TiesGoByDocnoDescendingBytewise) {
    const Dataset data = makeDataset({{"q", "10", 1}, {"q", "9", 0}},
                                     {{"m", {{"q", "1", 1}, {"q", "10", 1}, {"q", "200", 1}, {"q", "9", 1}}}});
    const TrecResults r = run(data, {"recip_rank", "relstring"});
    EXPECT_DOUBLE_EQ(column(r, "recip_rank").values.at(0), 1.0 / 3);
    EXPECT_EQ(column(r, "relstring").texts.at(0), "'0-1-'");  // 9, 200, 10, 1
}

// Per-query rows come in byte-wise qid order ("Q" < "a" < "b"), whatever
// the files' order; run-only queries are ignored.
TEST(TrecEvaluationTest, QueriesInBytewiseOrderAndRunOnlyIgnored) {
    const Dataset data = makeDataset({{"b", "d", 1}, {"a", "d", 1}, {"Q", "d", 1}},
                                     {{"m", {{"zz", "d", 1}, {"b", "d", 1}, {"a", "x", 1}, {"Q", "d", 1}}}});
    const TrecResults r = run(data, {"num_q", "map"});
    EXPECT_EQ(r.queries, (std::vector<std::string>{"Q", "a", "b"}));
    EXPECT_EQ(column(r, "map").values, (std::vector<double>{1, 0, 1}));
    EXPECT_DOUBLE_EQ(column(r, "map").summaryValue, 2.0 / 3);
    EXPECT_DOUBLE_EQ(column(r, "num_q").summaryValue, 3);
}

// A qrels query missing from the run is an error (trec_eval 10 exits);
// with -c it scores 0 and is averaged, num_rel still counts its R.
TEST(TrecEvaluationTest, MissingQueryIsAnErrorUnlessComplete) {
    const Dataset data = makeDataset({{"a", "d", 1}, {"b", "d", 1}, {"b", "e", 1}}, {{"m", {{"a", "d", 1}}}});
    try {
        run(data, {"map"});
        FAIL() << "expected MissingQueryError";
    } catch (const MissingQueryError& e) {
        EXPECT_EQ(e.qid(), "b");
    }
    const TrecResults r = run(data, {"map", "num_rel", "num_ret", "relstring"}, /*complete=*/true);
    EXPECT_EQ(column(r, "map").values, (std::vector<double>{1, 0}));
    EXPECT_DOUBLE_EQ(column(r, "map").summaryValue, 0.5);
    EXPECT_EQ(column(r, "num_rel").values, (std::vector<double>{1, 2}));
    EXPECT_DOUBLE_EQ(column(r, "num_rel").summaryValue, 3);  // counts are summed
    EXPECT_DOUBLE_EQ(column(r, "num_ret").summaryValue, 1);
    EXPECT_EQ(column(r, "relstring").texts, (std::vector<std::string>{"'1'", "''"}));
}

// A query with only grade-0 judgments scores 0 and counts in the mean.
TEST(TrecEvaluationTest, QueryWithoutRelevantDocumentsCountsInTheMean) {
    const Dataset data = makeDataset({{"a", "d", 1}, {"b", "d", 0}}, {{"m", {{"a", "d", 1}, {"b", "d", 1}}}});
    const TrecResults r = run(data, {"P.1", "bpref"});
    EXPECT_DOUBLE_EQ(column(r, "P_1").summaryValue, 0.5);
    EXPECT_DOUBLE_EQ(column(r, "bpref").summaryValue, 0.5);
}

// -M 1 keeps the top document only; the ideal DCG still has both grades.
// -l 2 makes grade 1 non-relevant for binary measures but not for ndcg.
TEST(TrecEvaluationTest, MaxLengthTruncatesAndLevelChangesBinaryMeasuresOnly) {
    const Dataset data = makeDataset({{"a", "x", 2}, {"a", "y", 1}}, {{"m", {{"a", "x", 2}, {"a", "y", 1}}}});
    const TrecResults m1 = run(data, {"num_ret", "ndcg", "ideal_dcg"}, false, 1, 1);
    EXPECT_DOUBLE_EQ(column(m1, "num_ret").values[0], 1);
    const double ideal = 2 + 1 / std::log2(3.0);
    EXPECT_DOUBLE_EQ(column(m1, "ideal_dcg").values[0], ideal);
    EXPECT_NEAR(column(m1, "ndcg").values[0], 2 / ideal, 1e-15);
    const TrecResults l2 = run(data, {"num_rel", "map", "ndcg"}, false, 2);
    EXPECT_DOUBLE_EQ(column(l2, "num_rel").values[0], 1);
    EXPECT_DOUBLE_EQ(column(l2, "map").values[0], 1);
    EXPECT_DOUBLE_EQ(column(l2, "ndcg").values[0], 1);
}

// gm_map: exp(mean(log(max(ap, 0.00001)))) over the queries.
TEST(TrecEvaluationTest, GeometricMeanFloorsZeroAtTenToTheMinusFive) {
    const Dataset data = makeDataset({{"a", "d", 1}, {"b", "d", 1}}, {{"m", {{"a", "d", 1}, {"b", "x", 1}}}});
    const TrecResults r = run(data, {"gm_map"});
    EXPECT_NEAR(column(r, "gm_map").summaryValue, std::sqrt(1 * 0.00001), 1e-15);
    EXPECT_FALSE(column(r, "gm_map").perQuery);
}

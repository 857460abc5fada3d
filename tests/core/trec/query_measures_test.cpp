// The measures computed in core/trec from a Query. Expected values are hand
// computations; where trec_eval printed the value, the golden file is named
// (tests/data/golden/11_blog_example/trec_eval_all.txt: user u1 ranks
// relevant items at 2, 5, 8 of 10, the other 7 unjudged; u2 at 3 of 10).
#include <cmath>

#include <gtest/gtest.h>

#include "common/error.h"
#include "trec/query_measures.h"

using namespace ranklab::trec;

namespace {

const double N = kNotInQrels;

Query blogU1() { return makeQuery({N, 1, N, N, 1, N, N, 1, N, N}, {1, 1, 1}, 1); }
Query blogU2() { return makeQuery({N, N, 1, N, N, N, N, N, N, N}, {1}, 1); }

double one(QueryMeasure m, const Query& q, std::vector<double> params = {}) {
    double out = -1;
    m(q, params, std::span<double>(&out, 1));
    return out;
}

std::vector<double> many(QueryMeasure m, const Query& q, std::vector<double> params) {
    std::vector<double> out(params.size(), -1);
    m(q, params, out);
    return out;
}

} // namespace

TEST(TrecQueryTest, MakeQueryCountsRelevantAndJudgedNonrelevantAtTheLevel) {
    const Query q = makeQuery({2, 0, N, -1, 1}, {0, 2, -1, 1, 3, 0}, 2);
    EXPECT_EQ(q.numRel, 2u);     // grades 2 and 3
    EXPECT_EQ(q.numNonrel, 3u);  // 0, 0, 1; the -1 is neither
    EXPECT_EQ(q.numRelRet, 1u);
    EXPECT_EQ(q.judged, (std::vector<double>{3, 2, 1, 0, 0, -1}));
    EXPECT_FALSE(q.relevant(N));
    EXPECT_FALSE(q.nonrelevant(N));
    EXPECT_TRUE(Query::unjudged(-1));
    EXPECT_TRUE(Query::unjudged(N));
    EXPECT_FALSE(Query::unjudged(0));
}

// Judged non-relevant above each relevant: 1 then 2, R = N = 3:
// (1 - 1/3 + 1 - 2/3) / 3 = 1/3. Unjudged documents are not counted.
TEST(TrecMeasureTest, BprefCountsJudgedNonrelevantAbove) {
    EXPECT_NEAR(one(bpref, makeQuery({0, 1, N, 0, 1}, {1, 1, 1, 0, 0, 0}, 1)), 1.0 / 3, 1e-15);
    // No judged non-relevant document: every relevant retrieved counts 1
    // (trec_eval: bpref 1.0000 for u1 and u2).
    EXPECT_DOUBLE_EQ(one(bpref, blogU1()), 1.0);
    EXPECT_DOUBLE_EQ(one(bpref, makeQuery({}, {0, 0}, 1)), 0.0);
}

// u1: precision 1/2, 2/5, 3/8 at recall 1/3, 2/3, 1. Level L needs
// round(3 L) relevant documents: 0.4 needs 1 (trec_eval: iprec_at_recall_0.40
// 0.5000), 0.5 needs 2, 0.9 needs 3.
TEST(TrecMeasureTest, InterpolatedPrecisionRoundsTheRelevantCountHalfUp) {
    const auto p = many(iprecAtRecall, blogU1(), {0.0, 0.4, 0.5, 0.8, 0.9, 1.0});
    EXPECT_DOUBLE_EQ(p[0], 0.5);
    EXPECT_DOUBLE_EQ(p[1], 0.5);
    EXPECT_DOUBLE_EQ(p[2], 0.4);
    EXPECT_DOUBLE_EQ(p[3], 0.4);
    EXPECT_DOUBLE_EQ(p[4], 0.375);
    EXPECT_DOUBLE_EQ(p[5], 0.375);
}

// (5 * 0.5 + 4 * 0.4 + 2 * 0.375) / 11 = 4.85 / 11 (trec_eval: 0.4409).
TEST(TrecMeasureTest, ElevenPointAverageIsTheMeanOfTheInterpolatedPrecisions) {
    std::vector<double> levels;
    for (int i = 0; i <= 10; ++i) levels.push_back(i / 10.0);
    EXPECT_NEAR(one(elevenPointAverage, blogU1(), levels), 4.85 / 11, 1e-15);
}

// Digits for grades, '-' for documents the qrels lack, '.' for negative
// grades; the first N (trec_eval: relstring u1 '-1--1--1--').
TEST(TrecMeasureTest, RelstringShowsTheTopGrades) {
    const std::vector<double> ten = {10};
    EXPECT_EQ(relstring(blogU1(), ten), "'-1--1--1--'");
    const std::vector<double> five = {5};
    EXPECT_EQ(relstring(makeQuery({3, -1, 0, N, 12, 1}, {3, -1, 0, 12, 1}, 1), five), "'3.0-*'");
    EXPECT_EQ(relstring(makeQuery({}, {1}, 1), ten), "''");
}

// Without negative grades infAP is AP up to eps = 0.00001 (trec_eval:
// infAP u1 0.4250 = map). With the pooled-but-unjudged document at rank 1
// (grade -1): rank 2 gives 1/2 + (1/2)(1/1)(eps / 2 eps) = 3/4.
TEST(TrecMeasureTest, InfApIsApWithoutSampling) {
    EXPECT_NEAR(one(infAP, blogU1()), 0.425, 1e-5);
    EXPECT_NEAR(one(infAP, makeQuery({-1, 1}, {-1, 1}, 1)), 0.75, 1e-12);
}

// R = 3: multiples 0.4 -> rank ceil(1.2) = 2, 1.4 -> ceil(4.2) = 5, 2.0 -> 6
// (trec_eval: Rprec_mult_0.40 0.5000, _1.40 0.4000, _2.00 0.3333).
TEST(TrecMeasureTest, RprecMultUsesTheCeilingOfTheRank) {
    const auto p = many(rprecMult, blogU1(), {0.2, 0.4, 1.4, 2.0});
    EXPECT_DOUBLE_EQ(p[0], 0.0);
    EXPECT_DOUBLE_EQ(p[1], 0.5);
    EXPECT_DOUBLE_EQ(p[2], 0.4);
    EXPECT_DOUBLE_EQ(p[3], 2.0 / 6);
    // 1.2 * 5 is 6.000000000000001 in doubles: still rank 6.
    const Query five = makeQuery({1, 1, 1, 1, 1, 0, 0}, {1, 1, 1, 1, 1, 0, 0}, 1);  // rank 7 would give 5/7
    EXPECT_DOUBLE_EQ(many(rprecMult, five, {1.2})[0], 5.0 / 6);
}

// 3 relevant - 7 others (trec_eval: utility u1 -4.0000).
TEST(TrecMeasureTest, UtilityWeighsRelevantAndOtherRetrieved) {
    EXPECT_DOUBLE_EQ(one(utility, blogU1(), {1, -1, 0, 0}), -4.0);
    EXPECT_DOUBLE_EQ(one(utility, makeQuery({1}, {1, 1}, 1), {2, -1, -0.5, 0}), 1.5);
    EXPECT_THROW(one(utility, blogU1(), {1, -1, 0, 1}), ranklab::Error);
}

// k-th relevant at rank i gains 1 / log2(i - k + 2): u1 (1/log2 3 + 1/log2 5
// + 1/log2 7) / 3 (trec_eval: binG 0.4726).
TEST(TrecMeasureTest, BinGDiscountsByNonrelevantAbove) {
    const double expected = (1 / std::log2(3.0) + 1 / std::log2(5.0) + 1 / std::log2(7.0)) / 3;
    EXPECT_NEAR(one(binG, blogU1()), expected, 1e-15);
    EXPECT_NEAR(expected, 0.4726, 5e-5);
}

// 2/log2(2) + 1/log2(3) + 1/log2(4), negative and zero grades give nothing.
TEST(TrecMeasureTest, IdealDcgSumsTheSortedGrades) {
    EXPECT_NEAR(one(gainIdealDcg, makeQuery({}, {1, -1, 2, 0, 1}, 1)), 2 + 1 / std::log2(3.0) + 0.5, 1e-15);
}

// u1: ndcg at ranks 2, 5, 8 averaged (trec_eval: ndcg_rel 0.4967). A
// relevant document not retrieved adds the nDCG of the whole list: one
// retrieved at rank 1 of grades {2, 2, 1, 1} -> (1/2 + 3 * 1/ideal) / 4
// (trec_eval, 09_short_rankings s01: 0.3039).
TEST(TrecMeasureTest, NdcgRelAveragesNdcgOverRelevantDocuments) {
    const double i2 = 1 + 1 / std::log2(3.0), i3 = i2 + 0.5;
    const double u1 = ((1 / std::log2(3.0)) / i2 + (1 / std::log2(3.0) + 1 / std::log2(6.0)) / i3 +
                       (1 / std::log2(3.0) + 1 / std::log2(6.0) + 1 / std::log2(9.0)) / i3) /
                      3;
    EXPECT_NEAR(one(ndcgRel, blogU1()), u1, 1e-15);
    const double ideal = 2 + 2 / std::log2(3.0) + 0.5 + 1 / std::log2(5.0);
    EXPECT_NEAR(one(ndcgRel, makeQuery({1}, {2, 2, 1, 1}, 1)), (0.5 + 3 / ideal) / 4, 1e-15);
    EXPECT_NEAR((0.5 + 3 / ideal) / 4, 0.3039, 5e-5);
}

// One level: nDCG at R = 3 and of the whole list (10 >= 3 + 3), averaged
// (trec_eval: Rndcg u1 0.4609). Levels 2 and 1 of grades {2, 2, 1, 1}, one
// grade-1 document retrieved at rank 1 of 1: nDCG at 2 and at 4 only
// (trec_eval, 09_short_rankings s01: 0.2725).
TEST(TrecMeasureTest, RndcgAveragesNdcgAtEachLevel) {
    const double ideal3 = 1 + 1 / std::log2(3.0) + 0.5;
    const double dcg3 = 1 / std::log2(3.0), dcgAll = dcg3 + 1 / std::log2(6.0) + 1 / std::log2(9.0);
    EXPECT_NEAR(one(rndcg, blogU1()), (dcg3 / ideal3 + dcgAll / ideal3) / 2, 1e-15);
    EXPECT_NEAR((dcg3 / ideal3 + dcgAll / ideal3) / 2, 0.4609, 5e-5);
    const double i2 = 2 + 2 / std::log2(3.0), i4 = i2 + 0.5 + 1 / std::log2(5.0);
    EXPECT_NEAR(one(rndcg, makeQuery({1}, {2, 2, 1, 1}, 1)), (1 / i2 + 1 / i4) / 2, 1e-15);
    EXPECT_NEAR((1 / i2 + 1 / i4) / 2, 0.2725, 5e-5);
}

TEST(TrecMeasureTest, RelativePrecisionDividesByTheBestPossible) {
    const auto p = many(relativeP, blogU1(), {1, 5, 10, 20});
    EXPECT_DOUBLE_EQ(p[0], 0.0);
    EXPECT_DOUBLE_EQ(p[1], 2.0 / 3);  // min(5, R = 3)
    EXPECT_DOUBLE_EQ(p[2], 1.0);
    EXPECT_DOUBLE_EQ(p[3], 1.0);
}

// u1: P = 3/10, recall 1 (trec_eval: set_relative_P 1, set_map 0.3,
// set_F 0.4615 = 0.6 / 1.3).
TEST(TrecMeasureTest, SetMeasuresUseTheWholeRetrievedSet) {
    EXPECT_DOUBLE_EQ(one(setRelativeP, blogU1()), 1.0);
    EXPECT_DOUBLE_EQ(one(setMap, blogU1()), 0.3);
    EXPECT_DOUBLE_EQ(one(setF, blogU1(), {1}), 0.6 / 1.3);
    // parameter 0.5, used unsquared as trec_eval does: 1.5 P R / (0.5 P + R)
    // = 0.45 / 1.15 (trec_eval -m set_F.0.5 prints 0.3913 for u1)
    EXPECT_NEAR(one(setF, blogU1(), {0.5}), 0.45 / 1.15, 1e-15);
    // 3 of 40 retrieved, R = 4: 9 / 160 = 0.05625, printed 0.0563 by
    // trec_eval (01_binary_basic query 22): one correctly rounded division.
    std::vector<double> ranked(40, N);
    ranked[0] = ranked[1] = ranked[2] = 1;
    EXPECT_EQ(one(setMap, makeQuery(ranked, {1, 1, 1, 1}, 1)), 9.0 / 160);
}

TEST(TrecMeasureTest, NumNonrelJudgedRetCountsZeroUpToTheLevel) {
    EXPECT_DOUBLE_EQ(one(numNonrelJudgedRet, makeQuery({0, 1, N, -1, 2}, {0, 1, -1, 2}, 2)), 2.0);
}

// p = 0.9: 0.1 (0.9 + 0.9^4 + 0.9^7) (trec_eval: rbp u1 0.2034); the
// residual is the weight of the 7 unjudged ranks plus 0.9^10 past the list
// (0.7966); a fully judged list has none.
TEST(TrecMeasureTest, RbpAndItsResidual) {
    const double rbpU1 = 0.1 * (0.9 + std::pow(0.9, 4) + std::pow(0.9, 7));
    EXPECT_NEAR(one(rbp, blogU1(), {0.9}), rbpU1, 1e-15);
    EXPECT_NEAR(one(rbpResidual, blogU1(), {0.9}), 1 - rbpU1, 1e-15);
    EXPECT_DOUBLE_EQ(one(rbpResidual, makeQuery({1, 0}, {1, 0}, 1), {0.9}), 0.0);
    // Graded: gain grade / highest grade.
    EXPECT_NEAR(one(rbp, makeQuery({1, 2}, {2, 1}, 1), {0.5}), 0.5 * 0.5 + 0.25 * 1, 1e-15);
}

// rbp with rel_level=gain pairs (params {p, level, gain, ...}): the gain
// table's gains, rescaled to [0, 1] by (g - min(0, gains)) / (max(0, gains)
// - min(0, gains)) when one lies outside it.
TEST(TrecMeasureTest, RbpWithGainParametersRescalesTheGainTable) {
    // Levels 1 -> 0, 2 -> 5, 0 -> 0: rescaled by 5, only the grade-2 document at rank 1 gains (1).
    EXPECT_NEAR(one(rbp, makeQuery({2, 0, N, 1}, {2, 1, 0}, 1), {0.5, 1, 0, 2, 5}), 0.5 * 1.0, 1e-15);
    // Levels 0 -> -1, 3 -> 2, 1 -> 1, 2 -> 2: min -1, max 2, so g -> (g + 1)/3;
    // ranked 0, 1, 3 (an unjudged document gains 0): 0.5 (0 + 2/3 * 0.5 + 1 * 0.25) = 7/24.
    EXPECT_NEAR(one(rbp, makeQuery({0, 1, 3, N}, {3, 1, 0}, 1), {0.5, 0, -1, 3, 2}), 7.0 / 24, 1e-15);
    // A gain of 0.5 keeps every gain in [0, 1]: no rescaling (level 1 -> 0.5, level 0 -> 0).
    EXPECT_NEAR(one(rbp, makeQuery({1, 1}, {1, 0}, 1), {0.5, 1, 0.5}), 0.5 * (0.5 + 0.5 * 0.5), 1e-15);
}

// u2: 4 of the top 5 unjudged, 9 of 10; ranks past the list count as
// judged (trec_eval: unj_5 0.8, unj_10 0.9, unj_20 0.45).
TEST(TrecMeasureTest, UnjudgedShareOfTheTopK) {
    const auto p = many(unjudged, blogU2(), {5, 10, 20});
    EXPECT_DOUBLE_EQ(p[0], 0.8);
    EXPECT_DOUBLE_EQ(p[1], 0.9);
    EXPECT_DOUBLE_EQ(p[2], 0.45);
}

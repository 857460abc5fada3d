// The trec measures on hand-made queries, each value computed by hand here
// (or, for the summation order, by brute force), for the behaviours where
// trec_eval 10 differs from a textbook reading: Rndcg's whole-list term and
// its -l rule, 11pt_avg's summation order, G, the gain table's ordering,
// and trec_eval's reading of -m parameters.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "trec/errors.h"
#include "trec/gains.h"
#include "trec/measure_request.h"
#include "trec/query_measures.h"

using namespace ranklab::trec;

namespace {

constexpr double U = kNotInQrels;

double measure(QueryMeasure f, const Query& q, std::vector<double> params = {}) {
    double out = -1;
    f(q, params, std::span<double>(&out, 1));
    return out;
}

std::vector<std::string> names(const std::vector<std::string>& args) {
    std::vector<std::string> out;
    for (const MeasureRequest& r : parseMeasureRequests(args))
        for (const std::string& n : r.outputNames()) out.push_back(n);
    return out;
}

int exitCodeOf(const std::vector<std::string>& args) {
    try {
        parseMeasureRequests(args);
    } catch (const MeasureParamError& e) {
        return e.exitCode();
    }
    return 0;
}

} // namespace

// One graded document; the run retrieves a grade-0 document, then it, then an
// unjudged one: 3 = graded + 2, so the whole-list term counts. Terms: the
// nDCG at 1 (0 / 1) and the whole list ((1 / log2 3) / 1).
TEST(TrecRndcgTest, WholeListTermCountsTwoPastTheGradedDocuments) {
    const Query q = makeQuery({0, 1, U}, {1, 0}, 1);
    EXPECT_DOUBLE_EQ(measure(rndcg, q), (0.0 + 1.0 / std::log2(3.0)) / 2.0);
}

// One past the graded documents: no whole-list term, only the nDCG at 1.
TEST(TrecRndcgTest, NoWholeListTermOnePastTheGradedDocuments) {
    const Query q = makeQuery({0, 1}, {1, 0}, 1);
    EXPECT_DOUBLE_EQ(measure(rndcg, q), 0.0);
}

// -l 2 on a query graded 1 at most: no relevant document, so 0, although
// the run ranks both graded documents first (its nDCG terms would be 1).
TEST(TrecRndcgTest, ZeroWhenNoDocumentReachesTheLevel) {
    EXPECT_DOUBLE_EQ(measure(rndcg, makeQuery({1, 1}, {1, 1}, 1)), 1.0);
    EXPECT_DOUBLE_EQ(measure(rndcg, makeQuery({1, 1}, {1, 1}, 2)), 0.0);
}

// G on judged {2, 1}, run [1, 2]: rank 0 gains 1 at cost 2 (ideal gain 2),
// rank 1 gains 2 with cumulated cost 3 and gain 3; divided by 3.
TEST(TrecGTest, HandComputedValue) {
    const Query q = makeQuery({1, 2}, {2, 1}, 1);
    const double expected = (1.0 / std::log2(2.0 + 2.0 - 1.0) + 2.0 / std::log2(2.0 + 3.0 - 3.0)) / 3.0;
    EXPECT_DOUBLE_EQ(measure(gainG, q), expected);
}

// Gains 0.5 (level 2, a parameter), 0 and 1 (levels 0 and 1): trec_eval's
// comparison truncates 0.5 - 0 to 0, so level 2 stays below level 0, whose
// gain 0 ends the ideal ranking: only level 1 is in it.
TEST(TrecGainTableTest, GainsLessThanOneApartKeepTheirOrder) {
    const Query q = makeQuery({}, {0, 1, 2}, 1);
    const std::vector<double> pairs = {2, 0.5};
    const GainTable t = makeGainTable(q, pairs);
    EXPECT_EQ(t.ideal(), std::vector<double>({1.0}));
    EXPECT_DOUBLE_EQ(t.gainOf(2), 0.5);
    EXPECT_DOUBLE_EQ(t.gainOf(U), 0.0);
}

// The 11 interpolated precisions are added from recall 1.0 down to 0.0:
// over random queries, some give a different double when added upwards,
// and every one equals the downward sum.
TEST(TrecElevenPointTest, SumsFromTheLastLevelDown) {
    const std::vector<double> levels = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
    std::mt19937 rng(11);
    int differing = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<double> ranked, judged;
        const int n = 1 + int(rng() % 40);
        for (int i = 0; i < n; ++i) ranked.push_back(rng() % 3 == 0 ? 1.0 : 0.0);
        for (double g : ranked)
            if (g > 0) judged.push_back(g);
        for (int extra = int(rng() % 6); extra > 0; --extra) judged.push_back(1);
        const Query q = makeQuery(ranked, judged, 1);
        std::vector<double> p(levels.size());
        iprecAtRecall(q, levels, p);
        double up = 0, down = 0;
        for (double v : p) up += v;
        for (auto it = p.rbegin(); it != p.rend(); ++it) down += *it;
        differing += up != down;
        ASSERT_EQ(measure(elevenPointAverage, q, levels), down / 11.0) << trial;
    }
    EXPECT_GT(differing, 0);
}

TEST(TrecMeasureRequestTest, FirstParametersWinAndCutoffsAreSorted) {
    EXPECT_EQ(names({"P.5", "P.10"}), std::vector<std::string>({"P_5"}));
    EXPECT_EQ(names({"P.10,5,1"}), std::vector<std::string>({"P_1", "P_5", "P_10"}));
    EXPECT_EQ(names({"P", "P.3"}), std::vector<std::string>({"P_3"}));
    EXPECT_EQ(names({"utility.1,-1,0,0", "set_F.0.50"}),
              std::vector<std::string>({"utility_1,-1,0,0", "set_F_0.50"}));
}

TEST(TrecMeasureRequestTest, GainAndPersistencePairs) {
    const auto ndcg = parseMeasureRequests({"ndcg.1=0,2=5", "rbp.p=0.8", "Rndcg.x=3,2=1"});
    ASSERT_EQ(ndcg.size(), 3u);
    EXPECT_EQ(ndcg[0].params, std::vector<double>({1, 0, 2, 5}));  // ndcg
    EXPECT_EQ(ndcg[1].params, std::vector<double>({2, 1}));        // Rndcg: the non-integer name is ignored
    EXPECT_EQ(ndcg[2].params, std::vector<double>({0.8}));         // rbp
    EXPECT_EQ(ndcg[0].outputNames(), std::vector<std::string>({"ndcg_1=0,2=5"}));
    EXPECT_TRUE(ndcg[0].engineFamily().empty());  // computed with its gains, not by the engine
    // rbp: p first, then the integer-named pairs in the order given.
    const auto rbp = parseMeasureRequests({"rbp.2=5,p=0.7,1=0", "rbp_resid.1=3"});
    EXPECT_EQ(rbp[0].params, std::vector<double>({0.7, 2, 5, 1, 0}));
    EXPECT_EQ(rbp[1].params, std::vector<double>({0.9, 1, 3}));
}

TEST(TrecMeasureRequestTest, RefusedAsTrecEvalRefusesThem) {
    EXPECT_EQ(exitCodeOf({"P.5,5"}), 2);
    EXPECT_EQ(exitCodeOf({"P.0"}), 2);
    EXPECT_EQ(exitCodeOf({"iprec_at_recall.0.5,0.50"}), 2);
    EXPECT_EQ(exitCodeOf({"rbp.0.8"}), 2);
    EXPECT_EQ(exitCodeOf({"ndcg.1"}), 2);
    EXPECT_EQ(exitCodeOf({"P."}), 1);
    EXPECT_EQ(exitCodeOf({"nosuch"}), 1);
    EXPECT_EQ(exitCodeOf({"P.5x"}), 0);  // atol reads 5, as trec_eval does
}

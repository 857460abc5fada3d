// trec_eval's -m syntax: names, parameters, nicknames, printed names and
// order (the order of trec_eval's output, tests/data/golden/trec_eval_test/
// out.test.aq).
#include <gtest/gtest.h>

#include "common/error.h"
#include "trec/measure_request.h"

using namespace ranklab::trec;

namespace {

std::vector<std::string> names(const std::vector<MeasureRequest>& requests) {
    std::vector<std::string> out;
    for (const auto& r : requests)
        for (const auto& n : r.outputNames()) out.push_back(n);
    return out;
}

} // namespace

TEST(TrecMeasureRequestTest, NoMeasureMeansTheOfficialSet) {
    const auto got = names(parseMeasureRequests({}));
    // out.test, line by line.
    const std::vector<std::string> expected = {
        "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
        "iprec_at_recall_0.00", "iprec_at_recall_0.10", "iprec_at_recall_0.20", "iprec_at_recall_0.30",
        "iprec_at_recall_0.40", "iprec_at_recall_0.50", "iprec_at_recall_0.60", "iprec_at_recall_0.70",
        "iprec_at_recall_0.80", "iprec_at_recall_0.90", "iprec_at_recall_1.00", "P_5", "P_10", "P_15", "P_20",
        "P_30", "P_100", "P_200", "P_500", "P_1000"};
    EXPECT_EQ(got, expected);
    EXPECT_EQ(names(parseMeasureRequests({"official"})), expected);
}

// trec_eval sorts cutoffs ascending (meas_init.c).
TEST(TrecMeasureRequestTest, ParametersGiveTheCutoffsSortedAscending) {
    EXPECT_EQ(names(parseMeasureRequests({"P.5,10"})), (std::vector<std::string>{"P_5", "P_10"}));
    EXPECT_EQ(names(parseMeasureRequests({"ndcg_cut.10,3"})), (std::vector<std::string>{"ndcg_cut_3", "ndcg_cut_10"}));
    EXPECT_EQ(names(parseMeasureRequests({"iprec_at_recall.0.25"})),
              (std::vector<std::string>{"iprec_at_recall_0.25"}));
    // A single parameter shows in the name only when given.
    EXPECT_EQ(names(parseMeasureRequests({"relstring"})), (std::vector<std::string>{"relstring"}));
    EXPECT_EQ(names(parseMeasureRequests({"relstring.20"})), (std::vector<std::string>{"relstring_20"}));
    EXPECT_EQ(names(parseMeasureRequests({"set_F.0.5"})), (std::vector<std::string>{"set_F_0.5"}));
    // The name shows the parameters as given (trec_eval: relstring_5,6, set_F_0.50).
    EXPECT_EQ(names(parseMeasureRequests({"relstring.5,6"})), (std::vector<std::string>{"relstring_5,6"}));
    EXPECT_EQ(names(parseMeasureRequests({"set_F.0.50"})), (std::vector<std::string>{"set_F_0.50"}));
}

// trec_eval prints measures in its own order, not the command line's
// (golden CORE outputs: map, Rprec, recip_rank, P, recall, ndcg, ...).
TEST(TrecMeasureRequestTest, OutputFollowsTrecEvalsOrder) {
    EXPECT_EQ(names(parseMeasureRequests({"success.1", "ndcg", "recip_rank", "P.5", "map", "dcg", "ideal_dcg"})),
              (std::vector<std::string>{"map", "recip_rank", "P_5", "dcg", "ideal_dcg", "ndcg", "success_1"}));
}

// trec_eval takes the parameters of the first -m giving the measure some.
TEST(TrecMeasureRequestTest, NamingAMeasureAgainKeepsTheFirstParameters) {
    EXPECT_EQ(names(parseMeasureRequests({"P.5", "P.10,5"})), (std::vector<std::string>{"P_5"}));
    // Explicit parameters replace the defaults a nickname brought.
    const auto got = names(parseMeasureRequests({"official", "P.7"}));
    EXPECT_EQ(got.back(), "P_7");
    EXPECT_EQ(std::count_if(got.begin(), got.end(), [](const std::string& n) { return n.rfind("P_", 0) == 0; }), 1);
}

// all_trec: every measure of trec_eval's all_trec, G included; dcg and
// ideal_dcg not in it (as in trec_eval).
TEST(TrecMeasureRequestTest, AllTrecListsEverySupportedMeasure) {
    const auto got = names(parseMeasureRequests({"all_trec"}));
    EXPECT_EQ(got.size(), 99u + 1);  // out.test.a, plus relstring (per query only)
    EXPECT_EQ(std::count(got.begin(), got.end(), "G"), 1);
    EXPECT_EQ(std::count(got.begin(), got.end(), "dcg"), 0);
    EXPECT_EQ(got.front(), "runid");
    EXPECT_EQ(got.back(), "unj_20");
}

TEST(TrecMeasureRequestTest, BadRequestsAreErrors) {
    EXPECT_THROW(parseMeasureRequests({"nope"}), ranklab::Error);
    EXPECT_THROW(parseMeasureRequests({"P.0"}), ranklab::Error);
    EXPECT_THROW(parseMeasureRequests({"P.x"}), ranklab::Error);  // atol: 0, a non-positive cutoff
    EXPECT_THROW(parseMeasureRequests({"P."}), ranklab::Error);
}

// What trec_eval 10 accepts: cutoffs read by atol (P.5.5 is P_5), and
// parameters of a measure that takes none are ignored.
TEST(TrecMeasureRequestTest, TrecEvalsLenientFormsAreAccepted) {
    EXPECT_EQ(names(parseMeasureRequests({"P.5.5"})), (std::vector<std::string>{"P_5"}));
    EXPECT_EQ(names(parseMeasureRequests({"map.5"})), (std::vector<std::string>{"map"}));
}

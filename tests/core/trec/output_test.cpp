// trec_eval's output format: the measure padded to 22 characters, tabs,
// per-query blocks before the "all" lines, counts as integers.
#include <sstream>

#include <gtest/gtest.h>

#include "trec/output.h"

using namespace ranklab::trec;

namespace {

TrecResults sample() {
    TrecResults r;
    r.runId = "STANDARD";
    r.queries = {"301", "302"};
    TrecColumn runid{"runid", Kind::Text, Summary::RunId, false, {}, {"", ""}, 0};
    TrecColumn numRet{"num_ret", Kind::Integer, Summary::Sum, true, {500, 250}, {}, 750};
    TrecColumn map{"map", Kind::Float, Summary::Mean, true, {0.03243, 0.41749}, {}, 0.22496};
    TrecColumn rel{"relstring_20", Kind::Text, Summary::None, true, {}, {"'01'", "''"}, 0};
    TrecColumn nonrel{"num_nonrel_judged_ret", Kind::Integer, Summary::Sum, true, {188, 3}, {}, 191};
    r.columns = {runid, numRet, map, rel, nonrel};
    return r;
}

} // namespace

TEST(TrecOutputTest, SummaryOnly) {
    std::ostringstream out;
    writeTrecOutput(out, sample(), false);
    EXPECT_EQ(out.str(),
              "runid                 \tall\tSTANDARD\n"
              "num_ret               \tall\t750\n"
              "map                   \tall\t0.2250\n"
              "num_nonrel_judged_ret \tall\t191\n");
}

TEST(TrecOutputTest, PerQueryBlocksComeFirst) {
    std::ostringstream out;
    writeTrecOutput(out, sample(), true, 2);
    EXPECT_EQ(out.str(),
              "num_ret               \t301\t500\n"
              "map                   \t301\t  0.03\n"  // trec_eval's %6 width
              "relstring_20          \t301\t'01'\n"
              "num_nonrel_judged_ret \t301\t188\n"
              "num_ret               \t302\t250\n"
              "map                   \t302\t  0.42\n"
              "relstring_20          \t302\t''\n"
              "num_nonrel_judged_ret \t302\t3\n"
              "runid                 \tall\tSTANDARD\n"
              "num_ret               \tall\t750\n"
              "map                   \tall\t  0.22\n"
              "num_nonrel_judged_ret \tall\t191\n");
}

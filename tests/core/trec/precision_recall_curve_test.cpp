// computePrecisionRecall(): the 11-point curve against trec_eval's
// iprec_at_recall_* output on its own test collection (golden), and the
// full curve by hand on two users.
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"
#include "trec/precision_recall_curve.h"
#include "io/dataset_loader.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

std::string goldenDir() { return std::string(RANKLAB_TEST_DATA) + "/golden/trec_eval_test/"; }

// "iprec_at_recall_0.30" -> the value on its "all" line.
std::map<std::string, double> goldenAll(const std::string& file) {
    std::map<std::string, double> out;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string name, query, value;
        fields >> name >> query >> value;
        if (query == "all" && name.rfind("iprec_at_recall_", 0) == 0) out[name] = std::stod(value);
    }
    return out;
}

} // namespace

TEST(PrecisionRecallTest, ElevenPointsMatchTrecEvalIprecAtRecall) {
    DatasetSources sources;
    sources.judgments = goldenDir() + "qrels.test";
    sources.runs.push_back({"run", goldenDir() + "results.test", {}});
    const Dataset data = loadDataset(sources, ReadOptions{});
    const std::map<std::string, double> golden = goldenAll(goldenDir() + "out.test");
    ASSERT_EQ(golden.size(), kElevenPoints);
    // trec_eval averages the queries in both files, with ties by docno
    // (the "expected" policy is ordered the same way for this curve).
    for (TiePolicy ties : {TiePolicy::Trec, TiePolicy::Expected}) {
        EvalSettings settings;
        settings.users = UsersPolicy::Trec;
        settings.ties = ties;
        RankCache cache;
        const PrecisionRecallResult r = computePrecisionRecall(data, settings, cache);
        EXPECT_EQ(r.ties, TiePolicy::Trec);
        ASSERT_EQ(r.curves.size(), 1u);
        for (std::size_t i = 0; i < kElevenPoints; ++i) {
            char name[32];
            std::snprintf(name, sizeof name, "iprec_at_recall_%.2f", elevenPointRecall(i));
            ASSERT_TRUE(golden.count(name)) << name;
            EXPECT_NEAR(r.curves[0].elevenPoint[i], golden.at(name), 5e-5) << name;
        }
        // The full curve at a recall level a 10th of the way equals the
        // 11-point value only where rounding agrees; at 0 and 1 it always does.
        EXPECT_NEAR(r.curves[0].precision.front(), r.curves[0].elevenPoint[0], 1e-12);
        EXPECT_DOUBLE_EQ(r.curves[0].recall.back(), 1.0);
        EXPECT_NEAR(r.curves[0].precision.back(), r.curves[0].elevenPoint[10], 1e-12);
    }
}

TEST(PrecisionRecallTest, FullCurveAveragesEachUsersStepsOverEveryLevelReached) {
    // u: relevant {a, b}, ranked [a, x, b]: precision 1 at recall 1/2, 2/3 at 1.
    // v: relevant {c, d, e}, ranked [y, c, d, z, e]: precision 1/2 at 1/3,
    //    2/3 at 2/3, 3/5 at 1; interpolated: 2/3 up to 2/3, then 3/5.
    const std::vector<Triple> qrels{{"u", "a", 1}, {"u", "b", 1}, {"v", "c", 1}, {"v", "d", 1}, {"v", "e", 1}};
    const std::vector<Triple> run{{"u", "a", 9}, {"u", "x", 8}, {"u", "b", 7}, {"v", "y", 9},
                                  {"v", "c", 8}, {"v", "d", 7}, {"v", "z", 6}, {"v", "e", 5}};
    const Dataset data = makeDataset(qrels, {{"m", run}});
    EvalSettings settings;
    settings.ties = TiePolicy::Trec;
    RankCache cache;
    const PrecisionRecallResult r = computePrecisionRecall(data, settings, cache);
    const PrecisionRecallCurve& c = r.curves.at(0);
    // Levels: 0, 1/3, 1/2, 2/3, 1.
    ASSERT_EQ(c.recall.size(), 5u);
    const double recall[] = {0, 1.0 / 3, 0.5, 2.0 / 3, 1};
    // u: 1 up to 1/2, then 2/3.  v: 2/3 up to 2/3, then 3/5.
    const double precision[] = {(1 + 2.0 / 3) / 2, (1 + 2.0 / 3) / 2, (1 + 2.0 / 3) / 2, (2.0 / 3 + 2.0 / 3) / 2,
                                (2.0 / 3 + 3.0 / 5) / 2};
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_DOUBLE_EQ(c.recall[i], recall[i]) << i;
        EXPECT_NEAR(c.precision[i], precision[i], 1e-12) << i;
    }
    // 11-point, trec_eval's count round(L·R) half up. u (hits at ranks 1,
    // 3): 1 hit up to L = 0.7 (0.7·2 + 0.5 = 1.9), 2 hits from 0.8 (2/3).
    // v (hits at ranks 2, 3, 5): 2 hits at 0.7 and 0.8 (2.6, 2.9: 2/3),
    // 3 hits at 0.9 (3.2: 3/5).
    EXPECT_NEAR(c.elevenPoint[3], (1 + 2.0 / 3) / 2, 1e-12);
    EXPECT_NEAR(c.elevenPoint[7], (1 + 2.0 / 3) / 2, 1e-12);
    EXPECT_NEAR(c.elevenPoint[8], (2.0 / 3 + 2.0 / 3) / 2, 1e-12);
    EXPECT_NEAR(c.elevenPoint[9], (2.0 / 3 + 3.0 / 5) / 2, 1e-12);
}

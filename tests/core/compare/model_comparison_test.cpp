// Columns of an Evaluation's per-user table feed the paired procedures. The
// Evaluation is written by hand: two models, two metrics, four users.
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "metrics/metric_spec.h"
#include "compare/model_comparison.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

Evaluation handMadeEvaluation() {
    Evaluation e;
    e.settings.metrics = expandMetrics("ndcg@10,recall@5", {});
    e.users = {0, 1, 2, 3};
    // Rows are users, columns ndcg@10 and recall@5.
    e.models = {{"base", {0.5, 1.0, 0.25, 0.0, 1.0, 1.0, 0.0, 0.5}, {}},
                {"new", {0.75, 1.0, 0.25, 0.5, 0.5, 1.0, 0.125, 0.5}, {}}};
    return e;
}

TEST(ModelComparisonTest, ColumnReadsOneMetricOfEveryUser) {
    const Evaluation e = handMadeEvaluation();
    EXPECT_EQ(perUserColumn(e, 0, 0), (std::vector<double>{0.5, 0.25, 1.0, 0.0}));
    EXPECT_EQ(perUserColumn(e, 1, 1), (std::vector<double>{1.0, 0.5, 1.0, 0.5}));
}

TEST(ModelComparisonTest, CompareModelsPairsTheUsersByRow) {
    // ndcg@10, new − base: d = (0.25, 0, −0.5, 0.125), mean −0.03125;
    // 2 wins, 1 tie, 1 loss.
    const Evaluation e = handMadeEvaluation();
    const PairedComparison r = compareModels(e, 1, 0, 0, {.tests = PairedTests::TTest});
    EXPECT_EQ(r.n, 4u);
    EXPECT_DOUBLE_EQ(r.diff.mean, -0.03125);
    EXPECT_EQ(r.winsTiesLosses.wins, 2u);
    EXPECT_EQ(r.winsTiesLosses.ties, 1u);
    EXPECT_EQ(r.winsTiesLosses.losses, 1u);
    const PairedComparison direct = comparePaired(perUserColumn(e, 1, 0), perUserColumn(e, 0, 0),
                                                  {.tests = PairedTests::TTest});
    EXPECT_EQ(r.tTest->pvalue, direct.tTest->pvalue);
}

TEST(ModelComparisonTest, UnknownModelOrMetricThrows) {
    const Evaluation e = handMadeEvaluation();
    EXPECT_THROW(perUserColumn(e, 2, 0), Error);
    EXPECT_THROW(perUserColumn(e, 0, 2), Error);
}

} // namespace

// The summary's comparison table model over a real comparison of the
// example workspace: every number shown is checked against the per-user
// values (means recomputed here by summation) and against the core's
// Comparison (best, significance, p-values).
#include "ui/summary/comparison_table_model.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSortFilterProxyModel>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "core/engine_test_support.h"
#include "ui/summary_fixture.h"
#include "ui/summary/cell_format.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;
using ::testing::Not;
using Model = ComparisonTableModel;

namespace {

// The mean of a model's per-user column, summed here.
double summedMean(const Evaluation& e, std::size_t model, std::size_t metric) {
    double sum = 0;
    for (std::size_t u = 0; u < e.users.size(); ++u) sum += e.value(model, u, metric);
    return sum / double(e.users.size());
}

std::string text(const QModelIndex& index, int role = Qt::DisplayRole) {
    return index.data(role).toString().toStdString();
}

} // namespace

TEST(SummaryTableModelTest, PassesTheItemModelTesterThroughComputingComparedAndClear) {
    test::TesterMessages messages;
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setResult(test::exampleResult(std::nullopt));
    model.setResult(test::exampleComparedResult());
    model.setCiKind(CiKind::Bootstrap);
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Warning);
    proxy.setSourceModel(&model);
    proxy.setSortRole(Model::SortRole);
    proxy.sort(3, Qt::DescendingOrder);
    model.clear();
    EXPECT_TRUE(test::TesterMessages::messages().isEmpty()) << test::TesterMessages::text();
}

TEST(SummaryTableModelTest, RowsAreTheModelsAndColumnsTheMetricsInEvaluationOrder) {
    Model model;
    model.setResult(test::exampleComparedResult());
    const Evaluation& e = *test::exampleEvaluation();
    ASSERT_EQ(model.rowCount(), 3);
    ASSERT_EQ(model.columnCount(), 1 + 8);  // ndcg, hr, ap, rr at 5 and 10
    EXPECT_EQ(text(model.index(0, 0)), "toprank");
    EXPECT_EQ(text(model.index(1, 0)), "broad (baseline)");
    EXPECT_EQ(text(model.index(2, 0)), "popularity");
    const char* ids[] = {"ndcg@5", "ndcg@10", "hr@5", "hr@10", "ap@5", "ap@10", "rr@5", "rr@10"};
    for (int c = 1; c < model.columnCount(); ++c) {
        EXPECT_EQ(model.headerData(c, Qt::Horizontal).toString().toStdString(), ids[c - 1]);
        EXPECT_EQ(e.settings.metrics[model.metricAt(c)].id(), ids[c - 1]);
    }
    EXPECT_EQ(model.index(1, 0).data(Qt::DecorationRole).value<QColor>(), QColor(0xff, 0x7f, 0x0e));
}

TEST(SummaryTableModelTest, CellsShowTheMeanOfThePerUserValuesWithTheTIntervalHalfWidth) {
    Model model;
    model.setResult(test::exampleComparedResult());
    const Evaluation& e = *test::exampleEvaluation();
    const stats::Comparison& c = *test::exampleComparedResult()->comparison;
    for (int r = 0; r < model.rowCount(); ++r)
        for (int col = 1; col < model.columnCount(); ++col) {
            const std::size_t m = model.modelAt(r), metric = model.metricAt(col);
            const double expected = summedMean(e, m, metric);
            const QModelIndex cell = model.index(r, col);
            EXPECT_NEAR(cell.data(Model::MeanRole).toDouble(), expected, 1e-12);
            EXPECT_NEAR(cell.data(Model::SortRole).toDouble(), expected, 1e-12);
            // mean ± t_{0.975, n−1}·s/√n: with n − 1 ≥ 2,000 the quantile lies between the normal's
            // 1.95996 and t_{0.975, 2000} = 1.96115 (statistical tables).
            const stats::MeanSummary& s = c.means[m][std::size_t(col - 1)];
            ASSERT_GE(s.moments.n, 2001u);
            const double quantile = s.t.halfWidth / (s.moments.sd / std::sqrt(double(s.moments.n)));
            EXPECT_GT(quantile, 1.95996);
            EXPECT_LT(quantile, 1.96115);
            const std::string shown = text(cell);
            EXPECT_THAT(shown, ::testing::StartsWith(QString::number(expected, 'f', 4).toStdString() + " ± " +
                                                   QString::number(s.t.halfWidth, 'f', 4).toStdString()));
        }
}

TEST(SummaryTableModelTest, BootstrapKindShowsThePercentileIntervalAndNoneTheMeanAlone) {
    Model model;
    model.setResult(test::exampleComparedResult());
    const stats::MeanSummary& s = test::exampleComparedResult()->comparison->means[0][0];
    ASSERT_TRUE(s.bootstrap);
    model.setCiKind(CiKind::Bootstrap);
    EXPECT_THAT(text(model.index(0, 1)), HasSubstr(QStringLiteral("[%1, %2]").arg(formatValue(s.bootstrap->lo),
                                                                                 formatValue(s.bootstrap->hi))
                                                       .toStdString()));
    model.setCiKind(CiKind::None);
    EXPECT_THAT(text(model.index(0, 1)), Not(HasSubstr("±")));
    EXPECT_THAT(text(model.index(0, 1)), Not(HasSubstr("[")));
}

TEST(SummaryTableModelTest, TheBestOfEachColumnIsBoldWhereTheCoreSaysBest) {
    Model model;
    model.setResult(test::exampleComparedResult());
    const Evaluation& e = *test::exampleEvaluation();
    const stats::Comparison& c = *test::exampleComparedResult()->comparison;
    for (int col = 1; col < model.columnCount(); ++col) {
        const std::size_t metric = model.metricAt(col);
        // The highest of the summed means, found here.
        std::size_t highest = 0;
        for (std::size_t m = 1; m < e.models.size(); ++m)
            if (summedMean(e, m, metric) > summedMean(e, highest, metric)) highest = m;
        EXPECT_EQ(c.best[std::size_t(col - 1)], highest);
        for (int r = 0; r < model.rowCount(); ++r) {
            const bool best = model.modelAt(r) == highest;
            EXPECT_EQ(model.index(r, col).data(Model::BestRole).toBool(), best);
            EXPECT_EQ(model.index(r, col).data(Qt::FontRole).value<QFont>().bold(), best);
        }
    }
}

TEST(SummaryTableModelTest, MarksFollowTheFirstTestAfterCorrectionAgainstTheBaseline) {
    // At α = 0.05 every pair is significant on this data (adjusted p ≤ 1e-6); at α = 1e-20 with
    // Bonferroni some are not (hr@10: toprank − broad has p ≈ 1e-6).
    stats::ComparisonOptions strict = test::exampleOptions();
    strict.correction = stats::Correction::Bonferroni;
    strict.alpha = 1e-20;
    strict.bootstrapIntervals = false;
    int better = 0, worse = 0, unmarked = 0;
    for (const auto& result : {std::shared_ptr<const EvaluationResult>(test::exampleComparedResult()),
                               std::shared_ptr<const EvaluationResult>(test::exampleResult(strict))}) {
        Model model;
        model.setResult(result);
        const stats::Comparison& c = *result->comparison;
        for (int r = 0; r < model.rowCount(); ++r)
            for (int col = 1; col < model.columnCount(); ++col) {
                const std::size_t m = model.modelAt(r), metric = model.metricAt(col);
                const std::string shown = text(model.index(r, col));
                int expected = 0;
                if (m != test::kBroad) {
                    const stats::PairComparison* pair = c.find(m, test::kBroad, metric);
                    ASSERT_NE(pair, nullptr);
                    ASSERT_EQ(pair->a, m);  // (m, baseline): differences are m − baseline
                    ASSERT_EQ(pair->tests.front().test, stats::SignificanceTest::TTest);
                    if (pair->tests.front().significant) expected = pair->meanDiff > 0 ? 1 : -1;
                    else ++unmarked;
                }
                EXPECT_EQ(model.index(r, col).data(Model::SignificanceRole).toInt(), expected) << shown;
                EXPECT_EQ(shown.find("▲") != std::string::npos, expected > 0) << shown;
                EXPECT_EQ(shown.find("▼") != std::string::npos, expected < 0) << shown;
                if (expected > 0) ++better;
                if (expected < 0) ++worse;
            }
        EXPECT_TRUE(model.index(1, 0).data(Model::BaselineRole).toBool());
        EXPECT_TRUE(model.index(1, 0).data(Qt::FontRole).value<QFont>().italic());
    }
    // The data exercises both marks and unmarked non-baseline cells.
    EXPECT_GT(better, 0);
    EXPECT_GT(worse, 0);
    EXPECT_GT(unmarked, 0);
}

TEST(SummaryTableModelTest, AllPairsGivesLettersAndMarksTheModelsEachIsSignificantlyBetterThan) {
    stats::ComparisonOptions options = test::exampleOptions();
    options.baseline.reset();
    options.bootstrapIntervals = false;
    auto result = test::exampleResult(options);
    const stats::Comparison& c = *result->comparison;
    Model model;
    model.setResult(result);
    EXPECT_EQ(text(model.index(0, 0)), "toprank (a)");
    EXPECT_EQ(text(model.index(1, 0)), "broad (b)");
    EXPECT_EQ(text(model.index(2, 0)), "popularity (c)");
    int marked = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        for (int col = 1; col < model.columnCount(); ++col) {
            const std::size_t m = model.modelAt(r), metric = model.metricAt(col);
            std::string expected;
            for (std::size_t other = 0; other < 3; ++other) {
                if (other == m) continue;
                // Stored once per pair (i, j), i < j, differences i − j.
                const stats::PairComparison* pair = c.find(std::min(m, other), std::max(m, other), metric);
                ASSERT_NE(pair, nullptr);
                ASSERT_EQ(pair->a, std::min(m, other));
                const double diff = m < other ? pair->meanDiff : -pair->meanDiff;
                if (pair->tests.front().significant && diff > 0) expected += char('a' + other);
            }
            EXPECT_EQ(model.index(r, col).data(Model::BetterThanRole).toString().toStdString(), expected);
            EXPECT_EQ(model.index(r, col).data(Model::SignificanceRole).toInt(), 0);
            if (!expected.empty()) {
                EXPECT_THAT(text(model.index(r, col)), ::testing::EndsWith("▲" + expected));
                ++marked;
            }
        }
    EXPECT_GT(marked, 0);
    const std::string tip = text(model.index(0, 1), Qt::ToolTipRole);
    EXPECT_THAT(tip, HasSubstr("toprank − broad"));
    EXPECT_THAT(tip, HasSubstr("toprank − popularity"));
}

TEST(SummaryTableModelTest, SortingAColumnOrdersTheModelsByTheirMean) {
    Model model;
    model.setResult(test::exampleComparedResult());
    const Evaluation& e = *test::exampleEvaluation();
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(Model::SortRole);
    for (int col = 1; col < model.columnCount(); ++col) {
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            proxy.sort(col, order);
            const std::size_t metric = model.metricAt(col);
            for (int r = 1; r < proxy.rowCount(); ++r) {
                const double prev = summedMean(e, std::size_t(proxy.index(r - 1, 0).data(Model::ModelIndexRole).toInt()), metric);
                const double next = summedMean(e, std::size_t(proxy.index(r, 0).data(Model::ModelIndexRole).toInt()), metric);
                if (order == Qt::AscendingOrder) {
                    EXPECT_LE(prev, next);
                } else {
                    EXPECT_GE(prev, next);
                }
            }
        }
    }
}

TEST(SummaryTableModelTest, CellTooltipsCarryBothIntervalsAndEachTestsPAndAdjustedP) {
    Model model;
    model.setResult(test::exampleComparedResult());
    const stats::Comparison& c = *test::exampleComparedResult()->comparison;
    for (int col = 1; col < model.columnCount(); ++col) {
        const std::size_t metric = model.metricAt(col);
        const stats::PairComparison& pair = *c.find(0, test::kBroad, metric);  // toprank, row 0
        const std::string tip = text(model.index(0, col), Qt::ToolTipRole);
        const stats::MeanSummary& s = c.means[0][std::size_t(col - 1)];
        EXPECT_THAT(tip, HasSubstr(QStringLiteral("n = %1 users").arg(s.moments.n).toStdString()));
        EXPECT_THAT(tip, HasSubstr(QStringLiteral("[%1, %2]").arg(formatValue(s.t.lo), formatValue(s.t.hi)).toStdString()));
        EXPECT_THAT(tip, HasSubstr(QStringLiteral("[%1, %2]")
                                       .arg(formatValue(s.bootstrap->lo), formatValue(s.bootstrap->hi))
                                       .toStdString()));
        EXPECT_THAT(tip, HasSubstr(formatSigned(pair.meanDiff).toStdString()));
        ASSERT_EQ(pair.tests.size(), 2u);
        EXPECT_THAT(tip, HasSubstr("paired t-test: " + pEqualsHtml(pair.tests[0].pvalue).toStdString()));
        EXPECT_THAT(tip, HasSubstr("Wilcoxon signed-rank test: " + pEqualsHtml(pair.tests[1].pvalue).toStdString()));
        for (const stats::TestOutcome& t : pair.tests)
            EXPECT_THAT(tip, HasSubstr("Holm-adjusted " + pEqualsHtml(t.adjusted).toStdString()));
        const auto& w = pair.winsTiesLosses;
        EXPECT_THAT(tip, HasSubstr(QStringLiteral("%1 / %2 / %3").arg(w.wins).arg(w.ties).arg(w.losses).toStdString()));
    }
    EXPECT_THAT(text(model.index(1, 1), Qt::ToolTipRole), HasSubstr("the baseline"));
}

TEST(SummaryTableModelTest, HeaderTooltipsDefineTheMetricWithItsCutoffAndThreshold) {
    Model model;
    model.setResult(test::exampleComparedResult());
    auto tip = [&](int col) { return model.headerData(col, Qt::Horizontal, Qt::ToolTipRole).toString().toStdString(); };
    EXPECT_THAT(tip(2), HasSubstr("ndcg@10"));
    EXPECT_THAT(tip(2), HasSubstr("dcg@10 / idcg@10"));
    EXPECT_THAT(tip(2), HasSubstr("trec_eval: ndcg_cut_10"));
    EXPECT_THAT(tip(3), HasSubstr("1 if hits(5) ≥ 1"));
    EXPECT_THAT(tip(3), HasSubstr("grade ≥ θ = 1"));
    EXPECT_THAT(tip(6), HasSubstr("÷ R"));
    EXPECT_THAT(tip(6), HasSubstr("MAP"));
}

TEST(SummaryTableModelTest, WhileTheComparisonIsComputedCellsShowTheEvaluationMeansUnmarked) {
    Model model;
    model.setResult(test::exampleResult(std::nullopt));
    const Evaluation& e = *test::exampleEvaluation();
    ASSERT_EQ(model.columnCount(), 1 + int(e.metricCount()));
    for (int r = 0; r < model.rowCount(); ++r)
        for (int col = 1; col < model.columnCount(); ++col) {
            EXPECT_EQ(text(model.index(r, col)),
                      QString::number(summedMean(e, model.modelAt(r), model.metricAt(col)), 'f', 4).toStdString());
            EXPECT_EQ(model.index(r, col).data(Model::SignificanceRole).toInt(), 0);
        }
    EXPECT_EQ(text(model.index(1, 0)), "broad");
    EXPECT_THAT(text(model.index(0, 1), Qt::ToolTipRole), HasSubstr("being computed"));
}

TEST(SummaryTableModelTest, HiddenModelsHaveNoRow) {
    auto result = test::exampleResult(test::exampleOptions());
    result->models[0].visible = false;
    Model model;
    model.setResult(result);
    ASSERT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.modelAt(0), 1u);
    EXPECT_EQ(text(model.index(0, 0)), "broad (baseline)");
    EXPECT_EQ(text(model.index(1, 0)), "popularity");
}

TEST(SummaryTableModelTest, ACountIsNeverMarkedBestAndEveryModelTyingForTheBestIsBold) {
    // Two users, one relevant item each. "same" ranks exactly as "first" does; "last" puts the
    // relevant item second. By hand: hr@1 is 1, 1, 0; num_ret is 2 for every model.
    const auto data = std::make_shared<const Dataset>(ranklab::testing::makeDataset(
        {{"u1", "i1", 1}, {"u2", "i2", 1}},
        {{"first", {{"u1", "i1", 0.9}, {"u1", "i3", 0.1}, {"u2", "i2", 0.8}, {"u2", "i3", 0.2}}},
         {"same", {{"u1", "i1", 0.7}, {"u1", "i3", 0.3}, {"u2", "i2", 0.6}, {"u2", "i3", 0.1}}},
         {"last", {{"u1", "i1", 0.1}, {"u1", "i3", 0.9}, {"u2", "i2", 0.2}, {"u2", "i3", 0.8}}}}));
    EvalSettings settings;
    settings.metrics = expandMetrics("hr@1,num_ret", {});
    RankCache cache;
    auto result = std::make_shared<EvaluationResult>();
    result->dataset = data;
    result->evaluation = std::make_shared<const Evaluation>(evaluate(*data, settings, cache));
    result->comparison = std::make_shared<const stats::Comparison>(stats::compareEvaluation(*result->evaluation));
    Model model;
    model.setResult(result);
    ASSERT_EQ(model.columnCount(), 3);
    EXPECT_EQ(model.index(0, 1).data(Model::MeanRole).toDouble(), 1.0);
    EXPECT_EQ(model.index(2, 1).data(Model::MeanRole).toDouble(), 0.0);
    EXPECT_EQ(model.index(0, 2).data(Model::MeanRole).toDouble(), 2.0);
    const bool bestHr[] = {true, true, false};
    for (int r = 0; r < 3; ++r) {
        EXPECT_EQ(model.index(r, 1).data(Model::BestRole).toBool(), bestHr[r]) << r;
        EXPECT_FALSE(model.index(r, 2).data(Model::BestRole).toBool()) << r;
    }
}

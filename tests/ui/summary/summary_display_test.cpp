// The Summary's cell displays against a baseline — Δ with its interval, Δ%,
// Cohen's d_z and the rank-biserial r — checked against the same quantities computed here from
// the per-user values (paired differences, their mean, SD and t interval
// with Boost's Student t), the effect-size fill (monotone in |d_z|, blue
// better, orange worse, none where not significant), and the transposed
// table holding the same cells.
#include "ui/summary/comparison_table_model.h"

#include <QBrush>
#include <QFont>

#include <boost/math/distributions/students_t.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ui/summary_fixture.h"
#include "ui/summary/effect_colors.h"

using namespace ranklab;
using namespace ranklab::ui;
using Model = ComparisonTableModel;

namespace {

struct HandPair {
    double diff = 0, sd = 0, halfWidth = 0, dz = 0, baselineMean = 0;
};

// model − baseline on evaluation column `metric`, from the per-user values.
HandPair byHand(const Evaluation& e, std::size_t model, std::size_t baseline, std::size_t metric) {
    const test::PairedByHand d = test::pairedByHand(e, model, baseline, metric);
    double baseSum = 0;
    for (std::size_t u = 0; u < d.n; ++u) baseSum += e.value(baseline, u, metric);
    HandPair h;
    h.diff = d.mean;
    h.baselineMean = baseSum / double(d.n);
    h.sd = d.se * std::sqrt(double(d.n));
    const boost::math::students_t t(double(d.n - 1));
    h.halfWidth = boost::math::quantile(t, 0.975) * d.se;
    h.dz = h.diff / h.sd;
    return h;
}

// Calls `check(m, column, cell)` for every cell of a model other than the
// baseline (broad), column by column.
template <class Check>
void forEachComparedCell(const Model& model, Check check) {
    for (int r = 0; r < model.rowCount(); ++r) {
        const std::size_t m = model.modelAt(r);
        if (m == test::kBroad) continue;
        for (int c = 1; c < model.columnCount(); ++c) check(m, c, model.index(r, c));
    }
}

// Kerby's matched-pairs rank-biserial of model − baseline, written here from
// its definition: zero differences dropped, |d| ranked with ties at their
// average rank, r = (W⁺ − W⁻)/(W⁺ + W⁻).
double rankBiserialByHand(const Evaluation& e, std::size_t model, std::size_t baseline, std::size_t metric) {
    std::vector<double> d;
    for (std::size_t u = 0; u < e.users.size(); ++u) {
        const double x = e.value(model, u, metric) - e.value(baseline, u, metric);
        if (x != 0) d.push_back(x);
    }
    double plus = 0, minus = 0;
    for (double x : d) {
        double below = 0, equal = 0;
        for (double y : d) {
            below += std::abs(y) < std::abs(x);
            equal += std::abs(y) == std::abs(x);
        }
        const double rank = below + (equal + 1) / 2;
        (x > 0 ? plus : minus) += rank;
    }
    return (plus - minus) / (plus + minus);
}

// "+0.0123" / "−0.0123" with `decimals`, written here.
QString signedText(double x, int decimals) {
    return (x < 0 ? QStringLiteral("−") : QStringLiteral("+")) + QString::number(std::abs(x), 'f', decimals);
}

QString marks(const QModelIndex& index) {
    const int mark = index.data(Model::SignificanceRole).toInt();
    return mark > 0 ? QStringLiteral(" ▲") : mark < 0 ? QStringLiteral(" ▼") : QString();
}

int rowOf(const Model& model, std::size_t m) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.modelAt(r) == m) return r;
    return -1;
}

} // namespace

TEST(SummaryDisplayTest, DeltaCellsAreTheMeanPairedDifferenceWithItsTHalfWidth) {
    Model model;
    model.setResult(test::exampleComparedResult());
    model.setDisplay(CellDisplay::Delta);
    const Evaluation& e = *test::exampleEvaluation();
    ASSERT_EQ(model.shownDisplay(), CellDisplay::Delta);
    int checked = 0;
    forEachComparedCell(model, [&](std::size_t m, int c, const QModelIndex& cell) {
        const HandPair h = byHand(e, m, test::kBroad, model.metricAt(c));
        const QString expected =
            signedText(h.diff, 4) + QStringLiteral(" ± ") + QString::number(h.halfWidth, 'f', 4) + marks(cell);
        EXPECT_EQ(cell.data().toString(), expected) << cell.row() << "," << c;
        EXPECT_NEAR(cell.data(Model::DisplayedValueRole).toDouble(), h.diff, 1e-12);
        ++checked;
    });
    EXPECT_EQ(checked, 2 * 8);
}

TEST(SummaryDisplayTest, DeltaWithBootstrapShowsThePairedBootstrapInterval) {
    Model model;
    model.setResult(test::exampleComparedResult());
    model.setDisplay(CellDisplay::Delta);
    model.setCiKind(CiKind::Bootstrap);
    const stats::Comparison& c = *test::exampleComparedResult()->comparison;
    for (int r = 0; r < model.rowCount(); ++r) {
        const std::size_t m = model.modelAt(r);
        if (m == test::kBroad) continue;
        for (int col = 1; col < model.columnCount(); ++col) {
            const stats::PairComparison* p = c.find(m, test::kBroad, model.metricAt(col));
            ASSERT_TRUE(p && p->ciBootstrap);
            // Stored as (m, baseline): the difference is m − baseline as stored.
            ASSERT_EQ(p->a, m);
            const QString expected = signedText(p->meanDiff, 4) +
                                     QStringLiteral(" [%1, %2]").arg(signedText(p->ciBootstrap->lo, 4),
                                                                     signedText(p->ciBootstrap->hi, 4)) +
                                     marks(model.index(r, col));
            EXPECT_EQ(model.index(r, col).data().toString(), expected);
        }
    }
}

TEST(SummaryDisplayTest, RelativeChangeIsTheDifferenceOverTheBaselinesMean) {
    Model model;
    model.setResult(test::exampleComparedResult());
    model.setDisplay(CellDisplay::DeltaPercent);
    const Evaluation& e = *test::exampleEvaluation();
    forEachComparedCell(model, [&](std::size_t m, int c, const QModelIndex& cell) {
        const HandPair h = byHand(e, m, test::kBroad, model.metricAt(c));
        const double percent = 100.0 * h.diff / h.baselineMean;
        EXPECT_EQ(cell.data().toString(), signedText(percent, 2) + QLatin1Char('%') + marks(cell));
        EXPECT_NEAR(cell.data(Model::DisplayedValueRole).toDouble(), percent, 1e-9);
    });
}

TEST(SummaryDisplayTest, EffectSizeIsTheMeanDifferenceOverItsStandardDeviation) {
    Model model;
    model.setResult(test::exampleComparedResult());
    model.setDisplay(CellDisplay::EffectSize);
    const Evaluation& e = *test::exampleEvaluation();
    forEachComparedCell(model, [&](std::size_t m, int c, const QModelIndex& cell) {
        const HandPair h = byHand(e, m, test::kBroad, model.metricAt(c));
        EXPECT_EQ(cell.data().toString(), signedText(h.dz, 3) + marks(cell));
        EXPECT_NEAR(cell.data(Model::EffectSizeRole).toDouble(), h.dz, 1e-9);
    });
}

TEST(SummaryDisplayTest, RankBiserialIsTheSignedRankSumsNormalisedDifference) {
    Model model;
    model.setResult(test::exampleComparedResult());
    model.setDisplay(CellDisplay::RankBiserial);
    const Evaluation& e = *test::exampleEvaluation();
    int checked = 0;
    forEachComparedCell(model, [&](std::size_t m, int c, const QModelIndex& cell) {
        const double expected = rankBiserialByHand(e, m, test::kBroad, model.metricAt(c));
        EXPECT_EQ(cell.data().toString(), signedText(expected, 3) + marks(cell));
        EXPECT_NEAR(cell.data(Model::DisplayedValueRole).toDouble(), expected, 1e-12);
        EXPECT_GE(expected, -1.0);
        EXPECT_LE(expected, 1.0);
        ++checked;
    });
    EXPECT_EQ(checked, 2 * 8);
}

TEST(SummaryDisplayTest, RankBiserialIsADashWithoutWilcoxon) {
    stats::ComparisonOptions options = test::exampleOptions();
    options.tests = {stats::SignificanceTest::TTest};
    Model model;
    model.setResult(test::exampleResult(options));
    model.setDisplay(CellDisplay::RankBiserial);
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.modelAt(r) == test::kBroad) continue;
        EXPECT_TRUE(model.index(r, 1).data().toString().startsWith(QStringLiteral("—")));
    }
}

TEST(SummaryDisplayTest, EveryDisplayModeHasAKeyThatReadsBack) {
    QStringList keys;
    for (CellDisplay d : kCellDisplays) {
        keys << cellDisplayKey(d);
        EXPECT_EQ(cellDisplayFromKey(cellDisplayKey(d)), d);
    }
    EXPECT_EQ(keys.join(QLatin1Char(',')), QStringLiteral("mean,delta,delta_percent,d_z,rank_biserial"));
    EXPECT_FALSE(cellDisplayFromKey(QStringLiteral("r")).has_value());
}

TEST(SummaryDisplayTest, TheBaselineRowShowsItsMeanInItalicsInEveryDifferenceMode) {
    Model model;
    model.setResult(test::exampleComparedResult());
    const Evaluation& e = *test::exampleEvaluation();
    const int row = rowOf(model, test::kBroad);
    ASSERT_GE(row, 0);
    for (CellDisplay d : {CellDisplay::Delta, CellDisplay::DeltaPercent, CellDisplay::EffectSize, CellDisplay::RankBiserial}) {
        model.setDisplay(d);
        model.setCiKind(CiKind::None);
        for (int c = 1; c < model.columnCount(); ++c) {
            const QModelIndex cell = model.index(row, c);
            const HandPair h = byHand(e, 0, test::kBroad, model.metricAt(c));
            EXPECT_EQ(cell.data().toString(), QString::number(h.baselineMean, 'f', 4));
            EXPECT_TRUE(cell.data(Qt::FontRole).value<QFont>().italic());
            EXPECT_FALSE(cell.data(Qt::BackgroundRole).isValid());
        }
    }
}

TEST(SummaryDisplayTest, AllPairsHasNoBaselineSoTheCellsStayMeans) {
    stats::ComparisonOptions options = test::exampleOptions();
    options.baseline.reset();
    options.bootstrapIntervals = false;
    Model model;
    model.setResult(test::exampleResult(options));
    model.setDisplay(CellDisplay::Delta);
    EXPECT_EQ(model.shownDisplay(), CellDisplay::Mean);
    model.setCiKind(CiKind::None);
    const Evaluation& e = *test::exampleEvaluation();
    const QModelIndex cell = model.index(0, 1);
    EXPECT_TRUE(cell.data().toString().startsWith(QString::number(e.models[model.modelAt(0)].means[model.metricAt(1)], 'f', 4)));
    EXPECT_FALSE(cell.data(Qt::BackgroundRole).isValid());
}

TEST(SummaryDisplayTest, FillIntensityGrowsWithTheEffectSizeUpToTheCap) {
    const auto distanceFromWhite = [](const QColor& c) {
        return (255 - c.red()) + (255 - c.green()) + (255 - c.blue());
    };
    int previous = -1;
    for (double dz = 0.01; dz <= 0.8; dz += 0.01) {
        const QColor better = effectColor(dz, true);
        const QColor worse = effectColor(-dz, true);
        ASSERT_TRUE(better.isValid() && worse.isValid());
        EXPECT_GT(better.blue(), better.red()) << dz;  // blue for better
        EXPECT_GT(worse.red(), worse.blue()) << dz;    // orange for worse
        const int d = distanceFromWhite(better);
        if (dz <= kEffectSizeCap - 0.01) EXPECT_GT(d, previous) << dz;
        else EXPECT_GE(d, previous) << dz;
        previous = d;
    }
    EXPECT_EQ(effectColor(0.7, true), effectColor(1.5, true));  // capped
    EXPECT_EQ(effectColor(0.7, true), betterColor());
    EXPECT_FALSE(effectColor(0.7, false).isValid());  // not significant: white
    EXPECT_FALSE(effectColor(std::nan(""), true).isValid());
}

TEST(SummaryDisplayTest, TheTableFillsOnlySignificantCellsAndMoreForLargerEffects) {
    Model model;
    model.setResult(test::exampleComparedResult());
    int filled = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        for (int c = 1; c < model.columnCount(); ++c) {
            const QModelIndex cell = model.index(r, c);
            const QVariant fill = cell.data(Qt::BackgroundRole);
            const int mark = cell.data(Model::SignificanceRole).toInt();
            ASSERT_EQ(fill.isValid(), mark != 0) << r << "," << c;
            if (!fill.isValid()) continue;
            ++filled;
            const double dz = cell.data(Model::EffectSizeRole).toDouble();
            EXPECT_EQ(fill.value<QBrush>().color(), effectColor(dz, true));
            EXPECT_EQ(dz > 0, mark > 0);
        }
    }
    EXPECT_GT(filled, 0);
}

TEST(SummaryDisplayTest, TransposedTheRowsAreTheMetricsAndEveryCellKeepsItsText) {
    Model model;
    model.setResult(test::exampleComparedResult());
    model.setDisplay(CellDisplay::Delta);
    const int rows = model.rowCount(), columns = model.columnCount();
    std::map<std::pair<std::size_t, std::size_t>, QString> before;
    for (int r = 0; r < rows; ++r)
        for (int c = 1; c < columns; ++c) before[{model.modelAt(r), model.metricAt(c)}] = model.index(r, c).data().toString();
    model.setTransposed(true);
    ASSERT_EQ(model.rowCount(), columns - 1);
    ASSERT_EQ(model.columnCount(), rows + 1);
    const Evaluation& e = *test::exampleEvaluation();
    EXPECT_EQ(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Metric"));
    for (int r = 0; r < model.rowCount(); ++r) {
        const std::size_t metric = std::size_t(model.index(r, 0).data(Model::MetricIndexRole).toInt());
        EXPECT_EQ(model.index(r, 0).data().toString().toStdString(), e.settings.metrics[metric].id());
        for (int c = 1; c < model.columnCount(); ++c) {
            const QModelIndex cell = model.index(r, c);
            EXPECT_EQ(model.metricOf(cell), metric);
            const std::size_t m = model.modelOf(cell);
            EXPECT_EQ(model.headerData(c, Qt::Horizontal, Model::ModelIndexRole).toInt(), int(m));
            EXPECT_EQ(cell.data().toString(), before.at({m, metric}));
        }
    }
    model.setTransposed(false);
    EXPECT_EQ(model.rowCount(), rows);
    EXPECT_EQ(model.index(0, 1).data().toString(), before.at({model.modelAt(0), model.metricAt(1)}));
}

TEST(SummaryDisplayTest, SortingFollowsTheDifferenceShownWithTheBaselineAtZero) {
    Model model;
    model.setResult(test::exampleComparedResult());
    model.setDisplay(CellDisplay::EffectSize);
    const Evaluation& e = *test::exampleEvaluation();
    for (int r = 0; r < model.rowCount(); ++r) {
        const std::size_t m = model.modelAt(r);
        const double expected = m == test::kBroad ? 0.0 : byHand(e, m, test::kBroad, model.metricAt(1)).dz;
        EXPECT_NEAR(model.index(r, 1).data(Model::SortRole).toDouble(), expected, 1e-9);
    }
    model.setDisplay(CellDisplay::Mean);
    EXPECT_EQ(model.index(1, 1).data(Model::SortRole).toDouble(), e.models[model.modelAt(1)].means[model.metricAt(1)]);
}

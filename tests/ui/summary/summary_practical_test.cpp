// The Summary with δ, the smallest difference that matters: every compared
// cell's fill follows the practical class, and the class equals the one
// worked out here from the per-user differences (the 90% t interval inside
// ±δ: equivalent; else the 95% t interval clear of 0: better or worse; else
// inconclusive, white); the tooltip states the class and TOST's p; the
// toolbar's δ field parses absolute, relative and per-metric values, asks
// for a new comparison, and puts back the δ in force after a bad entry.
#include "ui/summary/comparison_table_model.h"

#include <QBrush>
#include <QLineEdit>
#include <QSignalSpy>

#include <boost/math/distributions/students_t.hpp>
#include <gtest/gtest.h>

#include <cmath>

#include "ui/summary_fixture.h"
#include "ui/summary/effect_colors.h"
#include "ui/summary/summary_toolbar.h"

using namespace ranklab;
using namespace ranklab::ui;
using Model = ComparisonTableModel;

namespace {

constexpr double kDelta = 0.01;

// The class of model − baseline on evaluation column `metric` at α = 0.05,
// from the per-user values (ndcg, hr, ap, rr: higher is better).
stats::PracticalClass byHand(const Evaluation& e, std::size_t model, std::size_t baseline, std::size_t metric) {
    const test::PairedByHand d = test::pairedByHand(e, model, baseline, metric);
    const double mean = d.mean, se = d.se;
    const boost::math::students_t t(double(d.n - 1));
    const double narrow = boost::math::quantile(t, 0.95) * se, wide = boost::math::quantile(t, 0.975) * se;
    if (mean - narrow > -kDelta && mean + narrow < kDelta) return stats::PracticalClass::Equivalent;
    if (mean - wide > 0) return stats::PracticalClass::Better;
    if (mean + wide < 0) return stats::PracticalClass::Worse;
    return stats::PracticalClass::Inconclusive;
}

std::shared_ptr<EvaluationResult> withDelta() {
    stats::ComparisonOptions options = test::exampleOptions();
    options.minEffect = stats::parseMinEffects("0.01");
    return test::exampleResult(options);
}

} // namespace

TEST(SummaryPracticalTest, CellFillsFollowThePracticalClassWorkedOutByHand) {
    const auto result = withDelta();
    Model model;
    model.setResult(result);
    const Evaluation& e = *result->evaluation;
    int seen[4] = {0, 0, 0, 0};
    for (int r = 0; r < model.rowCount(); ++r) {
        const std::size_t m = model.modelAt(r);
        if (m == test::kBroad) continue;
        for (int c = 1; c < model.columnCount(); ++c) {
            const QModelIndex cell = model.index(r, c);
            const std::size_t metric = std::size_t(cell.data(Model::MetricIndexRole).toInt());
            if (e.isSetLevel(metric)) continue;
            const stats::PracticalClass expected = byHand(e, m, test::kBroad, metric);
            ++seen[int(expected)];
            const QVariant fill = cell.data(Qt::BackgroundRole);
            const double dz = cell.data(Model::EffectSizeRole).toDouble();
            if (expected == stats::PracticalClass::Inconclusive) {
                EXPECT_FALSE(fill.isValid()) << r << "," << c;
            } else {
                ASSERT_TRUE(fill.isValid()) << r << "," << c;
                EXPECT_EQ(fill.value<QBrush>().color(), practicalColor(expected, dz)) << r << "," << c;
            }
            const QString tip = cell.data(Qt::ToolTipRole).toString();
            EXPECT_TRUE(tip.contains(QStringLiteral("practically <b>%1</b>")
                                         .arg(QString::fromLatin1(stats::toString(expected).data()))))
                << tip.toStdString();
            EXPECT_TRUE(tip.contains(QStringLiteral("TOST p = "))) << tip.toStdString();
        }
    }
    // toprank beats broad, popularity loses to it: both directions appear.
    EXPECT_GT(seen[int(stats::PracticalClass::Better)], 0);
    EXPECT_GT(seen[int(stats::PracticalClass::Worse)], 0);
}

TEST(SummaryPracticalTest, ClassColoursAreDistinctAndInconclusiveIsWhite) {
    const QColor better = practicalColor(stats::PracticalClass::Better, 0.3);
    const QColor worse = practicalColor(stats::PracticalClass::Worse, 0.3);
    EXPECT_EQ(better, effectColor(0.3, true));
    EXPECT_EQ(worse, effectColor(-0.3, true));
    EXPECT_EQ(practicalColor(stats::PracticalClass::Equivalent, 0.3), equivalentColor());
    EXPECT_NE(equivalentColor(), better);
    EXPECT_NE(equivalentColor(), worse);
    EXPECT_FALSE(practicalColor(stats::PracticalClass::Inconclusive, 0.3).isValid());
}

TEST(SummaryPracticalTest, TheDeltaFieldAsksForAComparisonAndKeepsTheDeltaInForceOnABadEntry) {
    SummaryToolBar bar;
    bar.setOptions({QStringLiteral("a"), QStringLiteral("b")}, test::exampleOptions());
    QLineEdit* edit = bar.minEffectEdit();
    ASSERT_NE(edit, nullptr);
    EXPECT_TRUE(edit->text().isEmpty());
    QSignalSpy changed(&bar, &SummaryToolBar::optionsChanged);
    QSignalSpy rejected(&bar, &SummaryToolBar::minEffectRejected);

    edit->setText(QStringLiteral(" 5% "));
    Q_EMIT edit->editingFinished();
    ASSERT_EQ(changed.count(), 1);
    const auto options = changed.takeFirst().at(0).value<stats::ComparisonOptions>();
    ASSERT_TRUE(options.minEffect.all);
    EXPECT_EQ(options.minEffect.all->value, 5.0);
    EXPECT_TRUE(options.minEffect.all->relative);
    EXPECT_EQ(edit->text(), QStringLiteral("5%"));

    edit->setText(QStringLiteral("ndcg@10=0.01,recall@10=2%"));
    Q_EMIT edit->editingFinished();
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(bar.options().minEffect.toString(), "ndcg@10=0.01,recall@10=2%");
    changed.clear();

    edit->setText(QStringLiteral("five"));
    Q_EMIT edit->editingFinished();
    EXPECT_EQ(changed.count(), 0);
    ASSERT_EQ(rejected.count(), 1);
    EXPECT_TRUE(rejected.takeFirst().at(0).toString().contains(QStringLiteral("five")));
    EXPECT_EQ(edit->text(), QStringLiteral("ndcg@10=0.01,recall@10=2%"));

    edit->clear();
    Q_EMIT edit->editingFinished();
    ASSERT_EQ(changed.count(), 1);
    EXPECT_TRUE(bar.options().minEffect.empty());

    // A comparison's options (a workspace's δ) show in the field.
    stats::ComparisonOptions saved = test::exampleOptions();
    saved.minEffect = stats::parseMinEffects("0.02");
    bar.setOptions({QStringLiteral("a"), QStringLiteral("b")}, saved);
    EXPECT_EQ(edit->text(), QStringLiteral("0.02"));
}

// The Curves tab: the plotted lines and bands are computeCurves' numbers on
// the same data (called here directly), the controls change what is drawn,
// the t band alone needs no bootstrap, a selection restricts the averaged
// users, and a new colour redraws without computing again.
#include <QCheckBox>
#include <QComboBox>
#include <QAreaSeries>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QSpinBox>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/view_fixture.h"
#include "ui/job_tracker.h"
#include "ui/views/curves_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

using test::settle;

CurveResult coreCurves(const std::string& family, const CurveOptions& options,
                       std::shared_ptr<const std::vector<UserId>> only = nullptr) {
    EvalSettings settings = test::exampleEvaluation()->settings;
    settings.metrics.clear();
    settings.onlyUsers = std::move(only);
    RankCache cache;
    return computeCurves(*test::exampleDataset(), parseCurveMetrics(family), settings, options, cache);
}

void expectSeriesEqual(const CurvesView& view, const CurveResult& core) {
    ASSERT_NE(view.chart(), nullptr);
    for (std::size_t m = 0; m < core.curves.size(); ++m) {
        const QLineSeries* line = view.chart()->modelSeries(m);
        ASSERT_NE(line, nullptr);
        const std::vector<double>& mean = core.curve(m, 0).mean;
        ASSERT_EQ(std::size_t(line->count()), mean.size());
        for (int k = 0; k < line->count(); ++k) {
            EXPECT_EQ(line->at(k).x(), k + 1);
            EXPECT_DOUBLE_EQ(line->at(k).y(), mean[std::size_t(k)]) << "model " << m << " k " << k + 1;
        }
    }
}

TEST(CurvesViewTest, LinesAndTBandsAreTheCoresCurves) {
    SelectedUsers selection;
    CurvesView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    EXPECT_EQ(view.familyBox()->currentText(), QStringLiteral("ndcg"));  // the evaluation's first family
    EXPECT_EQ(view.band(), CurveBand::T);
    CurveOptions options;
    options.kmax = CurvesView::kDefaultKmax;
    options.bootstrap = false;
    const CurveResult core = coreCurves("ndcg", options);
    expectSeriesEqual(view, core);
    const QAreaSeries* band = view.chart()->bandSeries(0);
    ASSERT_NE(band, nullptr);
    const auto lower = band->lowerSeries()->points();
    ASSERT_FALSE(lower.isEmpty());
    EXPECT_DOUBLE_EQ(lower.back().y(), core.curve(0, 0).tLo.back());
    EXPECT_TRUE(view.curves()->curve(0, 0).bootLo.empty());  // no resampling for a t band
}

TEST(CurvesViewTest, FamilyKAndBandControlsRecompute) {
    SelectedUsers selection;
    CurvesView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    view.familyBox()->setCurrentText(QStringLiteral("recall"));
    view.kmaxBox()->setValue(12);
    view.bandBox()->setCurrentIndex(view.bandBox()->findData(int(CurveBand::None)));
    ASSERT_TRUE(settle(view));
    CurveOptions options;
    options.kmax = 12;
    options.bands = false;
    expectSeriesEqual(view, coreCurves("recall", options));
    EXPECT_EQ(view.chart()->bandSeries(0), nullptr);
    EXPECT_TRUE(view.exportBaseName().startsWith(QStringLiteral("recall")));

    view.logBox()->setChecked(true);  // redraws only
    ASSERT_NE(view.chart(), nullptr);
    bool logAxis = false;
    for (QAbstractAxis* axis : view.chart()->axes(Qt::Horizontal)) logAxis = logAxis || qobject_cast<QLogValueAxis*>(axis);
    EXPECT_TRUE(logAxis);
}

TEST(CurvesViewTest, ASelectionRestrictsTheAveragedUsers) {
    SelectedUsers selection;
    CurvesView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    const auto& users = test::exampleEvaluation()->users;
    std::vector<UserId> picked;
    for (std::size_t i = 0; i < users.size(); i += 25) picked.push_back(users[i]);
    selection.setUsers(picked);
    selection.setRestricting(true);
    ASSERT_TRUE(settle(view));
    CurveOptions options;
    options.kmax = CurvesView::kDefaultKmax;
    options.bootstrap = false;
    const CurveResult core = coreCurves("ndcg", options, selection.users());
    EXPECT_EQ(core.counts.evaluated, picked.size());
    expectSeriesEqual(view, core);
    EXPECT_TRUE(view.exportCaption().contains(QStringLiteral("restricted to 120 selected users")))
        << view.exportCaption().toStdString();
}

TEST(CurvesViewTest, ANewColourRedrawsWithoutComputing) {
    SelectedUsers selection;
    CurvesView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    const auto* computed = view.curves().get();
    auto recoloured = std::make_shared<EvaluationResult>(*test::exampleComparedResult());
    recoloured->models[0].color = QColor(Qt::magenta);
    recoloured->generation += 1;
    view.setResult(recoloured);
    ASSERT_TRUE(settle(view));
    EXPECT_EQ(view.curves().get(), computed);
    EXPECT_EQ(view.chart()->modelSeries(0)->color(), QColor(Qt::magenta));
}

} // namespace
} // namespace ranklab::ui

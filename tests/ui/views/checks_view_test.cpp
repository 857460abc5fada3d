// The Checks tab: its findings are validateDataset's (called here directly),
// worst first, with the summary's counts; its tie bands are analyzeTies'
// numbers for the chosen column; the tie band follows a selection while the
// findings stay those of the whole data.
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/view_fixture.h"
#include "ui/job_tracker.h"
#include "ui/views/checks_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

using test::settle;

TieSensitivity coreTies(std::shared_ptr<const std::vector<UserId>> only = nullptr) {
    EvalSettings settings = test::exampleEvaluation()->settings;
    settings.onlyUsers = std::move(only);
    RankCache cache;
    return analyzeTies(*test::exampleDataset(), settings, cache);
}

void expectBands(const ChecksView& view, const TieSensitivity& core, std::size_t column) {
    ASSERT_NE(view.chart(), nullptr);
    ASSERT_EQ(view.chart()->rows().size(), core.models.size());
    for (std::size_t m = 0; m < core.models.size(); ++m) {
        const TieBand& band = core.models[m].bands[column];
        const QLineSeries* line = view.chart()->band(m);
        ASSERT_NE(line, nullptr);
        EXPECT_DOUBLE_EQ(line->at(0).x(), band.pessimistic);
        EXPECT_DOUBLE_EQ(line->at(1).x(), band.optimistic);
        EXPECT_DOUBLE_EQ(view.chart()->rows()[m].chosen, band.chosen);
    }
}

TEST(ChecksViewTest, FindingsAreTheCoresWorstFirst) {
    SelectedUsers selection;
    ChecksView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    ValidationSettings checks;
    checks.largestCutoff = largestCutoff(test::exampleEvaluation()->settings.metrics);
    const ValidationReport core = validateDataset(*test::exampleDataset(), checks);
    ASSERT_EQ(view.findingsTable()->rowCount(), int(core.findings.size()));
    EXPECT_EQ(view.findingsTable()->item(0, 0)->text().toStdString(), severityName(core.worst()));
    std::size_t warnings = 0;
    for (int row = 0; row < view.findingsTable()->rowCount(); ++row)
        warnings += view.findingsTable()->item(row, 0)->text() == QStringLiteral("warning");
    EXPECT_EQ(warnings, core.count(Severity::Warning));
    const Finding* tied = core.find("tied_scores", "model popularity");
    ASSERT_NE(tied, nullptr);
    bool shown = false;
    for (int row = 0; row < view.findingsTable()->rowCount(); ++row)
        shown = shown || (view.findingsTable()->item(row, 1)->text() == QStringLiteral("tied_scores") &&
                          view.findingsTable()->item(row, 2)->text() == QStringLiteral("model popularity") &&
                          view.findingsTable()->item(row, 3)->text() == QLocale().toString(qulonglong(tied->count)));
    EXPECT_TRUE(shown);
    EXPECT_TRUE(view.findingsSummary()->text().contains(QStringLiteral("%1 checks passed").arg(core.count(Severity::Ok))));
}

TEST(ChecksViewTest, TieBandsAreTheCoresAndFollowTheSelection) {
    SelectedUsers selection;
    ChecksView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    const TieSensitivity whole = coreTies();
    EXPECT_EQ(view.metricColumn(), 1u);  // ndcg@10: the largest cutoff <= 20
    expectBands(view, whole, 1);
    view.metricBox()->setCurrentIndex(3);
    Q_EMIT view.metricBox()->activated(3);
    expectBands(view, whole, 3);
    // The popularity model scores with integers: its band has width.
    EXPECT_GT(whole.models[2].bands[3].width(), 0.0);

    const auto* findings = view.validation().get();
    const auto& users = test::exampleEvaluation()->users;
    selection.setUsers(std::vector<UserId>(users.begin(), users.begin() + 500));
    selection.setRestricting(true);
    ASSERT_TRUE(settle(view));
    expectBands(view, coreTies(selection.users()), 3);
    EXPECT_EQ(view.validation().get(), findings);  // the files did not change
    EXPECT_TRUE(view.exportCaption().contains(QStringLiteral("restricted to 500 selected users")));
}

} // namespace
} // namespace ranklab::ui

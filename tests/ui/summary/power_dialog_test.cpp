// The Summary's power dialog: its answer (n, the per-user differences' mean
// and SD, the MDD, the users needed for δ, the post-hoc power) equals the
// core's power functions on the differences formed here by hand, computed in
// the background; a change of δ or of the pair asks again; the same model
// twice is refused. RANKLAB_SCREENSHOT_DIR keeps power-dialog.png.
#include "ui/summary/power_dialog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include <cmath>

#include "ui/summary_fixture.h"
#include "ui/job_tracker.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

struct Hand {
    double mean = 0, sd = 0;
    std::size_t n = 0;
};

Hand byHand(const Evaluation& e, std::size_t a, std::size_t b, std::size_t metric) {
    Hand h;
    h.n = e.users.size();
    for (std::size_t u = 0; u < h.n; ++u) h.mean += e.value(a, u, metric) - e.value(b, u, metric);
    h.mean /= double(h.n);
    for (std::size_t u = 0; u < h.n; ++u) {
        const double d = e.value(a, u, metric) - e.value(b, u, metric) - h.mean;
        h.sd += d * d;
    }
    h.sd = std::sqrt(h.sd / double(h.n - 1));
    return h;
}

bool waitForAnswer(PowerDialog* dialog) {
    return QTest::qWaitFor([&] { return dialog->answer().has_value() && !dialog->jobs()->isBusy(); }, test::kWaitMs);
}

} // namespace

TEST(PowerDialogTest, AnswersFromTheSummarysPairWithTheCoresNumbers) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(view.powerButton()->isEnabled());
    PowerDialog* dialog = view.openPowerDialog();
    ASSERT_NE(dialog, nullptr);
    EXPECT_FALSE(dialog->answer().has_value());  // computed in the background, not at once
    ASSERT_TRUE(waitForAnswer(dialog));
    const Evaluation& e = *test::exampleEvaluation();
    // The Summary's baseline (broad) and the plotted column (ndcg@10); the first other model.
    EXPECT_EQ(dialog->baselineBox()->currentData().toULongLong(), test::kBroad);
    EXPECT_EQ(dialog->modelBox()->currentData().toULongLong(), 0u);
    const std::size_t metric = e.metricIndex("ndcg@10");
    EXPECT_EQ(dialog->metricBox()->currentData().toULongLong(), metric);
    const Hand h = byHand(e, 0, test::kBroad, metric);
    const PowerAnswer& p = *dialog->answer();
    EXPECT_EQ(p.observed.n, h.n);
    EXPECT_NEAR(p.observed.mean, h.mean, 1e-12);
    EXPECT_NEAR(p.observed.sd, h.sd, 1e-12);
    EXPECT_NEAR(p.observed.minimumDetectable, stats::minimumDetectableEffect(double(h.n), 0.05, 0.8) * h.sd, 1e-12);
    EXPECT_NEAR(p.usersNeeded, stats::usersForPower(0.01 / h.sd, 0.05, 0.8), 1e-6);
    EXPECT_NEAR(p.observed.power, stats::pairedTPower(h.mean / h.sd, double(h.n), 0.05), 1e-12);
    if (const QString dir = qEnvironmentVariable("RANKLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(100);  // laid out
        EXPECT_TRUE(dialog->grab().save(dir + QStringLiteral("/power-dialog.png")));
    }
    const QString shown = dialog->answerLabel()->text();
    EXPECT_NE(shown.indexOf(QString::number(p.observed.minimumDetectable, 'f', 5)), -1) << shown.toStdString();
    EXPECT_NE(shown.indexOf(QLocale().toString(qulonglong(std::ceil(p.usersNeeded)))), -1) << shown.toStdString();

    // δ doubled: about a quarter of the users.
    dialog->deltaBox()->setValue(0.02);
    ASSERT_TRUE(waitForAnswer(dialog));
    EXPECT_NEAR(dialog->answer()->usersNeeded, stats::usersForPower(0.02 / h.sd, 0.05, 0.8), 1e-6);
    // Another pair.
    dialog->modelBox()->setCurrentIndex(2);
    ASSERT_TRUE(waitForAnswer(dialog));
    EXPECT_NEAR(dialog->answer()->observed.mean, byHand(e, 2, test::kBroad, metric).mean, 1e-12);
    // The same model twice: no answer.
    dialog->modelBox()->setCurrentIndex(int(test::kBroad));
    EXPECT_FALSE(dialog->answer().has_value());
    EXPECT_NE(dialog->answerLabel()->text().indexOf(QStringLiteral("two different models")), -1);
    dialog->close();
}

TEST(PowerDialogTest, DeltaIsTheSummarysBothWays) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    const Evaluation& e = *test::exampleEvaluation();
    const std::size_t metric = e.metricIndex("ndcg@10");
    double baselineMean = 0;  // broad's mean ndcg@10, by hand
    for (std::size_t u = 0; u < e.users.size(); ++u) baselineMean += e.value(test::kBroad, u, metric);
    baselineMean /= double(e.users.size());

    // The Summary's δ, a percentage: the dialog's δ is that share of the baseline's mean, and says so.
    view.toolBar()->minEffectEdit()->setText(QStringLiteral("5%"));
    Q_EMIT view.toolBar()->minEffectEdit()->editingFinished();
    PowerDialog* dialog = view.openPowerDialog();
    ASSERT_NE(dialog, nullptr);
    EXPECT_NEAR(dialog->deltaBox()->value(), 0.05 * baselineMean, 1e-4);  // the spin box's 4 decimals
    EXPECT_TRUE(dialog->deltaSourceLabel()->text().contains(QStringLiteral("5%"))) << dialog->deltaSourceLabel()->text().toStdString();
    ASSERT_TRUE(waitForAnswer(dialog));
    EXPECT_NEAR(dialog->answer()->delta, dialog->deltaBox()->value(), 1e-12);

    // The Summary's δ changes while the dialog is open: it follows.
    view.toolBar()->minEffectEdit()->setText(QStringLiteral("ndcg@10=0.03"));
    Q_EMIT view.toolBar()->minEffectEdit()->editingFinished();
    EXPECT_NEAR(dialog->deltaBox()->value(), 0.03, 1e-12);

    // "Use δ in the Summary": the toolbar's δ for the metric becomes the dialog's.
    dialog->deltaBox()->setValue(0.0123);
    dialog->useDeltaButton()->click();
    const auto chosen = view.toolBar()->options().minEffect.find("ndcg@10");
    ASSERT_TRUE(chosen.has_value());
    EXPECT_FALSE(chosen->relative);
    EXPECT_NEAR(chosen->value, 0.0123, 1e-12);
    EXPECT_TRUE(view.toolBar()->minEffectEdit()->text().contains(QStringLiteral("ndcg@10=0.0123")))
        << view.toolBar()->minEffectEdit()->text().toStdString();
    dialog->close();
}

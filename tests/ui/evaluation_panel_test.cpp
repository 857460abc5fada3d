// The evaluation panel: it shows a workspace's evaluation choices and turns
// each change into the WorkspaceEvaluation the core expands.
#include "ui/evaluation_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTest>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "metrics/registry.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::ElementsAre;

namespace {

QListWidgetItem* family(EvaluationPanel& panel, const char* name) {
    auto items = panel.metricList()->findItems(QString::fromLatin1(name), Qt::MatchExactly);
    return items.isEmpty() ? nullptr : items.first();
}

WorkspaceEvaluation lastEmitted(const QSignalSpy& spy) { return spy.last()[0].value<WorkspaceEvaluation>(); }

} // namespace


TEST(EvaluationPanelTest, ListsEveryRegisteredFamily) {
    EvaluationPanel panel;
    ASSERT_EQ(std::size_t(panel.metricList()->count()), metricRecords().size());
    for (const MetricRecord* f : metricRecords()) EXPECT_TRUE(family(panel, std::string(f->id).c_str())) << f->id;
}

TEST(EvaluationPanelTest, ParameterWidgetsAreMadeFromEachFamilysDeclaredParameters) {
    EvaluationPanel panel;
    for (const MetricRecord* f : metricRecords()) {
        panel.selectFamily(QString::fromUtf8(f->id.data(), qsizetype(f->id.size())));
        for (const MetricParam& p : f->params) {
            QWidget* w = panel.parameterWidget(QString::fromUtf8(p.name.data(), qsizetype(p.name.size())));
            ASSERT_NE(w, nullptr) << f->id << " " << p.name;
            if (p.kind == ParamKind::Choice) {
                auto* box = qobject_cast<QComboBox*>(w);
                ASSERT_NE(box, nullptr) << f->id << " " << p.name;
                ASSERT_EQ(std::size_t(box->count()), p.choices.size());
                for (std::size_t i = 0; i < p.choices.size(); ++i)
                    EXPECT_EQ(box->itemData(int(i)).toString().toStdString(), p.choices[i].value);
                EXPECT_EQ(std::size_t(box->currentIndex()), p.defaultChoice);
            } else {
                EXPECT_TRUE(qobject_cast<QDoubleSpinBox*>(w) || qobject_cast<QSpinBox*>(w)) << f->id << " " << p.name;
            }
        }
    }
    panel.selectFamily("num_ret");  // takes no parameter
    EXPECT_EQ(panel.parameterWidget("rel"), nullptr);
}

TEST(EvaluationPanelTest, ShowsAWorkspacesChoicesAndGivesThemBack) {
    EvaluationPanel panel;
    WorkspaceEvaluation e;
    e.metrics = {"ndcg(gain=exp)", "ap(norm=min)", "recall(rel=2)", "rprec", "rr@all"};
    e.cutoffs = {5, 20};
    e.ties = TiePolicy::Trec;
    e.users = UsersPolicy::All;
    e.relevanceThreshold = 2;
    QSignalSpy spy(&panel, &EvaluationPanel::evaluationEdited);
    panel.setEvaluation(e);
    EXPECT_EQ(spy.size(), 0);  // showing is not editing
    EXPECT_EQ(panel.cutoffEdit()->text(), "5, 20");
    EXPECT_EQ(family(panel, "ndcg")->checkState(), Qt::Checked);
    EXPECT_EQ(family(panel, "hits")->checkState(), Qt::Unchecked);
    // Everything comes back as given, in the given order (rr@all, with its
    // own cutoff, is kept as written).
    EXPECT_EQ(panel.evaluation(), e);
}

TEST(EvaluationPanelTest, CheckingAFamilyAndChangingItsGainAreEdits) {
    EvaluationPanel panel;
    WorkspaceEvaluation e;
    e.metrics = {"ndcg"};
    panel.setEvaluation(e);
    QSignalSpy spy(&panel, &EvaluationPanel::evaluationEdited);

    family(panel, "hr")->setCheckState(Qt::Checked);
    ASSERT_EQ(spy.size(), 1);
    EXPECT_THAT(lastEmitted(spy).metrics, ElementsAre("ndcg", "hr"));  // added after the chosen ones

    panel.selectFamily("ndcg");
    auto* gain = qobject_cast<QComboBox*>(panel.parameterWidget("gain"));
    ASSERT_NE(gain, nullptr);
    EXPECT_EQ(panel.parameterWidget("norm"), nullptr);  // ndcg has no AP normalisation
    EXPECT_EQ(panel.parameterWidget("rel"), nullptr);   // nor a relevance threshold
    gain->setCurrentIndex(gain->findData(QStringLiteral("exp")));
    ASSERT_EQ(spy.size(), 2);
    EXPECT_THAT(lastEmitted(spy).metrics, ElementsAre("ndcg(gain=exp)", "hr"));

    panel.selectFamily("ap");  // unchecked: its parameters change without an edit
    auto* norm = qobject_cast<QComboBox*>(panel.parameterWidget("norm"));
    ASSERT_NE(norm, nullptr);
    norm->setCurrentIndex(norm->findData(QStringLiteral("min")));
    EXPECT_EQ(spy.size(), 2);
    auto* rel = qobject_cast<QDoubleSpinBox*>(panel.parameterWidget("rel"));
    ASSERT_NE(rel, nullptr);
    EXPECT_EQ(rel->value(), rel->minimum());  // unset: the evaluation's threshold
    rel->setValue(2);
    family(panel, "ap")->setCheckState(Qt::Checked);  // now it counts, with both parameters
    ASSERT_EQ(spy.size(), 3);
    EXPECT_THAT(lastEmitted(spy).metrics, ElementsAre("ndcg(gain=exp)", "hr", "ap(norm=min,rel=2)"));
}

TEST(EvaluationPanelTest, CutoffsAreEditedWhenTheyParse) {
    EvaluationPanel panel;
    QSignalSpy spy(&panel, &EvaluationPanel::evaluationEdited);
    panel.cutoffEdit()->setText(QStringLiteral("3, 30"));
    Q_EMIT panel.cutoffEdit()->editingFinished();
    ASSERT_EQ(spy.size(), 1);
    EXPECT_THAT(lastEmitted(spy).cutoffs, ElementsAre(3u, 30u));
    panel.cutoffEdit()->setText(QStringLiteral("3, ten"));
    Q_EMIT panel.cutoffEdit()->editingFinished();
    EXPECT_EQ(spy.size(), 1);  // not a list of positive integers: no edit
    EXPECT_THAT(panel.evaluation().cutoffs, ElementsAre(3u, 30u));
}

TEST(EvaluationPanelTest, PoliciesAndThresholdAreEdits) {
    EvaluationPanel panel;
    QSignalSpy spy(&panel, &EvaluationPanel::evaluationEdited);
    panel.tieBox()->setCurrentIndex(panel.tieBox()->findData(int(TiePolicy::Optimistic)));
    panel.usersBox()->setCurrentIndex(panel.usersBox()->findData(int(UsersPolicy::Trec)));
    panel.thresholdBox()->setValue(2);
    ASSERT_EQ(spy.size(), 3);
    const WorkspaceEvaluation e = lastEmitted(spy);
    EXPECT_EQ(e.ties, TiePolicy::Optimistic);
    EXPECT_EQ(e.users, UsersPolicy::Trec);
    EXPECT_EQ(e.relevanceThreshold, 2.0);
}

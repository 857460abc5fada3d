// The evaluation panel's profile box (docs/profiles.md): choosing a tool's
// definitions is one edit that carries the profile, the profile's ties and
// users show in their boxes (disabled while it decides them), a workspace's
// profile shows when loaded, and the evaluation it yields computes every
// metric as that tool does.
#include "ui/evaluation_panel.h"

#include <QComboBox>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include "eval/definition_profile.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

WorkspaceEvaluation lastEmitted(const QSignalSpy& spy) { return spy.last()[0].value<WorkspaceEvaluation>(); }

TEST(EvaluationProfileTest, ChoosingAProfileEmitsItAndShowsItsTiesAndUsers) {
    EvaluationPanel panel;
    WorkspaceEvaluation start;
    start.metrics = {"ndcg", "ap"};
    start.cutoffs = {10};
    panel.setEvaluation(start);
    QComboBox* box = panel.profileBox();
    ASSERT_EQ(box->count(), 8);  // None and the seven tools
    EXPECT_TRUE(box->itemData(0).toString().isEmpty());
    EXPECT_TRUE(panel.tieBox()->isEnabled());

    QSignalSpy spy(&panel, &EvaluationPanel::evaluationEdited);
    box->setCurrentIndex(box->findData(QStringLiteral("elliot")));
    ASSERT_EQ(spy.count(), 1);  // one edit, not one per box that follows
    const WorkspaceEvaluation e = lastEmitted(spy);
    EXPECT_EQ(e.profile, "elliot");
    EXPECT_EQ(e.ties, TiePolicy::Expected);
    EXPECT_EQ(e.users, UsersPolicy::Ranked);
    EXPECT_FALSE(panel.tieBox()->isEnabled());
    EXPECT_FALSE(panel.usersBox()->isEnabled());
    // What the workbench computes from it: Elliot's definitions.
    const EvalSettings s = toEvalSettings(e);
    ASSERT_EQ(s.metrics.size(), 2u);
    EXPECT_EQ(s.metrics[0].id(), "ndcg(gain=exp)@10");
    EXPECT_EQ(s.metrics[1].id(), "ap(norm=k)@10");

    box->setCurrentIndex(0);  // back to the panel's own choices
    EXPECT_TRUE(lastEmitted(spy).profile.empty());
    EXPECT_TRUE(panel.tieBox()->isEnabled());
}

TEST(EvaluationProfileTest, AWorkspacesProfileShowsWithoutAnEdit) {
    EvaluationPanel panel;
    QSignalSpy spy(&panel, &EvaluationPanel::evaluationEdited);
    WorkspaceEvaluation saved;
    saved.profile = "spark";
    saved.ties = TiePolicy::Input;
    saved.users = UsersPolicy::Trec;
    panel.setEvaluation(saved);
    EXPECT_EQ(spy.count(), 0);
    EXPECT_EQ(panel.profileBox()->currentData().toString(), QStringLiteral("spark"));
    EXPECT_EQ(panel.evaluation().profile, "spark");
    EXPECT_EQ(TiePolicy(panel.tieBox()->currentData().toInt()), TiePolicy::Input);
    EXPECT_FALSE(panel.usersBox()->isEnabled());
}

} // namespace

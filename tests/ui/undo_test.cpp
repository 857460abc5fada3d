// Edit → Undo and Redo of workspace edits made in the window: a rename in
// the models table and a cutoff typed in the evaluation panel are undone in
// reverse order and redone, each through the workbench (the evaluation
// follows), with the menu naming what it undoes.
#include <QAction>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "ui/data_panel.h"
#include "ui/evaluation_panel.h"
#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

QAction* action(MainWindow& window, const char* name) {
    return window.findChild<QAction*>(QString::fromLatin1(name));
}

} // namespace

TEST(UndoTest, EditsAreUndoneAndRedoneInOrderThroughTheWorkbench) {
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    QAction* undo = action(window, "undoAction");
    QAction* redo = action(window, "redoAction");
    ASSERT_TRUE(undo && redo);
    EXPECT_FALSE(undo->isEnabled());
    const std::string name = window.workspace().models.at(0).name;
    const std::vector<std::uint32_t> cutoffs = window.workspace().evaluation.cutoffs;

    ModelListModel* models = window.dataPanel()->modelList();
    ASSERT_TRUE(models->setData(models->index(0, ModelListModel::NameColumn), QStringLiteral("renamed"), Qt::EditRole));
    QLineEdit* cutoffEdit = window.evaluationPanel()->cutoffEdit();
    cutoffEdit->setText(QStringLiteral("3"));
    Q_EMIT cutoffEdit->editingFinished();
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    EXPECT_EQ(window.workspace().evaluation.cutoffs, std::vector<std::uint32_t>{3});
    EXPECT_EQ(window.undoStack()->count(), 2);
    EXPECT_EQ(undo->text().toStdString(), "&Undo Change Cutoffs");

    undo->trigger();
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    EXPECT_EQ(window.workspace().evaluation.cutoffs, cutoffs);
    QStringList shown;
    for (std::uint32_t k : cutoffs) shown << QString::number(k);
    EXPECT_EQ(cutoffEdit->text(), shown.join(QStringLiteral(", ")));  // the panel follows
    EXPECT_EQ(window.workspace().models.at(0).name, "renamed");
    EXPECT_EQ(undo->text().toStdString(), "&Undo Rename Model");
    undo->trigger();
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    EXPECT_EQ(window.workspace().models.at(0).name, name);
    EXPECT_FALSE(undo->isEnabled());
    // The evaluation shown is the one of the restored settings.
    ASSERT_TRUE(window.workbench()->evaluation());
    EXPECT_EQ(window.workbench()->evaluation()->settings.metrics.front().cutoff, cutoffs.front());

    redo->trigger();
    redo->trigger();
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    EXPECT_EQ(window.workspace().models.at(0).name, "renamed");
    EXPECT_EQ(window.workspace().evaluation.cutoffs, std::vector<std::uint32_t>{3});
    // Opening a workspace starts a new history.
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    EXPECT_EQ(window.undoStack()->count(), 0);
}

// The window end to end: panel edits reach the workbench and redo only what
// they must, the title marks unsaved changes, saving clears the mark, and a
// dropped workspace file opens.
#include <QDropEvent>
#include <QLineEdit>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ui/data_panel.h"
#include "ui/evaluation_panel.h"
#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui/summary/summary_view.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

} // namespace

TEST(WindowEditingTest, RenamingInTheModelTableMarksTheTitleAndReadsNothing) {
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    EXPECT_FALSE(window.isWindowModified());
    EXPECT_THAT(window.windowTitle().toStdString(), HasSubstr("example.ranklab[*]"));
    const auto dataset = window.dataset();

    ModelListModel* models = window.dataPanel()->modelList();
    ASSERT_TRUE(models->setData(models->index(1, ModelListModel::NameColumn), QStringLiteral("wide"), Qt::EditRole));
    EXPECT_TRUE(window.isWindowModified());
    EXPECT_EQ(window.workspace().models[1].name, "wide");
    EXPECT_FALSE(window.workbench()->jobs()->isBusy());  // nothing to read or evaluate
    EXPECT_EQ(window.dataset(), dataset);
    // The summary shows the new name at once.
    ASSERT_TRUE(window.summaryView()->result());
    EXPECT_EQ(window.summaryView()->result()->models[1].name, "wide");
}

TEST(WindowEditingTest, ACutoffTypedInThePanelReEvaluatesFromTheCache) {
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    const auto dataset = window.dataset();
    QLineEdit* cutoffs = window.evaluationPanel()->cutoffEdit();
    cutoffs->setText(QStringLiteral("5"));
    Q_EMIT cutoffs->editingFinished();
    EXPECT_EQ(window.workbench()->work(), Workbench::Work::Evaluate);
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    EXPECT_EQ(window.dataset(), dataset);
    const Evaluation& e = *window.workbench()->evaluation();
    ASSERT_EQ(e.metricCount(), 3u);  // ndcg, recall, ap at 5
    EXPECT_EQ(e.settings.metrics[0].id(), "ndcg@5");
    EXPECT_EQ(window.summaryView()->result()->evaluation.get(), &e);
}

TEST(WindowEditingTest, AddingAModelThroughThePanelReadsItAndSaveClearsTheMark) {
    QTemporaryDir dir;
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, test::foundationWorkspace()));
    window.dataPanel()->addFile(QStringLiteral(RANKLAB_TEST_DATA "/ui/toprank.run"), Role::Run,
                                FormatSpec::parse("trec"));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_EQ(window.dataset()->models.size(), 3u);
    // The loader names a repeated model "toprank (2)"; the workspace takes it.
    EXPECT_EQ(window.workspace().models[2].name, "toprank (2)");
    EXPECT_EQ(window.dataPanel()->modelList()->rowCount(), 3);
    EXPECT_TRUE(window.isWindowModified());

    const QString path = dir.filePath(QStringLiteral("three.ranklab"));
    ASSERT_TRUE(window.saveWorkspaceTo(path));
    EXPECT_FALSE(window.isWindowModified());
    EXPECT_EQ(readWorkspaceFile(path.toStdString()), window.workspace());
    EXPECT_THAT(window.windowTitle().toStdString(), HasSubstr("three.ranklab"));
}

TEST(WindowEditingTest, RemovingAModelKeepsTheOthersColours) {
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    window.dataPanel()->selectModel(0);
    window.dataPanel()->removeCurrent();
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_EQ(window.workspace().models.size(), 2u);
    EXPECT_EQ(window.workspace().models[0].name, "broad");
    EXPECT_EQ(window.workspace().models[0].color, "#ff7f0e");  // as in example.ranklab
    EXPECT_EQ(window.workbench()->evaluation()->models.size(), 2u);
}

TEST(WindowEditingTest, ADroppedWorkspaceFileOpens) {
    MainWindow window;
    window.show();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(test::foundationWorkspace())});
    QSignalSpy loaded(&window, &MainWindow::workspaceLoaded);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !loaded.isEmpty(); }, test::kWaitMs));
    EXPECT_EQ(window.workspacePath(), test::foundationWorkspace());
}

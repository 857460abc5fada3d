// The model list shows the format reading detected (not "auto"), and files
// dropped on the window: a plain run is added as a model at once, a qrels
// (or anything ambiguous) opens the import dialog.
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>

#include <gtest/gtest.h>

#include "ui/data_panel.h"
#include "ui/import_dialog.h"
#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

void drop(MainWindow& window, const QString& file) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    ASSERT_TRUE(enter.isAccepted());
    QDropEvent event(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &event);
}

// Rejects every import dialog that opens while it lives, counting them.
class DialogWatcher {
public:
    DialogWatcher() {
        timer_.setInterval(20);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            if (auto* dialog = qobject_cast<ImportDialog*>(QApplication::activeModalWidget())) {
                ++seen_;
                dialog->reject();
            }
        });
        timer_.start();
    }
    int seen() const { return seen_; }

private:
    QTimer timer_;
    int seen_ = 0;
};

QString copyExample(const QTemporaryDir& dir, const QString& name, const QString& as) {
    const QString to = dir.filePath(as);
    QFile::copy(QStringLiteral(RANKLAB_EXAMPLES "/") + name, to);
    return to;
}

} // namespace

TEST(DetectedFormatTest, AnAutoModelShowsAutoUntilReadThenWhatWasDetected) {
    ModelListModel model;
    WorkspaceModel m;
    m.name = "bm25";
    m.path = "/data/bm25.run";
    model.setModels({m});
    const QModelIndex format = model.index(0, ModelListModel::FormatColumn);
    EXPECT_EQ(model.data(format).toString(), QStringLiteral("auto"));
    model.setDetected({{"/data/bm25.run", "auto", "trec", "TREC run", std::nullopt}});
    EXPECT_EQ(model.data(format).toString(), QStringLiteral("trec"));
    EXPECT_EQ(model.data(format, Qt::ToolTipRole).toString(), QStringLiteral("read as: TREC run\nasked: auto"));
    // A format asked for explicitly is shown as asked.
    m.format = FormatSpec::parse("tsv,header,user=uid");
    model.setModels({m});
    model.setDetected({{"/data/bm25.run", "tsv,header,user=uid", "tsv", "TSV with header", std::nullopt}});
    EXPECT_EQ(model.data(format).toString(), QStringLiteral("tsv,header,user=uid"));
}

TEST(DetectedFormatTest, TheWindowsModelListShowsTheDetectedFormatOfEachModel) {
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    ModelListModel* models = window.dataPanel()->modelList();
    ASSERT_GT(models->rowCount(), 0);
    for (int row = 0; row < models->rowCount(); ++row) {
        EXPECT_EQ(window.workspace().models[std::size_t(row)].format.kind, FormatKind::Auto);
        EXPECT_EQ(models->data(models->index(row, ModelListModel::FormatColumn)).toString(), QStringLiteral("trec"));
    }
}

TEST(DropFilesTest, ADroppedRunIsAddedAsAModelWithoutAsking) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    QTemporaryDir dir;
    const QString run = copyExample(dir, QStringLiteral("broad.run"), QStringLiteral("dropped.run"));
    const std::size_t before = window.workspace().models.size();
    DialogWatcher dialogs;
    drop(window, run);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.workspace().models.size() == before + 1; }, test::kWaitMs));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    EXPECT_EQ(dialogs.seen(), 0);
    EXPECT_EQ(window.workspace().models.back().path, QFileInfo(run).absoluteFilePath().toStdString());
    ModelListModel* models = window.dataPanel()->modelList();
    EXPECT_EQ(models->data(models->index(models->rowCount() - 1, ModelListModel::FormatColumn)).toString(),
              QStringLiteral("trec"));
    ASSERT_TRUE(window.dataset());
    EXPECT_EQ(window.dataset()->models.size(), before + 1);
}

TEST(DropFilesTest, ADroppedQrelsOpensTheImportDialogInsteadOfBecomingAModel) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    QTemporaryDir dir;
    const QString qrels = copyExample(dir, QStringLiteral("qrels.txt"), QStringLiteral("other-qrels.txt"));
    const Workspace before = window.workspace();
    DialogWatcher dialogs;
    drop(window, qrels);
    EXPECT_EQ(dialogs.seen(), 1);  // asked (and rejected): nothing changes
    EXPECT_TRUE(window.workspace() == before);
}

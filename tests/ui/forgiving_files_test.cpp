// Forgiving files: missing files open marked and can be located, each file
// can skip bad lines and choose its duplicate policy, the dialogs offer the
// usual extensions, several models are added at once, adding or removing a
// model reads and ranks only that model, and errors name the file at fault.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ui/data_panel.h"
#include "ui/import_dialog.h"
#include "ui/loaded_files_panel.h"
#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// The foundation workspace's files copied into a folder of their own.
struct Copy {
    QTemporaryDir dir;
    Copy() {
        for (const char* name : {"qrels.txt", "toprank.run", "bm25.run", "bad.run", "train.tsv", "groups.tsv",
                                 "foundation.ranklab"})
            QFile::copy(QStringLiteral(RANKLAB_TEST_DATA "/ui/%1").arg(QLatin1String(name)), path(name));
    }
    QString path(const char* name) const { return dir.filePath(QLatin1String(name)); }
};

// Accepts every import dialog that opens until `count` were accepted.
void acceptDialogs(int count) {
    auto left = std::make_shared<int>(count);
    auto* timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, left] {
        if (auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
            d->accept();
            if (--*left == 0) timer->deleteLater();
        }
    });
    timer->start();
}

} // namespace

TEST(ForgivingFilesTest, AMissingModelOpensMarkedAndLocateRepointsIt) {
    Copy copy;
    QDir().mkpath(copy.dir.filePath("elsewhere"));
    ASSERT_TRUE(QFile::rename(copy.path("bm25.run"), copy.dir.filePath("elsewhere/bm25.run")));
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, copy.path("foundation.ranklab")));
    ASSERT_EQ(window.workspace().models.size(), 2u);  // kept in the workspace
    ASSERT_TRUE(window.dataset());
    ASSERT_EQ(window.dataset()->models.size(), 1u);  // left out of the load
    EXPECT_THAT(window.workbench()->datasetModels(), ElementsAre(0u));
    EXPECT_EQ(window.workbench()->result()->models.size(), 1);
    EXPECT_THAT(window.statusLabel()->text().toStdString(), HasSubstr("missing"));

    DataPanel* panel = window.dataPanel();
    EXPECT_FALSE(panel->modelList()->isMissing(0));
    ASSERT_TRUE(panel->modelList()->isMissing(1));
    EXPECT_THAT(panel->modelList()->index(1, ModelListModel::FileColumn).data().toString().toStdString(),
                HasSubstr("missing"));
    panel->selectModel(1);
    EXPECT_TRUE(panel->locateModelButton()->isEnabled());
    panel->selectModel(0);
    EXPECT_FALSE(panel->locateModelButton()->isEnabled());

    panel->selectModel(1);
    panel->locateFile(Role::Run, copy.dir.filePath("elsewhere/bm25.run"));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_EQ(window.dataset()->models.size(), 2u);
    EXPECT_TRUE(window.workbench()->lastLoadWasIncremental());  // toprank was not read again
    EXPECT_FALSE(panel->modelList()->isMissing(1));
    EXPECT_EQ(window.workspace().models[1].format.toString(), "trec");  // its format stays
    EXPECT_TRUE(window.isWindowModified());
}

TEST(ForgivingFilesTest, AMissingGroundTruthOpensWithLocate) {
    Copy copy;
    ASSERT_TRUE(QFile::rename(copy.path("qrels.txt"), copy.dir.filePath("judged.txt")));
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, copy.path("foundation.ranklab")));
    EXPECT_FALSE(window.dataset());
    DataPanel* panel = window.dataPanel();
    EXPECT_THAT(panel->fileLabel(Role::Judgments)->text().toStdString(), HasSubstr("missing"));
    EXPECT_EQ(panel->chooseButton(Role::Judgments)->text(), QStringLiteral("Locate…"));
    EXPECT_TRUE(panel->isMissing(Role::Judgments));

    panel->locateFile(Role::Judgments, copy.dir.filePath("judged.txt"));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_TRUE(window.dataset());
    EXPECT_EQ(window.dataset()->models.size(), 2u);
    EXPECT_EQ(panel->chooseButton(Role::Judgments)->text(), QStringLiteral("Choose…"));
}

TEST(ForgivingFilesTest, TheImportDialogSetsTheFilesReadingAndTheSkippedLinesShowAfterLoading) {
    ImportDialog dialog(QStringLiteral(RANKLAB_TEST_DATA "/ui/bad.run"), Role::Run, {}, false);
    EXPECT_EQ(dialog.reading(), WorkspaceSettings{});
    dialog.skipBadLinesBox()->setChecked(true);
    dialog.duplicatesBox()->setCurrentIndex(dialog.duplicatesBox()->findData(int(DuplicatePolicy::Max)));
    const WorkspaceSettings reading = dialog.reading();
    EXPECT_EQ(reading, (WorkspaceSettings{true, DuplicatePolicy::Max}));

    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::foundationWorkspace()));
    window.dataPanel()->addFile(QStringLiteral(RANKLAB_TEST_DATA "/ui/bad.run"), Role::Run, dialog.format(), reading);
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_EQ(window.dataset()->models.size(), 3u);
    EXPECT_EQ(window.workspace().models[2].reading, reading);  // saved with the file
    EXPECT_EQ(window.dataset()->models[2].report.skippedLines, 1u);
    QLabel* skipped = window.loadedFilesPanel()->skippedLabel();
    EXPECT_FALSE(skipped->isHidden());
    const std::string text = skipped->text().toStdString();
    EXPECT_THAT(text, HasSubstr("bad.run"));
    EXPECT_THAT(text, HasSubstr("line 3"));
    EXPECT_THAT(text, HasSubstr("high"));
    EXPECT_THAT(window.statusLabel()->text().toStdString(), HasSubstr("1 bad line skipped"));
    // The other files still stop at a bad line: the workspace default is unchanged.
    EXPECT_FALSE(window.workspace().settings.skipBadLines);
}

TEST(ForgivingFilesTest, TheFileDialogsOfferTrecRunQrelsAndCompressedFiles) {
    const QString filter = DataPanel::fileFilter();
    for (const char* pattern : {"*.trec", "*.run", "*.qrels", "*.gz", "*.zst", "*.parquet", "*.npy", "*.npz", "*.jsonl",
                                "All files (*)"})
        EXPECT_TRUE(filter.contains(QLatin1String(pattern))) << pattern;
}

TEST(ForgivingFilesTest, SeveralModelsAreAddedInOneEditAndOnlyTheyAreRead) {
    MainWindow window;
    test::CountingLoader counting;
    window.workbench()->setLoader(counting.loader());
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::foundationWorkspace()));
    ASSERT_EQ(*counting.calls, 1);
    QSignalSpy edits(window.dataPanel(), &DataPanel::workspaceEdited);
    acceptDialogs(2);
    window.dataPanel()->addModels({QStringLiteral(RANKLAB_TEST_DATA "/ui/toprank.run"),
                                   QStringLiteral(RANKLAB_TEST_DATA "/ui/bm25.run")});
    EXPECT_EQ(edits.size(), 1);
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_EQ(window.dataset()->models.size(), 4u);
    EXPECT_EQ(*counting.calls, 1);  // the full loader was not called again
    EXPECT_TRUE(window.workbench()->lastLoadWasIncremental());
    EXPECT_EQ(window.workspace().models[2].name, "toprank (2)");
}

TEST(ForgivingFilesTest, AddingOrRemovingAModelRanksOnlyThatModel) {
    Workbench bench;
    test::CountingLoader counting;
    bench.setLoader(counting.loader());
    ASSERT_TRUE(test::openSettled(bench, test::foundationWorkspace()));
    ASSERT_TRUE(bench.result() && bench.result()->cache);
    const auto cache = bench.result()->cache;
    const EvalSettings settings = toEvalSettings(bench.workspace().evaluation);
    auto rankedOf = [&](std::size_t m) {
        return cache->get(*bench.dataset(), m, settings.ties, settings.useExclusions, settings.parallelism);
    };
    const auto toprank = rankedOf(0), bm25 = rankedOf(1);
    const std::size_t computed = cache->rankingsComputed();
    const auto firstData = bench.dataset();

    Workspace next = bench.workspace();
    WorkspaceModel added;
    added.path = RANKLAB_TEST_DATA "/ui/toprank.run";
    added.name = "again";
    next.models.push_back(added);
    bench.edit(next);
    ASSERT_TRUE(test::waitIdle(bench));
    EXPECT_EQ(*counting.calls, 1);
    ASSERT_EQ(bench.dataset()->models.size(), 3u);
    EXPECT_EQ(bench.result()->cache, cache);  // the same cache
    EXPECT_EQ(rankedOf(0), toprank);          // the same rankings
    EXPECT_EQ(rankedOf(1), bm25);
    EXPECT_EQ(cache->rankingsComputed(), computed + 1);  // the new model only
    // The kept models' data is shared, not copied or read.
    EXPECT_EQ(bench.dataset()->models[0].run.identity(), firstData->models[0].run.identity());

    // The numbers are those of reading the three files afresh.
    const Dataset fresh = loadDataset(toSources(bench.workspace()), toReadOptions(bench.workspace()));
    RankCache freshCache;
    const Evaluation expected = evaluate(fresh, settings, freshCache);
    ASSERT_EQ(bench.evaluation()->users, expected.users);
    for (std::size_t m = 0; m < 3; ++m) EXPECT_EQ(bench.evaluation()->models[m].perUser, expected.models[m].perUser);

    next = bench.workspace();
    next.models.erase(next.models.begin());  // remove toprank
    bench.edit(next);
    ASSERT_TRUE(test::waitIdle(bench));
    EXPECT_EQ(*counting.calls, 1);
    ASSERT_EQ(bench.dataset()->models.size(), 2u);
    EXPECT_EQ(rankedOf(0), bm25);
    EXPECT_EQ(cache->rankingsComputed(), computed + 1);  // nothing ranked
}

TEST(ForgivingFilesTest, AnErrorInAnAddedModelNamesThatFileNotTheWorkspace) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::foundationWorkspace()));
    window.dataPanel()->addFile(QStringLiteral(RANKLAB_TEST_DATA "/ui/bad.run"), Role::Run, {});
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("loadErrorDialog"));
    ASSERT_TRUE(box);
    EXPECT_THAT(box->text().toStdString(), HasSubstr("Could not read bad.run"));
    EXPECT_THAT(box->text().toStdString(), Not(HasSubstr(".ranklab")));
    EXPECT_THAT(window.statusLabel()->text().toStdString(), HasSubstr("bad.run"));
    EXPECT_THAT(window.statusLabel()->text().toStdString(), Not(HasSubstr(".ranklab")));
    box->close();
    EXPECT_EQ(window.dataset()->models.size(), 2u);
}

TEST(ForgivingFilesTest, AWorkspaceMovedAloneFindsItsFilesFromItsOldFolder) {
    Copy copy;
    QDir().mkpath(copy.dir.filePath("study/deeper"));
    {
        Workbench bench;
        ASSERT_TRUE(test::openSettled(bench, copy.path("foundation.ranklab")));
        ASSERT_TRUE(bench.save(copy.dir.filePath("study/ws.ranklab")));  // "../qrels.txt" and so on
    }
    // The workspace file alone moves one folder deeper: its relative paths
    // now point into study/, where nothing is.
    ASSERT_TRUE(QFile::rename(copy.dir.filePath("study/ws.ranklab"), copy.dir.filePath("study/deeper/ws.ranklab")));
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, copy.dir.filePath("study/deeper/ws.ranklab")));
    ASSERT_TRUE(window.dataset());
    EXPECT_EQ(window.dataset()->models.size(), 2u);
    EXPECT_EQ(window.workbench()->readNotes().relocated.size(), 5u);  // truth, two models, exclusions, cohorts
    EXPECT_TRUE(window.workbench()->readNotes().missing.empty());
    EXPECT_EQ(QString::fromStdString(window.workspace().groundTruth.path), copy.path("qrels.txt"));
    EXPECT_THAT(window.statusLabel()->text().toStdString(), HasSubstr("found by the folder search"));
}

// The import dialog: it shows the first lines, what the file reads as, and
// takes a column mapping that the core then reads the file with.
#include "ui/import_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>

#include <sys/stat.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "io/readers.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return path;
}

bool okEnabled(const ImportDialog& dialog) {
    return dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled();
}

// Four columns, no header: user, item, a rank and the score last.
const QByteArray kFourColumns = "u1\ti1\t1\t0.9\nu1\ti2\t2\t0.4\nu2\ti1\t1\t0.7\n";

} // namespace

TEST(ImportDialogTest, DetectsATrecRunAndPreviewsItsFirstLines) {
    ImportDialog dialog(QStringLiteral(RANKLAB_TEST_DATA "/ui/toprank.run"), Role::Run, {}, false);
    EXPECT_EQ(dialog.detected(), "TREC run");
    EXPECT_TRUE(dialog.problem().isEmpty());
    EXPECT_TRUE(dialog.previewText()->toPlainText().startsWith("u1 Q0 i1 1 0.9 toprank"));
    // TREC run columns: query, Q0, doc, rank, score, tag.
    QTableWidget* table = dialog.previewTable();
    ASSERT_EQ(table->columnCount(), 6);
    EXPECT_TRUE(table->horizontalHeaderItem(0)->text().startsWith("user"));
    EXPECT_TRUE(table->horizontalHeaderItem(2)->text().startsWith("item"));
    EXPECT_TRUE(table->horizontalHeaderItem(4)->text().startsWith("score"));
    EXPECT_EQ(table->item(0, 4)->text(), "0.9");
    EXPECT_TRUE(okEnabled(dialog));
}

TEST(ImportDialogTest, AColumnMappingIsTheFormatSpecTheCoreReadsWith) {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "scores.tsv", kFourColumns);
    ImportDialog dialog(path, Role::Run, {}, false);
    dialog.setFormat(FormatSpec::parse("tsv,noheader,user=0,item=1,score=3"));
    EXPECT_EQ(dialog.format(), FormatSpec::parse("tsv,noheader,user=0,item=1,score=3"));
    EXPECT_EQ(dialog.detected(), "TSV without header (user=0, item=1, score=3)");
    EXPECT_TRUE(dialog.previewTable()->horizontalHeaderItem(3)->text().startsWith("score"));
    EXPECT_TRUE(dialog.previewTable()->horizontalHeaderItem(2)->text().startsWith("(unused)"));

    // The core reads the file with that spec: u1's i1 scores 0.9 (line 1).
    IdSpace ids;
    ReadOptions options;
    options.format = dialog.format();
    auto loaded = readRun(path.toStdString(), ids, options);
    EXPECT_EQ(loaded.report.records, 3u);
}

TEST(ImportDialogTest, AMappingTheFileCannotHoldDisablesOk) {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "scores.tsv", kFourColumns);
    ImportDialog dialog(path, Role::Run, FormatSpec::parse("tsv,noheader,user=0,item=1,score=9"), false);
    EXPECT_TRUE(dialog.detected().isEmpty());
    EXPECT_FALSE(dialog.problem().isEmpty());
    EXPECT_FALSE(okEnabled(dialog));
    dialog.setFormat(FormatSpec::parse("tsv,noheader,user=0,item=1,score=3"));
    EXPECT_TRUE(okEnabled(dialog));
}

TEST(ImportDialogTest, ADroppedFileCanBeGivenItsRole) {
    ImportDialog dialog(QStringLiteral(RANKLAB_TEST_DATA "/ui/qrels.txt"), Role::Run, {}, true);
    dialog.setRole(Role::Judgments);
    EXPECT_EQ(dialog.role(), Role::Judgments);
    EXPECT_EQ(dialog.detected(), "TREC qrels");
}

TEST(ImportDialogTest, AMissingFileSaysSo) {
    ImportDialog dialog(QStringLiteral("/nonexistent/file.run"), Role::Run, {}, false);
    EXPECT_THAT(dialog.problem().toStdString(), HasSubstr("/nonexistent/file.run"));
    EXPECT_FALSE(okEnabled(dialog));
}

TEST(ImportDialogTest, AFifoIsRefusedWithoutBeingOpened) {
    // Opening a FIFO for reading waits for a writer, and reading it for the
    // preview would take the lines the load needs: refused at once instead.
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("run.fifo"));
    ASSERT_EQ(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    ImportDialog dialog(fifo, Role::Run, {}, false);
    EXPECT_EQ(dialog.problem().toStdString(),
              fifo.toStdString() + ": a pipe, FIFO or device can be read only once, so the workbench cannot preview "
                                   "and then load it; save it to a file first (ranklab-cli reads pipes directly)");
    EXPECT_FALSE(okEnabled(dialog));
}

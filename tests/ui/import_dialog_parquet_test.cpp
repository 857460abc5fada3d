// The import dialog on a Parquet input: it opens on the Parquet format,
// shows the parts, rows, column types and first rows, maps the columns by
// index (or the list layout by name), says why a mapping does not read, and
// the format it gives reads the file.
#include "ui/import_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/io/parquet_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

bool okEnabled(const ImportDialog& dialog) {
    return dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled();
}

} // namespace

TEST(ImportDialogParquetTest, ALongTableShowsItsColumnsAndMapsThemByIndex) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    QTemporaryDir dir;
    const std::string file = dir.filePath(QStringLiteral("preds.parquet")).toStdString();
    test::writeParquet("SELECT * FROM (VALUES ('u1', 'a', 0.5), ('u1', 'b', 0.25), ('u2', 'a', 1.0)) AS t(uid, iid, pred)",
                       file);
    ImportDialog dialog(QString::fromStdString(file), Role::Run, {}, true);
    EXPECT_EQ(dialog.format().kind, FormatKind::Parquet);
    EXPECT_THAT(dialog.previewText()->toPlainText().toStdString(), HasSubstr("Parquet"));
    QTableWidget* table = dialog.previewTable();
    ASSERT_EQ(table->columnCount(), 3);
    ASSERT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->horizontalHeaderItem(0)->text(), QStringLiteral("0: uid VARCHAR"));
    EXPECT_EQ(table->item(2, 0)->text(), QStringLiteral("u2"));
    // The default names (user, item, score) are not there: the reason, OK off.
    EXPECT_THAT(dialog.problem().toStdString(), HasSubstr("no column \"user\""));
    EXPECT_FALSE(okEnabled(dialog));
    // Mapped by index: it reads.
    for (auto [name, index] : {std::pair{"userColumn", 0}, {"itemColumn", 1}, {"valueColumn", 2}}) {
        auto* box = dialog.findChild<QSpinBox*>(QString::fromLatin1(name));
        ASSERT_NE(box, nullptr) << name;
        box->setValue(index);
    }
    EXPECT_TRUE(dialog.problem().isEmpty()) << dialog.problem().toStdString();
    EXPECT_THAT(dialog.detected().toStdString(), HasSubstr("Parquet (user=uid, item=iid, score=pred)"));
    EXPECT_THAT(dialog.detected().toStdString(), HasSubstr("1 part, 3 rows"));
    EXPECT_TRUE(okEnabled(dialog));
    IdSpace ids;
    ReadOptions options;
    options.format = dialog.format();
    EXPECT_EQ(readRun(file, ids, options).run.size(), 3u);
    // A picture of the dialog for the README, when asked for.
    if (const QByteArray shots = qgetenv("RANKLAB_SCREENSHOT_DIR"); !shots.isEmpty()) {
        dialog.show();
        dialog.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/import-parquet.png"));
    }
}

TEST(ImportDialogParquetTest, ListColumnsAreNamedInTheParquetRow) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    QTemporaryDir dir;
    const std::string file = dir.filePath(QStringLiteral("lists.parquet")).toStdString();
    test::writeParquet("SELECT 'u1' AS user, ['a', 'b'] AS recs, [0.9, 0.1] AS s", file);
    ImportDialog dialog(QString::fromStdString(file), Role::Run, {}, true);
    auto* items = dialog.findChild<QLineEdit*>(QStringLiteral("parquetItems"));
    auto* scores = dialog.findChild<QLineEdit*>(QStringLiteral("parquetScores"));
    ASSERT_TRUE(items && scores);
    items->setText(QStringLiteral("recs"));
    scores->setText(QStringLiteral("s"));
    Q_EMIT scores->editingFinished();
    EXPECT_TRUE(dialog.problem().isEmpty()) << dialog.problem().toStdString();
    EXPECT_THAT(dialog.detected().toStdString(), HasSubstr("Parquet lists (user=user, items=recs, scores=s)"));
    EXPECT_EQ(dialog.format().toString(), "parquet,items=recs,scores=s");
    IdSpace ids;
    ReadOptions options;
    options.format = dialog.format();
    EXPECT_EQ(readRun(file, ids, options).run.size(), 2u);
}

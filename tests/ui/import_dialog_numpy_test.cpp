// The import dialog on numpy files: it shows the array's dtype, shape and
// order and its top-left corner, takes the vocabularies and top-k options,
// and says why a mapping does not read (a vocabulary of the wrong length).
#include "ui/import_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/io/npy_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

QString writeBytes(const QTemporaryDir& dir, const QString& name, const std::string& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(bytes.data(), qint64(bytes.size()));
    return path;
}

bool okEnabled(const ImportDialog& dialog) {
    return dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled();
}

void setText(ImportDialog& dialog, const char* name, const QString& text) {
    auto* edit = dialog.findChild<QLineEdit*>(QString::fromLatin1(name));
    ASSERT_NE(edit, nullptr);
    edit->setText(text);
    Q_EMIT edit->editingFinished();
}

} // namespace

TEST(ImportDialogNumpyTest, ADenseMatrixShowsItsShapeDtypeOrderAndCorner) {
    QTemporaryDir dir;
    const test::NpyMatrix m{2, 3, {0.5, 1.5, -2, 3, 4, 5}};
    const QString path = writeBytes(dir, "scores.npy", test::npyBytes(m, ">f8", true));
    ImportDialog dialog(path, Role::Run, {}, true);
    EXPECT_TRUE(dialog.problem().isEmpty()) << dialog.problem().toStdString();
    EXPECT_EQ(dialog.detected(), "npy float64 (2, 3), Fortran order, big-endian dense matrix");
    EXPECT_EQ(dialog.format().kind, FormatKind::Npy);
    QTableWidget* table = dialog.previewTable();
    ASSERT_EQ(table->columnCount(), 4);
    ASSERT_EQ(table->rowCount(), 2);
    EXPECT_EQ(table->horizontalHeaderItem(0)->text(), "user");
    EXPECT_EQ(table->item(1, 0)->text(), "1");
    EXPECT_EQ(table->item(0, 3)->text(), "-2");
    EXPECT_EQ(table->item(1, 1)->text(), "3");
    EXPECT_TRUE(okEnabled(dialog));

    // Vocabularies name the rows and columns; the format carries them.
    const QString users = writeBytes(dir, "users.txt", "alice\nbob\n");
    const QString items = writeBytes(dir, "items.txt", "x\ny\nz\n");
    setText(dialog, "numpyUsers", users);
    setText(dialog, "numpyItems", items);
    EXPECT_THAT(dialog.detected().toStdString(), HasSubstr("2 users named; 3 items named"));
    EXPECT_EQ(table->horizontalHeaderItem(3)->text(), "z");
    EXPECT_EQ(table->item(1, 0)->text(), "bob");
    EXPECT_EQ(dialog.format().toString(), "npy,users=" + users.toStdString() + ",items=" + items.toStdString());
    // The format the dialog gives reads the file.
    IdSpace ids;
    ReadOptions options;
    options.format = dialog.format();
    EXPECT_EQ(readRun(path.toStdString(), ids, options).run.size(), 6u);

    // A vocabulary of the wrong length: the reason, and OK disabled.
    setText(dialog, "numpyItems", writeBytes(dir, "short.txt", "x\ny\n"));
    EXPECT_THAT(dialog.problem().toStdString(), HasSubstr("2 lines; expected 3"));
    EXPECT_FALSE(okEnabled(dialog));
}

TEST(ImportDialogNumpyTest, TopkIndicesShowRanksItemsAndScoresWithPadding) {
    QTemporaryDir dir;
    const QString path = writeBytes(dir, "topk.npy", test::npyBytes({2, 2, {2, 0, 1, 0}}, "<i8"));
    const QString scores = writeBytes(dir, "s.npy", test::npyBytes({2, 2, {0.5, 0.25, 0.75, 0}}, "<f4"));
    const QString items = writeBytes(dir, "items.txt", "[PAD]\na\nb\n");
    ImportDialog dialog(path, Role::Run, {}, true);
    auto* kind = dialog.findChildren<QComboBox*>().at(1);
    kind->setCurrentIndex(kind->findText("numpy top-k item indices (.npy)"));
    EXPECT_EQ(dialog.format().kind, FormatKind::NpyTopk);
    setText(dialog, "numpyItems", items);
    setText(dialog, "numpyScores", scores);
    dialog.findChild<QSpinBox*>(QStringLiteral("numpyPad"))->setValue(0);
    EXPECT_TRUE(dialog.problem().isEmpty()) << dialog.problem().toStdString();
    EXPECT_EQ(dialog.detected(),
              "npy-topk int64 (2, 2), C order top-k item indices; scores float32 (2, 2), C order; 3 items named; "
              "pad=0 dropped");
    QTableWidget* table = dialog.previewTable();
    EXPECT_EQ(table->horizontalHeaderItem(1)->text(), "rank 1");
    EXPECT_EQ(table->item(0, 1)->text(), "b (0.5)");
    EXPECT_EQ(table->item(1, 2)->text(), "(pad) (0)");
    EXPECT_EQ(dialog.format().toString(), "npy-topk,items=" + items.toStdString() + ",scores=" +
                                              scores.toStdString() + ",pad=0");
}

#include "ui/loaded_files_model.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QLoggingCategory>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ui/model_colors.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

using test::TesterMessages;

} // namespace

TEST(LoadedFilesModelTest, PassesTheItemModelTesterThroughResetsAndClear) {
    TesterMessages messages;
    LoadedFilesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setDataset(std::make_shared<const Dataset>(test::loadWithCore(test::foundationWorkspace())));
    model.setDataset(std::make_shared<const Dataset>(test::loadWithCore(test::foundationWorkspace())), {Qt::red});
    model.clear();
    EXPECT_TRUE(TesterMessages::messages().isEmpty()) << TesterMessages::messages().join('\n').toStdString();
}

TEST(LoadedFilesModelTest, EmptyModelHasNoRowsAndEveryColumn) {
    LoadedFilesModel model;
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(model.columnCount(), LoadedFilesModel::ColumnCount);
    EXPECT_EQ(model.headerData(LoadedFilesModel::SkippedColumn, Qt::Horizontal).toString(), "Skipped");
}

TEST(LoadedFilesModelTest, RowsShowWhatTheCoreLoaderReportsForEachFile) {
    auto data = std::make_shared<const Dataset>(test::loadWithCore(test::foundationWorkspace()));
    LoadedFilesModel model;
    model.setDataset(data);
    // Ground truth, two models, exclusions, cohorts: the five files of foundation.ranklab.
    ASSERT_EQ(model.rowCount(), 5);
    test::expectRow(model, 0, "Ground truth", "qrels.txt", data->judgmentsReport);
    test::expectRow(model, 1, "Model", "toprank", data->models[0].report);
    test::expectRow(model, 2, "Model", "bm25", data->models[1].report);
    test::expectRow(model, 3, "Training interactions", "train.tsv", *data->exclusionsReport);
    test::expectRow(model, 4, "Cohorts", "groups.tsv", *data->cohortsReport);
    EXPECT_EQ(model.reportAt(1), &data->models[0].report);
    EXPECT_EQ(model.reportAt(5), nullptr);
}

TEST(LoadedFilesModelTest, NumbersAreTheHandCountedSizesOfTheFixture) {
    LoadedFilesModel model;
    model.setDataset(std::make_shared<const Dataset>(test::loadWithCore(test::foundationWorkspace())));
    auto cell = [&](int row, int column) { return model.index(row, column).data(LoadedFilesModel::ValueRole); };
    // toprank.run: 10 lines, users u1-u4, items i1-i8 (i1 and i2 appear twice).
    EXPECT_EQ(cell(1, LoadedFilesModel::LinesColumn).toULongLong(), 10u);
    EXPECT_EQ(cell(1, LoadedFilesModel::UsersColumn).toULongLong(), 4u);
    EXPECT_EQ(cell(1, LoadedFilesModel::ItemsColumn).toULongLong(), 8u);
    // groups.tsv: 4 users in 2 groups ("new", "regular").
    EXPECT_EQ(cell(4, LoadedFilesModel::UsersColumn).toULongLong(), 4u);
    EXPECT_EQ(cell(4, LoadedFilesModel::ItemsColumn).toULongLong(), 2u);
}

TEST(LoadedFilesModelTest, ModelNamesShowTheWorkspaceColours) {
    Workspace ws = readWorkspaceFile(test::foundationWorkspace().toStdString());
    LoadedFilesModel model;
    model.setDataset(std::make_shared<const Dataset>(test::loadWithCore(test::foundationWorkspace())),
                     modelColors(ws));
    // foundation.ranklab gives toprank "#1f77b4" and bm25 "#ff7f0e".
    EXPECT_EQ(model.index(1, LoadedFilesModel::NameColumn).data(Qt::DecorationRole).value<QColor>(),
              QColor("#1f77b4"));
    EXPECT_EQ(model.index(2, LoadedFilesModel::NameColumn).data(Qt::DecorationRole).value<QColor>(),
              QColor("#ff7f0e"));
    EXPECT_FALSE(model.index(0, LoadedFilesModel::NameColumn).data(Qt::DecorationRole).isValid());
}

TEST(LoadedFilesModelTest, SkippedLinesAreCountedAndListedInTheToolTip) {
    Workspace ws = readWorkspaceFile(test::badRunWorkspace().toStdString());
    ws.settings.skipBadLines = true;
    auto data = std::make_shared<const Dataset>(loadDataset(toSources(ws), toReadOptions(ws)));
    LoadedFilesModel model;
    model.setDataset(data);
    // bad.run: three lines, the third with the score "high" is skipped.
    QModelIndex skipped = model.index(2, LoadedFilesModel::SkippedColumn);
    EXPECT_EQ(skipped.data(LoadedFilesModel::ValueRole).toULongLong(), 1u);
    EXPECT_EQ(model.index(2, LoadedFilesModel::EntriesColumn).data(LoadedFilesModel::ValueRole).toULongLong(), 2u);
    EXPECT_THAT(skipped.data(Qt::ToolTipRole).toString().toStdString(), HasSubstr("line 3"));
    EXPECT_THAT(skipped.data(Qt::ToolTipRole).toString().toStdString(), HasSubstr("high"));
    test::expectRow(model, 2, "Model", "broken", data->models[1].report);
}

// The data panel's model list: every edit keeps the item-model contract
// and changes exactly the workspace field it names.
#include "ui/model_list_model.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

#include "ui/model_colors.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using test::TesterMessages;

namespace {

std::vector<WorkspaceModel> threeModels() {
    return {{"a", "/d/a.run", {}, "#111111", true}, {"b", "/d/b.run", FormatSpec::parse("trec"), "", true},
            {"c", "/d/c.tsv", FormatSpec::parse("tsv,header"), "", false}};
}

std::vector<std::string> names(const ModelListModel& model) {
    std::vector<std::string> out;
    for (const WorkspaceModel& m : model.models()) out.push_back(m.name);
    return out;
}

} // namespace

TEST(ModelListModelTest, PassesTheItemModelTesterThroughEveryEdit) {
    TesterMessages messages;
    ModelListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setModels(threeModels());
    model.setName(1, "bee");
    model.setColor(2, Qt::red);
    model.setVisible(0, false);
    model.moveModel(0, +1);
    model.moveModel(2, -1);
    model.appendModel({"d", "/d/d.run", {}, "", true});
    model.removeModel(0);
    model.setModels({});
    model.setModels(threeModels());
    EXPECT_TRUE(TesterMessages::messages().isEmpty()) << TesterMessages::text();
}

TEST(ModelListModelTest, ShowsNameColourVisibilityFileAndFormat) {
    ModelListModel model;
    model.setModels(threeModels());
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.index(0, ModelListModel::NameColumn).data().toString(), "a");
    EXPECT_EQ(model.index(0, ModelListModel::NameColumn).data(Qt::DecorationRole).value<QColor>(), QColor("#111111"));
    // b has no colour of its own: the palette's second.
    EXPECT_EQ(model.index(1, ModelListModel::NameColumn).data(Qt::DecorationRole).value<QColor>(), paletteColor(1));
    EXPECT_EQ(model.index(2, ModelListModel::NameColumn).data(Qt::CheckStateRole).toInt(), Qt::Unchecked);
    // /d/c.tsv does not exist: shown as missing, the tooltip has the path.
    EXPECT_TRUE(model.isMissing(2));
    EXPECT_EQ(model.index(2, ModelListModel::FileColumn).data().toString(), "missing: c.tsv");
    EXPECT_TRUE(model.index(2, ModelListModel::FileColumn).data(Qt::ToolTipRole).toString().startsWith("/d/c.tsv"));
    EXPECT_EQ(model.index(2, ModelListModel::FormatColumn).data().toString(), "tsv,header");
    EXPECT_TRUE(model.flags(model.index(0, ModelListModel::NameColumn)) & Qt::ItemIsEditable);
    EXPECT_FALSE(model.flags(model.index(0, ModelListModel::FileColumn)) & Qt::ItemIsEditable);
}

TEST(ModelListModelTest, RenamingTrimsAndRejectsEmptyNamesOnly) {
    ModelListModel model;
    model.setModels(threeModels());
    QSignalSpy edited(&model, &ModelListModel::edited);
    EXPECT_TRUE(model.setData(model.index(0, 0), QStringLiteral("  alpha "), Qt::EditRole));
    EXPECT_FALSE(model.setData(model.index(1, 0), QStringLiteral(""), Qt::EditRole));
    EXPECT_EQ(names(model), (std::vector<std::string>{"alpha", "b", "c"}));
    EXPECT_EQ(edited.size(), 1);
    // A repeated name is taken: the rows become one model's runs.
    EXPECT_TRUE(model.setData(model.index(1, 0), QStringLiteral("alpha"), Qt::EditRole));
    EXPECT_EQ(names(model), (std::vector<std::string>{"alpha", "alpha", "c"}));
    EXPECT_EQ(edited.size(), 2);
}

TEST(ModelListModelTest, CheckBoxAndColourEditTheirFieldsOnly) {
    ModelListModel model;
    model.setModels(threeModels());
    ASSERT_TRUE(model.setData(model.index(2, 0), Qt::Checked, Qt::CheckStateRole));
    ASSERT_TRUE(model.setData(model.index(1, 0), QColor(0, 0x80, 0xff), Qt::DecorationRole));
    std::vector<WorkspaceModel> expected = threeModels();
    expected[2].visible = true;
    expected[1].color = "#0080ff";
    EXPECT_EQ(model.models(), expected);
}

TEST(ModelListModelTest, MovingAndRemovingKeepEachModelsColour) {
    ModelListModel model;
    model.setModels(threeModels());
    const QColor b = model.colorAt(1), c = model.colorAt(2);
    model.moveModel(1, -1);  // b a c
    EXPECT_EQ(names(model), (std::vector<std::string>{"b", "a", "c"}));
    EXPECT_EQ(model.colorAt(0), b);
    model.removeModel(0);  // a c
    EXPECT_EQ(names(model), (std::vector<std::string>{"a", "c"}));
    EXPECT_EQ(model.colorAt(1), c);  // not the palette's second
    model.moveModel(0, -1);          // already first: nothing
    model.moveModel(1, +1);          // already last: nothing
    EXPECT_EQ(names(model), (std::vector<std::string>{"a", "c"}));
}

TEST(ModelListModelTest, ANameAnotherRowHasMakesThemOneModelsRuns) {
    ModelListModel model;
    model.setModels(threeModels());
    EXPECT_FALSE(model.setName(1, QStringLiteral("  ")));
    ASSERT_TRUE(model.setName(1, QStringLiteral("a")));  // as row 0: run 2 of model a
    EXPECT_EQ(names(model), (std::vector<std::string>{"a", "a", "c"}));
    EXPECT_TRUE(model.index(0, ModelListModel::NameColumn).data(Qt::ToolTipRole).toString().contains(
        QStringLiteral("run 1 of 2 rows")));
    EXPECT_TRUE(model.index(1, ModelListModel::NameColumn).data(Qt::ToolTipRole).toString().contains(
        QStringLiteral("run 2 of 2 rows")));
    EXPECT_FALSE(model.index(2, ModelListModel::NameColumn).data(Qt::ToolTipRole).toString().contains(
        QStringLiteral("run ")));
}

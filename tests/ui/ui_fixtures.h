#pragma once
// The small workspaces under tests/data/ui and what the core makes of them.
#include <QString>

#include <gtest/gtest.h>

#include <string>

#include "data/dataset.h"
#include "io/dataset_loader.h"
#include "ui/loaded_files_model.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui::test {

// qrels.txt, toprank.run and bm25.run (TREC), train.tsv exclusions and
// groups.tsv cohorts.
inline QString foundationWorkspace() { return QStringLiteral(RANKLAB_TEST_DATA "/ui/foundation.ranklab"); }
// qrels.txt with toprank.run and bad.run, whose line 3 has the score "high".
inline QString badRunWorkspace() { return QStringLiteral(RANKLAB_TEST_DATA "/ui/bad_run.ranklab"); }

// What the core loader gives for a workspace file, without the UI.
inline Dataset loadWithCore(const QString& workspacePath) {
    Workspace ws = readWorkspaceFile(workspacePath.toStdString());
    return loadDataset(toSources(ws), toReadOptions(ws));
}

// Row `row` of `model` shows `report` as the core wrote it.
inline void expectRow(const LoadedFilesModel& model, int row, const char* role, const char* name,
                      const LoadReport& report) {
    SCOPED_TRACE("row " + std::to_string(row) + " (" + name + ")");
    auto text = [&](int column) { return model.index(row, column).data().toString().toStdString(); };
    auto number = [&](int column) {
        return model.index(row, column).data(LoadedFilesModel::ValueRole).toULongLong();
    };
    using M = LoadedFilesModel;
    EXPECT_EQ(text(M::RoleColumn), role);
    EXPECT_EQ(text(M::NameColumn), name);
    EXPECT_EQ(text(M::PathColumn), report.path);
    EXPECT_EQ(text(M::FormatColumn), report.format);
    EXPECT_EQ(text(M::CompressionColumn), compressionName(report.compression));
    EXPECT_EQ(number(M::LinesColumn), report.lines);
    EXPECT_EQ(number(M::EntriesColumn), report.records);
    EXPECT_EQ(number(M::UsersColumn), report.users);
    EXPECT_EQ(number(M::ItemsColumn), report.items);
    EXPECT_EQ(number(M::SkippedColumn), report.skippedLines);
    EXPECT_EQ(number(M::DuplicatesColumn), report.duplicatesDropped + report.identicalDuplicates);
    EXPECT_EQ(number(M::WarningsColumn), report.warnings.size());
}

} // namespace ranklab::ui::test

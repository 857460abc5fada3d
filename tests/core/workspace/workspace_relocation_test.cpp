// A workspace whose files or whose own file moved: files found by the folder
// search, the others listed as missing and left out of what can be loaded.
#include "workspace/workspace_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/workspace/workspace_folder_test.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace ranklab;
namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class WorkspaceRelocationTest : public ranklab::testing::WorkspaceFolderTest {
protected:
    std::string path(const std::string& name) const { return (dir_ / name).lexically_normal().string(); }
    std::string touch(const std::string& name) const {
        write(name, "u1 0 i1 1\n");
        return path(name);
    }
    void move(const std::string& from, const std::string& to) const {
        fs::create_directories((dir_ / to).parent_path());
        fs::rename(dir_ / from, dir_ / to);
    }

    // Ground truth and two models under data/, the workspace in study/.
    Workspace saved() const {
        Workspace ws;
        ws.groundTruth = {touch("data/qrels.txt"), {}};
        ws.models.push_back({"a", touch("data/a.run"), {}, "", true});
        ws.models.push_back({"b", touch("data/b.run"), {}, "", true});
        fs::create_directories(dir_ / "study");
        writeWorkspaceFile(ws, path("study/ws.ranklab"));
        return ws;
    }
};

} // namespace

TEST_F(WorkspaceRelocationTest, TheWorkspaceMovedAloneFindsItsFilesFromItsOldFolder) {
    saved();
    // The workspace alone moves one level deeper: "../data/a.run" now points
    // to study/data/a.run, which is not there; the old folder finds it.
    move("study/ws.ranklab", "study/deeper/ws.ranklab");
    WorkspaceReadNotes notes;
    Workspace ws = readWorkspaceFile(path("study/deeper/ws.ranklab"), &notes);
    EXPECT_EQ(ws.groundTruth.path, path("data/qrels.txt"));
    EXPECT_EQ(ws.models[0].path, path("data/a.run"));
    EXPECT_EQ(ws.models[1].path, path("data/b.run"));
    EXPECT_EQ(notes.relocated.size(), 3u);
    EXPECT_TRUE(notes.missing.empty());
    EXPECT_TRUE(missingFiles(ws).empty());
}

TEST_F(WorkspaceRelocationTest, FilesMovedBesideTheWorkspaceAreFoundByName) {
    saved();
    // Everything moves to one new folder, flattened.
    move("study/ws.ranklab", "new/ws.ranklab");
    move("data/qrels.txt", "new/qrels.txt");
    move("data/a.run", "new/a.run");
    WorkspaceReadNotes notes;
    Workspace ws = readWorkspaceFile(path("new/ws.ranklab"), &notes);
    EXPECT_EQ(ws.groundTruth.path, path("new/qrels.txt"));
    EXPECT_EQ(ws.models[0].path, path("new/a.run"));
    // b.run stayed in data/, where its relative path still points.
    EXPECT_EQ(ws.models[1].path, path("data/b.run"));
    EXPECT_TRUE(notes.missing.empty());
}

TEST_F(WorkspaceRelocationTest, AFileFoundNowhereKeepsItsPathAndIsListedAsMissing) {
    saved();
    fs::remove(dir_ / "data" / "b.run");
    WorkspaceReadNotes notes;
    Workspace ws = readWorkspaceFile(path("study/ws.ranklab"), &notes);
    EXPECT_EQ(ws.models[1].path, path("data/b.run"));
    EXPECT_THAT(notes.missing, ElementsAre(path("data/b.run")));
    EXPECT_THAT(missingFiles(ws), ElementsAre(path("data/b.run")));
    EXPECT_TRUE(notes.relocated.empty());
}

TEST_F(WorkspaceRelocationTest, WithoutTheOldFolderRecordedTheNameBesideTheWorkspaceIsTried) {
    touch("new/qrels.txt");
    std::ofstream(dir_ / "new" / "ws.ranklab")
        << R"({"ranklab_workspace": 1, "ground_truth": {"path": "../old/qrels.txt"}, "models": []})";
    WorkspaceReadNotes notes;
    Workspace ws = readWorkspaceFile(path("new/ws.ranklab"), &notes);
    EXPECT_EQ(ws.groundTruth.path, path("new/qrels.txt"));
    EXPECT_THAT(notes.relocated, ElementsAre(path("new/qrels.txt")));
}

TEST_F(WorkspaceRelocationTest, PresentFilesLeavesOutMissingModelsAndOptionalFiles) {
    Workspace ws = saved();
    ws.exclusions = WorkspaceFile{path("data/gone.tsv"), {}};
    ws.cohorts = WorkspaceFile{touch("data/groups.tsv"), {}};
    fs::remove(dir_ / "data" / "a.run");
    std::vector<std::size_t> kept;
    Workspace present = presentFiles(ws, &kept);
    ASSERT_EQ(present.models.size(), 1u);
    EXPECT_EQ(present.models[0].name, "b");
    EXPECT_THAT(kept, ElementsAre(1u));
    EXPECT_FALSE(present.exclusions);
    ASSERT_TRUE(present.cohorts);
    EXPECT_EQ(present.groundTruth, ws.groundTruth);
    EXPECT_THAT(missingFiles(ws), ElementsAre(path("data/a.run"), path("data/gone.tsv")));
}

TEST_F(WorkspaceRelocationTest, SavingRecordsTheFolderItWasSavedIn) {
    Workspace ws = saved();
    EXPECT_THAT(workspaceJson(ws, path("study/ws.ranklab")), HasSubstr("\"saved_in\": \"" + path("study") + "\""));
}

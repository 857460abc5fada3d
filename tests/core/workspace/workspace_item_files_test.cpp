// The item catalogue and the item attributes (the CLI's --catalog and
// --items) are workspace files like the others: saved relative to the
// workspace, read back, handed to the loader, and reported when missing.
#include "workspace/workspace_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/workspace/workspace_folder_test.h"

using namespace ranklab;
namespace fs = std::filesystem;
using ::testing::HasSubstr;

namespace {

class WorkspaceItemFilesTest : public ranklab::testing::WorkspaceFolderTest {
protected:
    std::string touch(const std::string& name) const { return write(name, "x\n"); }
};

} // namespace

TEST_F(WorkspaceItemFilesTest, CatalogueAndAttributesRoundTripAndReachTheLoader) {
    Workspace ws;
    ws.groundTruth = {touch("q"), {}};
    ws.catalog = WorkspaceFile{touch("catalog.txt"), {}};
    ws.items = WorkspaceFile{touch("genres.tsv"), FormatSpec::parse("tsv,header")};
    const std::string path = (dir_ / "ws.ranklab").string();
    const std::string json = workspaceJson(ws, path);
    EXPECT_THAT(json, HasSubstr("\"catalog\": {\n    \"path\": \"catalog.txt\""));
    EXPECT_THAT(json, HasSubstr("\"items\": {\n    \"path\": \"genres.tsv\""));
    writeWorkspaceFile(ws, path);
    const Workspace back = readWorkspaceFile(path);
    EXPECT_EQ(back, ws);
    const DatasetSources sources = toSources(back);
    EXPECT_EQ(sources.catalog, ws.catalog->path);
    EXPECT_EQ(sources.items, ws.items->path);
    EXPECT_EQ(sources.itemsFormat, ws.items->format);
}

TEST_F(WorkspaceItemFilesTest, MissingItemFilesAreListedAndLeftOutOfTheLoad) {
    Workspace ws;
    ws.groundTruth = {touch("q"), {}};
    ws.catalog = WorkspaceFile{(dir_ / "gone.txt").string(), {}};
    ws.items = WorkspaceFile{touch("genres.tsv"), {}};
    EXPECT_EQ(missingFiles(ws), std::vector<std::string>{(dir_ / "gone.txt").string()});
    const Workspace present = presentFiles(ws);
    EXPECT_FALSE(present.catalog);
    EXPECT_TRUE(present.items);
}

TEST_F(WorkspaceItemFilesTest, AnOlderWorkspaceHasNeither) {
    std::ofstream(dir_ / "old.ranklab") << R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"}})";
    const Workspace ws = readWorkspaceFile((dir_ / "old.ranklab").string());
    EXPECT_FALSE(ws.catalog);
    EXPECT_FALSE(ws.items);
    EXPECT_TRUE(toSources(ws).catalog.empty());
}

// Workspace files made to break the reader: each a file in tests/data/bad,
// each refused with a message naming the workspace file and the key.
#include "workspace/workspace_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "common/error.h"

using namespace ranklab;
using ::testing::HasSubstr;

namespace {

std::string bad(const std::string& name) { return std::string(RANKLAB_TEST_DATA) + "/bad/" + name; }

std::string readError(const std::string& file) {
    try {
        (void)readWorkspaceFile(file);
    } catch (const InputError& e) {
        return e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not an InputError: " << e.what();
        return e.what();
    }
    ADD_FAILURE() << "no error for " << file;
    return {};
}

} // namespace

TEST(WorkspaceHostileTest, ANumberBeyondADoubleNamesTheFileAndTheKey) {
    // nlohmann refuses 1e999 with its own out_of_range exception; it used to
    // escape without the file's name.
    const std::string file = bad("workspace_threshold_overflow.ranklab");
    EXPECT_EQ(readError(file), file + ": \"evaluation.relevance_threshold\": the number 1e999 is out of range "
                                      "(the largest is about 1.8e308)");
}

TEST(WorkspaceHostileTest, TheKeyOfAnOverflowInsideAnArrayCountsTheElements) {
    const std::string text = "{\"ranklab_workspace\": 1, \"models\": [{\"path\": \"a\"}, {\"name\": \"b\", \"x\": [1, "
                             "-2e400]}]}";
    const std::string file = std::string(::testing::TempDir()) + "/ranklab_overflow_in_array.ranklab";
    {
        std::FILE* out = std::fopen(file.c_str(), "wb");
        ASSERT_NE(out, nullptr);
        std::fwrite(text.data(), 1, text.size(), out);
        std::fclose(out);
    }
    EXPECT_EQ(readError(file), file + ": \"models[1].x[1]\": the number -2e400 is out of range "
                                      "(the largest is about 1.8e308)");
    std::remove(file.c_str());
}

TEST(WorkspaceHostileTest, ANulInAPathIsRefusedNamingTheKey) {
    // "b.run\u0000/etc/passwd" would open "b.run": the rest silently dropped.
    const std::string file = bad("workspace_nul_in_path.ranklab");
    EXPECT_EQ(readError(file), file + ": \"models[1].path\" holds a NUL character (\\u0000), which no file path "
                                      "can hold: \"b.run\\x00/etc/passwd\"");
}

#include "common/atomic_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include <gtest/gtest.h>

#include "common/error.h"

using namespace ranklab;
namespace fs = std::filesystem;

namespace {
fs::path freshDir(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("ranklab_atomic_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}
} // namespace

TEST(AtomicFileTest, CommitRenamesTheTemporaryFile) {
    const fs::path dir = freshDir("commit");
    const std::string path = (dir / "out.txt").string();
    {
        AtomicFile file(path);
        file.write("hello ");
        file.write("world\n");
        EXPECT_TRUE(fs::exists(path + ".tmp"));
        EXPECT_FALSE(fs::exists(path));
        file.commit();
        EXPECT_EQ(file.bytesWritten(), 12u);
    }
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    EXPECT_EQ(s.str(), "hello world\n");
    EXPECT_FALSE(fs::exists(path + ".tmp"));
    fs::remove_all(dir);
}

TEST(AtomicFileTest, WithoutCommitNothingIsLeftAndOldFileStays) {
    const fs::path dir = freshDir("abandon");
    const std::string path = (dir / "out.txt").string();
    std::ofstream(path) << "old\n";
    {
        AtomicFile file(path);
        file.write("new\n");
    }
    EXPECT_FALSE(fs::exists(path + ".tmp"));
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "old");
    fs::remove_all(dir);
}

TEST(AtomicFileTest, OpenFailureNamesThePathAndTheReason) {
    const std::string path = "/nonexistent-ranklab-dir/out.txt";
    try {
        AtomicFile file(path);
        FAIL() << "expected an Error";
    } catch (const Error& e) {
        EXPECT_STREQ(e.what(), "cannot write /nonexistent-ranklab-dir/out.txt.tmp: No such file or directory");
    }
}

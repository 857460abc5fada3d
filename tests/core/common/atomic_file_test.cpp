#include "common/atomic_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "common/error.h"
#include "file_contents.h"

using namespace ranklab;
namespace fs = std::filesystem;

namespace {
fs::path freshDir(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("ranklab_atomic_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string contents(const fs::path& path) { return ranklab::testing::slurp(path); }
std::vector<std::string> names(const fs::path& dir) { return ranklab::testing::namesIn(dir); }
} // namespace

TEST(AtomicFileTest, CommitRenamesTheTemporaryFile) {
    const fs::path dir = freshDir("commit");
    const std::string path = (dir / "out.txt").string();
    {
        AtomicFile file(path);
        file.write("hello ");
        file.write("world\n");
        // Before commit: only the temporary, beside the target, and not the target.
        const auto before = names(dir);
        ASSERT_EQ(before.size(), 1u);
        EXPECT_EQ(before[0].rfind("out.txt.tmp-", 0), 0u) << before[0];
        EXPECT_FALSE(fs::exists(path));
        file.commit();
    }
    EXPECT_EQ(contents(path), "hello world\n");
    EXPECT_EQ(names(dir), std::vector<std::string>{"out.txt"});
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
    EXPECT_EQ(names(dir), std::vector<std::string>{"out.txt"});
    EXPECT_EQ(contents(path), "old\n");
    fs::remove_all(dir);
}

TEST(AtomicFileTest, OpenFailureNamesThePathAndTheReason) {
    const std::string path = "/nonexistent-ranklab-dir/out.txt";
    try {
        AtomicFile file(path);
        FAIL() << "expected an Error";
    } catch (const Error& e) {
        EXPECT_STREQ(e.what(), "cannot write /nonexistent-ranklab-dir/out.txt: No such file or directory");
    }
}

// The old scheme wrote PATH.tmp: a file of that name was clobbered, and a
// link placed there by someone else redirected the write to any file the
// user can write.
TEST(AtomicFileTest, AnExistingTmpFileOrLinkBesideTheTargetIsLeftAlone) {
    const fs::path dir = freshDir("tmplink");
    const fs::path victim = dir / "victim.txt";
    std::ofstream(victim) << "precious\n";
    const std::string path = (dir / "out.txt").string();
    fs::create_symlink(victim, path + ".tmp");
    std::ofstream(path + ".tmp-AAAAAA") << "someone else's\n";
    {
        AtomicFile file(path);
        file.write("report\n");
        file.commit();
    }
    EXPECT_EQ(contents(victim), "precious\n");
    EXPECT_TRUE(fs::is_symlink(path + ".tmp"));
    EXPECT_EQ(contents(path + ".tmp-AAAAAA"), "someone else's\n");
    EXPECT_EQ(contents(path), "report\n");
    fs::remove_all(dir);
}

TEST(AtomicFileTest, ALinkAtTheTargetIsReplacedNotFollowed) {
    const fs::path dir = freshDir("targetlink");
    const fs::path victim = dir / "victim.txt";
    std::ofstream(victim) << "precious\n";
    const std::string path = (dir / "out.txt").string();
    fs::create_symlink(victim, path);
    {
        AtomicFile file(path);
        file.write("report\n");
        file.commit();
    }
    EXPECT_EQ(contents(victim), "precious\n");
    EXPECT_FALSE(fs::is_symlink(path));
    EXPECT_EQ(contents(path), "report\n");
    fs::remove_all(dir);
}

TEST(AtomicFileTest, TwoWritersOfOnePathUseDifferentTemporaries) {
    const fs::path dir = freshDir("two");
    const std::string path = (dir / "out.txt").string();
    AtomicFile a(path), b(path);
    a.write("a\n");
    b.write("b\n");
    EXPECT_EQ(names(dir).size(), 2u);
    a.commit();
    b.commit();
    EXPECT_EQ(contents(path), "b\n");
    EXPECT_EQ(names(dir), std::vector<std::string>{"out.txt"});
    fs::remove_all(dir);
}

TEST(AtomicFileTest, ModeIsTheReplacedFilesOrTheUmasksDefault) {
    const fs::path dir = freshDir("mode");
    const std::string kept = (dir / "kept.txt").string();
    std::ofstream(kept) << "old\n";
    ::chmod(kept.c_str(), 0640);
    {
        AtomicFile file(kept);
        file.write("new\n");
        file.commit();
    }
    struct stat st {};
    ASSERT_EQ(::stat(kept.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u);

    const mode_t mask = ::umask(022);
    const std::string fresh = (dir / "fresh.txt").string();
    {
        AtomicFile file(fresh);
        file.commit();
    }
    ::umask(mask);
    ASSERT_EQ(::stat(fresh.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0644u);  // 0666 less the umask 022 (mkstemp alone gives 0600)
    fs::remove_all(dir);
}

// The one policy every user file is written under (common/output_file.h),
// on real nodes: links, FIFOs with a reader, device nodes, /dev/full, a full
// tmpfs, inherited descriptors.
#include "common/output_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "common/error.h"
#include "file_contents.h"

using namespace ranklab;
namespace fs = std::filesystem;

namespace {

class OutputFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "ranklab_output_XXXXXX").string();
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override {
        if (mounted_) ::umount2(mount_.c_str(), MNT_DETACH);
        fs::remove_all(dir_);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // A 64 KiB tmpfs at `mount_`, or a skip saying why there is none.
    bool mountSmallTmpfs() {
        mount_ = path("small");
        fs::create_directory(mount_);
        if (::mount("tmpfs", mount_.c_str(), "tmpfs", 0, "size=64k") != 0) return false;
        mounted_ = true;
        return true;
    }

    fs::path dir_;
    std::string mount_;
    bool mounted_ = false;
};

std::string contents(const std::string& path) { return ranklab::testing::slurp(path); }
std::vector<std::string> names(const fs::path& dir) { return ranklab::testing::namesIn(dir); }

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

// Bytes no two writers would share by chance: line i is "i i*i\n".
std::string bigText(std::size_t lines) {
    std::string text;
    for (std::size_t i = 0; i < lines; ++i) text += std::to_string(i) + ' ' + std::to_string(i * i) + '\n';
    return text;
}

TEST_F(OutputFileTest, ALinkAtTheTargetIsRefusedAndNeitherItNorItsTargetChanges) {
    const std::string victim = path("victim.txt"), link = path("out.txt");
    std::ofstream(victim) << "precious\n";
    fs::create_symlink(victim, link);
    EXPECT_EQ(errorOf([&] { writeOutputFile(link, "report\n"); }),
              "refusing to write " + link +
                  ": it is a symbolic link, and RankLab never writes through a link (give the file it points to, or "
                  "remove the link)");
    EXPECT_EQ(contents(victim), "precious\n");
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(names(dir_), (std::vector<std::string>{"out.txt", "victim.txt"}));  // no temporary left

    // A dangling link is not a way to create the file it names either.
    const std::string dangling = path("dangling.txt");
    fs::create_symlink(path("made.txt"), dangling);
    EXPECT_NE(errorOf([&] { writeOutputFile(dangling, "x"); }).find("symbolic link"), std::string::npos);
    EXPECT_FALSE(fs::exists(path("made.txt")));
}

TEST_F(OutputFileTest, ADirectoryASocketOrAnEmptyNameIsRefused) {
    fs::create_directory(path("folder"));
    EXPECT_EQ(errorOf([&] { writeOutputFile(path("folder"), "x"); }),
              "cannot write " + path("folder") + ": it is a directory; expected a regular file, a character device or "
                                                 "a FIFO");
    EXPECT_EQ(errorOf([&] { writeOutputFile("", "x"); }), "cannot write a file with an empty name");

    const std::string socketPath = path("s");
    const int s = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    ASSERT_GE(s, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    ASSERT_LT(socketPath.size(), sizeof address.sun_path);
    std::memcpy(address.sun_path, socketPath.c_str(), socketPath.size() + 1);
    ASSERT_EQ(::bind(s, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
    EXPECT_EQ(errorOf([&] { writeOutputFile(socketPath, "x"); }),
              "cannot write " + socketPath + ": it is a socket; expected a regular file, a character device or a FIFO");
    ::close(s);
}

TEST_F(OutputFileTest, ARegularFileIsReplacedWholeWithItsMode) {
    const std::string out = path("out.txt");
    std::ofstream(out) << "old\n";
    ::chmod(out.c_str(), 0640);
    {
        OutputFile file(out);
        EXPECT_EQ(file.kind(), OutputKind::Replaced);
        file.write("new\n");
        EXPECT_EQ(contents(out), "old\n");  // until commit
    }
    EXPECT_EQ(contents(out), "old\n");  // abandoned: as it was
    writeOutputFile(out, "new\n");
    EXPECT_EQ(contents(out), "new\n");
    struct stat st {};
    ASSERT_EQ(::stat(out.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u);
    EXPECT_EQ(names(dir_), std::vector<std::string>{"out.txt"});
}

TEST_F(OutputFileTest, AFifoIsWrittenInPlaceToItsReader) {
    const std::string fifo = path("pipe.txt");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::string text = bigText(200'000);  // megabytes: far past the pipe's buffer
    std::string received;
    std::thread reader([&] { received = contents(fifo); });
    {
        OutputFile file(fifo);
        EXPECT_EQ(file.kind(), OutputKind::Device);
        // Written in pieces, as a command streams it.
        file.write(std::string_view(text).substr(0, 1000));
        file.write(std::string_view(text).substr(1000));
        file.commit();
    }
    reader.join();
    EXPECT_EQ(received.size(), text.size());
    EXPECT_TRUE(received == text);
    struct stat st {};
    ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
    EXPECT_EQ(names(dir_), std::vector<std::string>{"pipe.txt"});  // no temporary was made
}

TEST_F(OutputFileTest, ACharacterDeviceStaysADevice) {
    // A null device of our own (c 1 3): a regression must not break the machine's /dev/null.
    const std::string null = path("null");
    if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "cannot make a device node here (needs root): " << std::strerror(errno);
    writeOutputFile(null, bigText(1000));
    struct stat st {};
    ASSERT_EQ(::lstat(null.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
    EXPECT_EQ(st.st_rdev, makedev(1, 3));
    EXPECT_EQ(names(dir_), std::vector<std::string>{"null"});
}

TEST_F(OutputFileTest, DevFullIsANoSpaceError) {
    struct stat st {};
    if (::stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) GTEST_SKIP() << "no /dev/full here";
    EXPECT_EQ(errorOf([] { writeOutputFile("/dev/full", "report\n"); }),
              "cannot write /dev/full: No space left on device");
}

TEST_F(OutputFileTest, AFullFilesystemLeavesTheOldFileAsItWasAndNoTemporary) {
    if (!mountSmallTmpfs()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root): " << std::strerror(errno);
    const std::string report = mount_ + "/report.txt";
    const std::string old = bigText(100);
    writeOutputFile(report, old);
    {  // fill the rest
        const int fd = ::open((mount_ + "/filler").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
        ASSERT_GE(fd, 0);
        const std::string block(4096, 'x');
        while (::write(fd, block.data(), block.size()) > 0) {
        }
        while (::write(fd, "x", 1) > 0) {
        }
        ::close(fd);
    }
    for (const std::size_t lines : {std::size_t{1}, std::size_t{5000}}) {
        EXPECT_EQ(errorOf([&] { writeOutputFile(report, bigText(lines)); }),
                  "cannot write " + report + ": No space left on device");
        EXPECT_TRUE(contents(report) == old);
        EXPECT_EQ(names(mount_), (std::vector<std::string>{"filler", "report.txt"}));
    }
}

TEST_F(OutputFileTest, NamedDescriptorsAreTheProcesssOwn) {
    EXPECT_EQ(namedDescriptor("-"), 1);
    EXPECT_EQ(namedDescriptor("/dev/stdout"), 1);
    EXPECT_EQ(namedDescriptor("/dev/stderr"), 2);
    EXPECT_EQ(namedDescriptor("/dev/fd/63"), 63);
    EXPECT_EQ(namedDescriptor("/proc/self/fd/7"), 7);
    EXPECT_EQ(namedDescriptor("/dev/fd/"), -1);
    EXPECT_EQ(namedDescriptor("/dev/fd/6x"), -1);
    EXPECT_EQ(namedDescriptor("./-"), -1);
    EXPECT_EQ(namedDescriptor("/dev/null"), -1);

    // A pipe given to the process (not close-on-exec, as a shell's >(...)) is written as it is.
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const std::string name = "/dev/fd/" + std::to_string(fds[1]);
    writeOutputFile(name, "through the pipe\n");
    ::close(fds[1]);
    char buffer[64] = {};
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    ::close(fds[0]);
    EXPECT_EQ(std::string(buffer, std::size_t(std::max<ssize_t>(n, 0))), "through the pipe\n");

    // One of the process's own files (close-on-exec) is not a target.
    const int own = ::open(path("own.txt").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    ASSERT_GE(own, 0);
    EXPECT_EQ(errorOf([&] { writeOutputFile("/dev/fd/" + std::to_string(own), "x"); }),
              "cannot write /dev/fd/" + std::to_string(own) + ": the descriptor was not given to RankLab");
    ::close(own);
    EXPECT_EQ(contents(path("own.txt")), "");
}

} // namespace

// The bounded side-file reader on real files, a FIFO fed by a thread,
// /dev/zero and a gzip file.
#include <sys/stat.h>

#include <csignal>

#include <fstream>
#include <thread>

#include <gtest/gtest.h>
#include <zlib.h>

#include "common/error.h"
#include "core/io/io_test_support.h"
#include "io/side_file.h"

namespace ranklab {
namespace {

using test::messageOf;
using test::TempDir;

TEST(SideFileTest, AFileWithinTheLimitIsReadWhole) {
    TempDir dir;
    const std::string text = "line one\nline two\n";
    EXPECT_EQ(readSideFile(dir.write("a.txt", text), "list", text.size()), text);
}

TEST(SideFileTest, ARegularFilePastTheLimitIsRefusedBySize) {
    TempDir dir;
    const std::string path = dir.write("a.txt", std::string(101, 'x'));
    EXPECT_EQ(messageOf([&] { readSideFile(path, "catalog", 100); }),
              path + ": the file is past 100 bytes, the limit for a catalog; expected a smaller file (set "
                     "RANKLAB_SIDE_FILE_BYTES to a larger number of bytes to raise the limit)");
}

TEST(SideFileTest, ANulByteIsRefusedWithItsLineAndColumn) {
    TempDir dir;
    const std::string path = dir.write("a.txt", std::string("ab\ncd\0e", 7));
    EXPECT_EQ(messageOf([&] { readSideFile(path, "user list"); }),
              path + ":2:3: binary data (a NUL byte); expected a text file (a user list)");
    EXPECT_EQ(messageOf([&] { readSideFile("/dev/zero", "workspace"); }),
              "/dev/zero:1:1: binary data (a NUL byte); expected a text file (a workspace)");
}

TEST(SideFileTest, AFifoIsReadUpToTheLimitThenRefused) {
    TempDir dir;
    const std::string fifo = dir.path() + "/side.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // 3,000,000 bytes for a limit of 1,000,000: the reader stops, the writer sees EPIPE.
    ::signal(SIGPIPE, SIG_IGN);
    std::thread writer([&] {
        std::ofstream out(fifo, std::ios::binary);
        const std::string block(1000, 'y');
        for (int i = 0; i < 3000 && out; ++i) out << block;
    });
    const std::string message = messageOf([&] { readSideFile(fifo, "partial state", 1000000); });
    writer.join();
    EXPECT_EQ(message, fifo + ": the stream goes on past 1000000 bytes, the limit for a partial state (a device such "
                              "as /dev/zero never ends); expected a smaller file (set RANKLAB_SIDE_FILE_BYTES to a "
                              "larger number of bytes to raise the limit)");
}

TEST(SideFileTest, AFifoWithinTheLimitIsReadWhole) {
    TempDir dir;
    const std::string fifo = dir.path() + "/side.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string text;
    for (int i = 0; i < 50000; ++i) text += "user" + std::to_string(i) + "\n";
    std::thread writer([&] { std::ofstream(fifo, std::ios::binary) << text; });
    const std::string read = readSideFile(fifo, "user list", text.size());
    writer.join();
    EXPECT_EQ(read, text);
}

TEST(SideFileTest, AGzipFileIsDecompressedWithinTheLimit) {
    TempDir dir;
    const std::string path = dir.path() + "/a.txt.gz";
    const std::string text(5000, 'z');
    gzFile gz = gzopen(path.c_str(), "wb");
    ASSERT_NE(gz, nullptr);
    ASSERT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
    gzclose(gz);
    EXPECT_EQ(readSideFile(path, "catalog", 5000), text);
    // 5000 bytes inflate past a 4999-byte limit although the file is far smaller.
    EXPECT_NE(messageOf([&] { readSideFile(path, "catalog", 4999); }).find("past 4999 bytes"), std::string::npos);
}

} // namespace
} // namespace ranklab

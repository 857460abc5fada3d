// writeAll hands every byte to a descriptor that takes them a piece at a
// time (a pipe read slowly by another thread: the writes come back short or
// block), and returns the errno of a descriptor that refuses them.
#include "common/write_all.h"

#include <cerrno>
#include <string>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace ranklab {
namespace {

TEST(WriteAll, EveryByteReachesAPipeReadInSmallPieces) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    std::string bytes(3 << 20, '\0');  // 3 MiB: many times a pipe's buffer
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = char(i * 7919 % 251);
    std::string received;
    std::thread reader([&] {
        char buffer[1000];
        ssize_t n;
        while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0) received.append(buffer, std::size_t(n));
    });
    EXPECT_EQ(writeAll(fds[1], bytes), 0);
    ::close(fds[1]);
    reader.join();
    ::close(fds[0]);
    EXPECT_TRUE(received == bytes) << received.size() << " of " << bytes.size() << " bytes";
}

TEST(WriteAll, ARefusingDescriptorGivesItsErrno) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    EXPECT_EQ(writeAll(fds[0], "x"), EBADF);  // the read end cannot be written
    ::close(fds[0]);
    ::close(fds[1]);
    EXPECT_EQ(writeAll(fds[1], "x"), EBADF);  // closed
    EXPECT_EQ(writeAll(fds[1], ""), 0);       // nothing to write: nothing asked of it
}

} // namespace
} // namespace ranklab

// Inputs read once (issue 30, item 7): a pipe, a FIFO and standard input
// are read exactly as the file, format detection included. The bytes a
// reader peeks at (compression magic, numpy and Parquet magic) are handed
// out again by the same opening, and nothing opens such an input twice.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "core/io/npy_test_support.h"
#include "io/byte_source.h"
#include "io/catalog_reader.h"
#include "io/file_handle.h"
#include "io/input_opening.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

// A run of `users` users with 40 items each, as TREC lines.
std::string trecRun(int users) {
    std::string out;
    for (int u = 0; u < users; ++u)
        for (int i = 0; i < 40; ++i)
            out += "u" + std::to_string(u) + " Q0 d" + std::to_string((u * 7 + i * 3) % 97) + " 0 " +
                   std::to_string(double((u * 31 + i * 17) % 1000) / 1000.0) + " tag\n";
    return out;
}

// A pipe whose write end is fed `bytes` by a thread; read it at path().
class FedPipe {
public:
    explicit FedPipe(std::string bytes) : bytes_(std::move(bytes)) {
        if (::pipe(fds_) != 0) throw std::runtime_error("pipe");
        writer_ = std::thread([this] {
            for (std::size_t done = 0; done < bytes_.size();) {
                const ssize_t n = ::write(fds_[1], bytes_.data() + done, bytes_.size() - done);
                if (n <= 0) break;  // the reader went away
                done += static_cast<std::size_t>(n);
            }
            ::close(fds_[1]);
        });
    }
    ~FedPipe() {
        ::close(fds_[0]);  // a writer still blocked gets EPIPE
        writer_.join();
    }
    std::string path() const { return "/dev/fd/" + std::to_string(fds_[0]); }

private:
    std::string bytes_;
    int fds_[2] = {-1, -1};
    std::thread writer_;
};

// A FIFO in `dir` fed `bytes` by a thread once a reader opens it.
class FedFifo {
public:
    FedFifo(const TempDir& dir, const std::string& name, std::string bytes)
        : path_(dir.path() + "/" + name), bytes_(std::move(bytes)) {
        if (::mkfifo(path_.c_str(), 0600) != 0) throw std::runtime_error("mkfifo");
        writer_ = std::thread([this] {
            const int fd = ::open(path_.c_str(), O_WRONLY);  // waits for the reader
            if (fd < 0) {
                finished_ = true;
                return;
            }
            for (std::size_t done = 0; done < bytes_.size();) {
                const ssize_t n = ::write(fd, bytes_.data() + done, bytes_.size() - done);
                if (n <= 0) break;
                done += static_cast<std::size_t>(n);
            }
            ::close(fd);
            finished_ = true;
        });
    }
    ~FedFifo() {
        // A writer still waiting for a reader, or blocked on a full FIFO
        // (the test failed), is read to its end.
        const int fd = ::open(path_.c_str(), O_RDONLY | O_NONBLOCK);
        char sink[4096];
        while (fd >= 0 && !finished_) {
            if (::read(fd, sink, sizeof sink) <= 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        writer_.join();
        if (fd >= 0) ::close(fd);
    }
    const std::string& path() const { return path_; }

private:
    std::string path_, bytes_;
    std::atomic<bool> finished_{false};
    std::thread writer_;
};

// Runs `read` with a deadline: a hang fails the test (and ends the process,
// which a blocked thread would keep alive).
template <typename Read> auto within60s(Read read) {
    auto result = std::async(std::launch::async, read);
    if (result.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
        ADD_FAILURE() << "the read did not finish in 60 s (a hang)";
        std::_Exit(1);
    }
    return result.get();
}

std::vector<Entry> runEntries(const std::string& path, const ReadOptions& options = {}) {
    IdSpace ids;
    const LoadedRun loaded = readRun(path, ids, options);
    return entriesOf(loaded.run, ids);
}

} // namespace

TEST(InputChannelsTest, APeekIsReadAgain) {
    TempDir dir;
    const std::string text = "0123456789";
    FileHandle file(dir.write("f", text));
    EXPECT_EQ(file.peek(4), "0123");
    EXPECT_EQ(file.peek(2), "01");
    EXPECT_EQ(file.peek(40), text);  // fewer at the end
    std::string out(20, '\0');
    out.resize(file.read(out.data(), 3));
    EXPECT_EQ(out, "012");
    EXPECT_EQ(file.peek(2), "34");
    out.assign(20, '\0');
    out.resize(file.read(out.data(), out.size()));
    EXPECT_EQ(out, "3456789");
}

TEST(InputChannelsTest, APipeIsReadAsTheFileWithItsCompression) {
    TempDir dir;
    const std::string text = trecRun(300);
    ASSERT_GT(text.size(), std::size_t(64) << 10);
    for (const std::string& bytes : {text, gzipBytes(text), zstdBytes(text)}) {
        FedPipe pipe(bytes);
        auto source = ByteSource::open(pipe.path());
        EXPECT_FALSE(source->regularFile());
        EXPECT_EQ(readAll(*source), text);
    }
}

TEST(InputChannelsTest, ARunThroughAPipeOrAFifoEqualsTheFile) {
    TempDir dir;
    const std::string text = trecRun(300);  // past a FIFO's 64 KiB buffer
    const std::vector<Entry> expected = runEntries(dir.write("run.trec", text));
    ASSERT_EQ(expected.size(), 300u * 40u);
    int n = 0;
    for (const std::string& bytes : {text, gzipBytes(text)}) {
        FedPipe pipe(bytes);
        EXPECT_EQ(within60s([&] { return runEntries(pipe.path()); }), expected);
        FedFifo fifo(dir, "run" + std::to_string(++n) + ".fifo", bytes);
        EXPECT_EQ(within60s([&] { return runEntries(fifo.path()); }), expected);
    }
}

// A dense .npy through a pipe is detected by its magic and copied to a
// temporary file to be mapped: the same run as the file.
TEST(InputChannelsTest, ADenseNpyThroughAPipeEqualsTheFile) {
    TempDir dir;
    NpyMatrix m;
    m.rows = 3;
    m.columns = 4;
    m.values = {0.5, -INFINITY, 0.25, 1, 2, 3, -INFINITY, 0, 1, 1.5, 0.5, 0.125};
    const std::string bytes = npyBytes(m, "<f4");
    const std::vector<Entry> expected = runEntries(dir.write("run.npy", bytes));
    ASSERT_EQ(expected.size(), 10u);
    FedPipe pipe(bytes);
    EXPECT_EQ(runEntries(pipe.path()), expected);
}

TEST(InputChannelsTest, ACatalogueThroughAPipeKeepsItsFirstItem) {
    const std::string text = "apple\nbanana\ncherry\n";
    FedPipe pipe(text);
    IdSpace ids;
    const LoadedCatalog loaded = readCatalog(pipe.path(), ids);
    ASSERT_EQ(loaded.items.size(), 3u);
    EXPECT_EQ(ids.items.find("apple"), loaded.items[0]);
    EXPECT_EQ(loaded.report.lines, 3u);
}

// A zip (an .npz) and Parquet are read by seeking: through a pipe they are
// refused by name, never read as text.
TEST(InputChannelsTest, ArchivesThroughAPipeAreRefusedByName) {
    for (const std::string& bytes : {std::string("PK\x03\x04", 4) + std::string(60, 'x'),
                                     std::string("PAR1") + std::string(60, '\0') + "PAR1"}) {
        FedPipe pipe(bytes);
        const InputError e = expectInputError([&] { runEntries(pipe.path()); });
        EXPECT_EQ(e.where().file, pipe.path());
        EXPECT_NE(e.problem().find("not a regular file"), std::string::npos) << e.what();
        EXPECT_NE(e.problem().find("seeking"), std::string::npos) << e.what();
    }
}

#pragma once
// Helpers of the output-target tests (where ranklab-cli writes: links,
// devices, FIFOs, standard output, a full disk, a signal mid-write).
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli_fixture.h"

namespace ranklab::testing {

inline const std::string kCompareData = std::string(RANKLAB_TEST_DATA) + "/compare/";
// Two models on the compare data: every command that writes has its inputs.
inline const std::string kTwoModels = " -q '" + kCompareData + "qrels.txt' -r strong='" + kCompareData +
                                      "strong.trec' -r weak='" + kCompareData + "weak.trec'";

// The names in `dir` holding ".tmp-": temporaries left behind.
inline std::vector<std::string> temporariesIn(const std::filesystem::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().filename().string().find(".tmp-") != std::string::npos) out.push_back(e.path().filename().string());
    return out;
}

inline bool isCharacterDevice(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISCHR(st.st_mode);
}

inline bool isFifo(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

// Reads a FIFO whole on a thread while a command writes it. finish() returns
// what was read; if the command never opened the FIFO, it opens it for
// writing itself so the reader sees an end instead of waiting for ever.
class FifoReader {
public:
    explicit FifoReader(std::string path) : path_(std::move(path)) {
        thread_ = std::thread([this] {
            received_ = slurp(path_);
            done_ = true;
        });
    }
    ~FifoReader() {
        if (thread_.joinable()) finish();
    }
    std::string finish() {
        // Opening fails (ENXIO) while no reader is there: not yet, or no more.
        while (!done_) {
            const int fd = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (fd >= 0) {
                ::close(fd);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        thread_.join();
        return received_;
    }

private:
    std::string path_;
    std::string received_;
    std::atomic<bool> done_{false};
    std::thread thread_;
};

// A 64 KiB tmpfs at `dir` (created), or false (mounting needs root).
inline bool mountSmallTmpfs(const std::string& dir) {
    std::filesystem::create_directories(dir);
    return ::mount("tmpfs", dir.c_str(), "tmpfs", 0, "size=64k") == 0;
}

// Fills the file system holding `dir` to its last byte.
inline void fillUp(const std::string& dir) {
    const int fd = ::open((dir + "/filler").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return;
    const std::string block(4096, 'x');
    while (::write(fd, block.data(), block.size()) > 0) {
    }
    while (::write(fd, "x", 1) > 0) {
    }
    ::close(fd);
}

} // namespace ranklab::testing

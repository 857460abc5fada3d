// The corpus replay: runs a fuzz target's entry function on every file under
// the folders (or files) given, as libFuzzer would on its seed corpus. Built
// by any compiler, so `ctest` replays the corpus in every build; a crash, a
// sanitizer report or an escaped exception fails the test.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_support.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
    // Inputs larger than this are skipped, as a campaign's -max_len would cut them.
    constexpr std::uintmax_t kMaxBytes = std::uintmax_t(1) << 20;
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        const fs::path root = argv[i];
        if (fs::is_regular_file(root)) {
            files.push_back(root);
            continue;
        }
        if (!fs::is_directory(root)) {
            std::fprintf(stderr, "replay: %s is neither a file nor a folder\n", argv[i]);
            return 2;
        }
        for (const auto& entry : fs::recursive_directory_iterator(root))
            if (entry.is_regular_file() && entry.file_size() <= kMaxBytes) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "replay: no input files\n");
        return 2;
    }
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("replay: %zu inputs\n", files.size());
    return 0;
}

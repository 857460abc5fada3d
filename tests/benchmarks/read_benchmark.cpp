// Reading a large TREC run: time against `wc -l` on the same file in the same
// run, and peak memory per line beyond the id strings (in a fresh process).
//
//   ranklab_read_bench RUN_FILE [--repeats N] [--threads N]
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "bench_support.h"
#include "common/allocator_tuning.h"
#include "io/readers.h"

using namespace ranklab;

namespace {

struct MemoryFigures {
    double bytesPerLine = 0;
    std::uint64_t lines = 0;
    std::uint64_t idBytes = 0;
    std::uint64_t peakGrowth = 0;
};

// Runs in a child process: the growth of the peak resident set while reading.
int probeMemory(const std::string& path, int threads) {
    std::uint64_t before = bench::statusBytes("VmRSS");
    IdSpace ids;
    ReadOptions options;
    options.parallelism = Parallelism(threads);
    LoadedRun loaded = readRun(path, ids, options);
    std::uint64_t peak = bench::statusBytes("VmHWM");
    std::uint64_t idBytes = ids.users.stringBytes() + ids.items.stringBytes();
    std::printf("%llu %llu %llu\n", static_cast<unsigned long long>(peak - before),
                static_cast<unsigned long long>(loaded.report.records), static_cast<unsigned long long>(idBytes));
    return 0;
}

MemoryFigures measureMemory(const std::string& self, const std::string& path, int threads) {
    std::string out = bench::runSelf(self, "--probe-memory '" + path + "' --threads " + std::to_string(threads));
    MemoryFigures m;
    unsigned long long growth = 0, lines = 0, idBytes = 0;
    if (std::sscanf(out.c_str(), "%llu %llu %llu", &growth, &lines, &idBytes) != 3)
        throw std::runtime_error("bad probe output: " + out);
    m.peakGrowth = growth;
    m.lines = lines;
    m.idBytes = idBytes;
    m.bytesPerLine = (double(growth) - double(idBytes)) / double(lines);
    return m;
}

} // namespace

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    if (argc < 2) {
        std::cerr << "usage: ranklab_read_bench RUN_FILE [--repeats N] [--threads N]\n";
        return 2;
    }
    std::string path;
    int repeats = 3, threads = 0;
    bool probe = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--repeats" && i + 1 < argc) repeats = std::atoi(argv[++i]);
        else if (a == "--threads" && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (a == "--probe-memory") probe = true;
        else path = a;
    }
    try {
        if (probe) return probeMemory(path, threads);

        // Memory first, in a fresh process, before this one starts threads.
        MemoryFigures memory = measureMemory(argv[0], path, threads);

        // Warm the page cache, then time both in the same run.
        bench::bestCommandSeconds(1, "cat '" + path + "' > /dev/null");
        double wc = bench::bestCommandSeconds(repeats, "wc -l '" + path + "' > /dev/null");
        std::uint64_t records = 0;
        double read = bench::bestSeconds(repeats, [&] {
            IdSpace ids;
            ReadOptions options;
            options.parallelism = Parallelism(threads);
            records = readRun(path, ids, options).report.records;
        });

        std::printf("file: %s (%llu lines)\n", path.c_str(), static_cast<unsigned long long>(records));
        std::printf("wc -l:             %8.3f s\n", wc);
        std::printf("read + build Run:  %8.3f s  = %.2fx wc -l   (goal <= 6x)\n", read, read / wc);
        std::printf("peak memory:       %8.1f bytes per line beyond %.1f MB of id strings   (goal <= 40)\n",
                    memory.bytesPerLine, double(memory.idBytes) / 1e6);
        std::printf("RESULT read_ratio=%.3f bytes_per_line=%.2f\n", read / wc, memory.bytesPerLine);
    } catch (const std::exception& e) {
        std::cerr << "ranklab_read_bench: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

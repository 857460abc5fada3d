#pragma once
// Deterministic synthetic data for examples and benchmarks: ground truth,
// training interactions (exclusions), user groups (cohorts) and the runs of
// three models of different character. The same options give the same bytes,
// whatever the number of threads.
//
// Files, in options.outDir:
//   qrels.txt | qrels.tsv        graded ground truth (grades 1..3)
//   <model>.run | <model>.tsv    popularity, toprank, broad: perUser items per user
//   train.tsv                    user item: training interactions, disjoint from the ground truth
//   users.tsv                    user group: activity group (light, regular, heavy, power)
#include <cstdint>
#include <string>
#include <vector>

#include "common/progress.h"
#include "synth/synth_options.h"

namespace ranklab::synth {

struct SynthReport {
    struct File {
        std::string path;
        std::uint64_t lines = 0;  // including a header line
        std::uint64_t bytes = 0;
    };
    std::vector<File> files;
};

// Writes every file (each atomically: FILE.tmp, then rename), creating the
// directory if needed. Throws Error on bad options or a failed write (with
// the path and the system's message), Cancelled if `progress` is cancelled.
SynthReport writeSyntheticData(const SynthOptions& options, const Progress* progress = nullptr);

// The file names for a format, in the order they are written.
std::vector<std::string> syntheticFileNames(SynthFormat format);

} // namespace ranklab::synth

#pragma once
// Loads the files of a workspace into one Dataset, or derives a Dataset
// from another by adding, removing or reordering models without reading
// the files it keeps.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "io/read_options.h"

namespace ranklab {

// A file's own bad-line and duplicate handling, over the load's ReadOptions.
struct FileReadPolicy {
    bool skipBadLines = false;
    DuplicatePolicy duplicates = DuplicatePolicy::Error;
    bool operator==(const FileReadPolicy&) const = default;
};

struct RunSource {
    std::string name;  // empty: the TREC tag, else the file name without extensions
    std::string path;
    FormatSpec format;
};

struct DatasetSources {
    std::string judgments;
    FormatSpec judgmentsFormat;
    std::vector<RunSource> runs;
    std::string exclusions;  // optional
    FormatSpec exclusionsFormat;
    std::string cohorts;  // optional
    FormatSpec cohortsFormat;
    // Each file's own reading; none (or a run past the end of runPolicies):
    // the load's options.
    std::optional<FileReadPolicy> judgmentsPolicy, exclusionsPolicy, cohortsPolicy;
    std::vector<std::optional<FileReadPolicy>> runPolicies;
    std::string catalog;  // optional: one item id a line (--catalog)
    std::string items;    // optional: item attributes (--items)
    FormatSpec itemsFormat;
};

// A streaming load (`ranklab-cli eval --stream`): the ground truth and the
// other files are read first, then each run in chunks of whole users
// (io/readers.h streamRun), each chunk handed to `chunk` with the index of
// its run's model and the Dataset so far (its models are the runs before
// that one). The Dataset's models keep their names and reports; their runs
// are empty.
struct RunStreaming {
    std::size_t chunkRecords = 4'000'000;
    std::function<void(Dataset& data, std::size_t model, Run&& chunk)> chunk;
};

// Reads every file; `options.format` is ignored in favour of each source's
// own. Model names are made unique ("name (2)"), except that an explicit
// name given to several runs makes them one model's repeated runs (seeds or
// folds): each run is named "NAME (run K)" with ModelRun::model = NAME
// (eval/run_groups.h averages them). Throws the first error.
Dataset loadDataset(const DatasetSources& sources, const ReadOptions& options, const Progress* progress = nullptr,
                    const RunStreaming* streaming = nullptr);

// One model of a derived Dataset: `reuse` names a model of the base (by
// index) whose run and report are kept as they are; without it `source`
// is read.
struct DerivedModel {
    std::optional<std::size_t> reuse;
    RunSource source;
    std::optional<FileReadPolicy> policy;
};

// A Dataset with `base`'s ground truth, exclusions and cohorts (copied, not
// read again; same baseIdentity, so cached rankings of kept models stay
// valid) and `models` in that order. Only the new runs are read, into a
// copy of `base`'s ids. A kept model keeps its name unless its source names
// it; new names are made unique. Throws the first error (naming the file).
Dataset deriveDataset(const Dataset& base, const std::vector<DerivedModel>& models, const ReadOptions& options,
                      const Progress* progress = nullptr);

// "runs/bm25.trec.gz" -> "bm25".
std::string fileStem(const std::string& path);

} // namespace ranklab

#pragma once
// Loads the files of a workspace into one Dataset.
#include <string>
#include <vector>

#include "common/progress.h"
#include "data/dataset.h"
#include "io/read_options.h"

namespace ranklab {

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
    std::string catalog;  // optional: one item id a line (--catalog)
    std::string items;    // optional: item attributes (--items)
    FormatSpec itemsFormat;
};

// Reads every file; `options.format` is ignored in favour of each source's
// own. Model names are made unique ("name (2)"). Throws the first error.
Dataset loadDataset(const DatasetSources& sources, const ReadOptions& options, const Progress* progress = nullptr);

// "runs/bm25.trec.gz" -> "bm25".
std::string fileStem(const std::string& path);

} // namespace ranklab

#pragma once
// The input options every evaluating command shares: --qrels, --run
// [NAME=]FILE, --exclude, --cohorts, --catalog, --items, formats, bad lines, duplicates, threads.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/progress.h"
#include "data/dataset.h"
#include "io/dataset_loader.h"

namespace ranklab::cli {

struct InputOptions {
    std::string qrels;
    std::vector<std::string> runs;  // [NAME=]FILE
    std::string exclude;
    std::string cohorts;
    std::string catalog;  // one item id a line
    std::string items;    // item attribute lines
    std::string itemsFormat = "auto";
    std::string qrelsFormat = "auto";
    std::string runFormat = "auto";
    std::string excludeFormat = "auto";
    std::string cohortsFormat = "auto";
    bool skipBadLines = false;
    std::string duplicates = "error";
    int threads = 0;
    std::size_t maxLineLength = kDefaultMaxLineBytes;  // limits against hostile input (0: none)
    std::size_t maxFields = kDefaultMaxFields;
    double maxExpansion = kDefaultMaxExpansion;
    // Set by the command from its metrics (rankingDepth()): a dense numpy
    // matrix keeps this many items per user (0: all). Not an option.
    std::uint32_t rankDepth = 0;

    // Registers the options on `command`; with `runsRequired`, --run must be given.
    void addTo(CLI::App& command, bool runsRequired);
    DatasetSources sources() const;
    ReadOptions readOptions() const;
    // Loads everything; bad-line warnings go to stderr.
    Dataset load(const Progress* progress = nullptr) const;
};

} // namespace ranklab::cli

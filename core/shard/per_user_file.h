#pragma once
// The per-user values a shard leaves where it ran (`ranklab-cli eval
// --buckets a:b --partial STATE --per-user FILE`, named in the state): a
// TSV of `user, model, metric…` rows (report/eval_report.h's formatPerUser),
// read back one file at a time by the workbench (on demand: a sharded
// evaluation's users are never all in memory unless the analyst scrolls
// through them).
#include <cstddef>
#include <string>
#include <vector>

namespace ranklab::shard {

struct PerUserRows {
    std::vector<std::string> metrics;  // the header's metric ids
    struct Row {
        std::string user;
        std::string model;
        std::vector<double> values;  // per metric; NaN for a set-level column
    };
    std::vector<Row> rows;
};

// Throws ranklab::Error naming the file, the line and the column, and what
// was expected. `text` may be a piece of the file: its header line, then
// whole lines that start at line `firstLine` of the file (errors name the
// file's lines).
PerUserRows readPerUserFile(const std::string& text, const std::string& fileName, std::size_t firstLine = 2);

} // namespace ranklab::shard

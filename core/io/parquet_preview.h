#pragma once
// What the import dialog shows of a Parquet input before reading it: its
// parts, rows and column types, what reading it with a format spec would
// take (or why it cannot), and its first rows, every column as text.
#include <cstddef>
#include <string>
#include <vector>

#include "io/file_format.h"

namespace ranklab {

struct ParquetPreview {
    // "Parquet: 2 parts, 1,000 rows, 3 columns (u VARCHAR, i VARCHAR, s DOUBLE)"
    std::string description;
    // What `spec` reads from it ("Parquet (user=u, item=i, score=s)"), or
    // empty with `problem` set: the InputError's problem (a missing column).
    std::string reads;
    std::string problem;
    std::vector<std::string> columns;            // "name TYPE"
    std::vector<std::vector<std::string>> rows;  // the first rows, NULL as "NULL"
};

// Throws InputError naming the file when it cannot be opened as Parquet or
// DuckDB's library is missing (with how to enable it).
ParquetPreview previewParquet(const std::string& path, Role role, const FormatSpec& spec, std::size_t maxRows = 8);

} // namespace ranklab

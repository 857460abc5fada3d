#pragma once
// One data file parsed into (user, key, value) records, whatever its format:
// text (TREC, delimited) in parallel blocks, JSON as a stream, Parquet
// through DuckDB; compressed or not; from a file, a pipe or a FIFO. The
// format is detected from the first lines unless given. readers.cpp turns
// the records into per-user lists.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "common/progress.h"
#include "data/interner.h"
#include "io/file_format.h"
#include "io/file_handle.h"
#include "io/load_report.h"
#include "io/read_options.h"
#include "io/record.h"

namespace ranklab {

struct ParsedFile {
    ParsedRecords parsed;
    ResolvedFormat format;
    LoadReport report;
    bool regularFile = true;  // else (a pipe, a FIFO) it cannot be read again
};

// A streaming read's sink: handed the file being read (its format and
// report so far), the entries read so far and the lines read so far.
using FileSink = std::function<void(const ParsedFile& file, RecordColumns& records, std::uint64_t lines, bool last)>;

// Parses `path` as a file of `role`. `opened`: `path` already opened (and
// maybe peeked at), else it is opened here. `stream`: the records are handed
// to it as they are read (text runs only) instead of being kept.
ParsedFile parseFile(const std::string& path, Role role, Interner& users, Interner& keys,
                     const ReadOptions& options, const Progress* progress, const FileSink* stream = nullptr,
                     std::unique_ptr<FileHandle> opened = nullptr);

} // namespace ranklab

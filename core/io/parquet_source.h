#pragma once
// What a Parquet path names, and the DuckDB table expression that reads it:
// one file, a folder of parts (a Spark output directory of part-*.parquet,
// hive-partitioned or not: every *.parquet under it), or a glob.
#include <cstdint>
#include <string>

namespace ranklab {

// Whether `path` is Parquet input: a name ending in .parquet, a glob naming
// .parquet files, a folder holding *.parquet files, or a file starting with
// Parquet's magic bytes "PAR1".
bool looksLikeParquet(const std::string& path);

// read_parquet(...) over every part `path` names, reading only the columns
// a query selects (projection push-down is DuckDB's). `withRowPlace` adds
// the columns filename and file_row_number (to say where a row is).
std::string parquetScan(const std::string& path, bool withRowPlace = false);

// The bytes of the files `path` names (a folder: every *.parquet under it).
std::uint64_t parquetBytes(const std::string& path);

} // namespace ranklab

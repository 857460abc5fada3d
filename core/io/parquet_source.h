#pragma once
// What a Parquet path names, and the DuckDB table expression that reads it:
// one local file, a local folder of parts (a Spark output directory of
// part-*.parquet, hive-partitioned or not: every *.parquet under it), or a
// glob of local files ('*', '?', '[...]' within a folder; "**" descends).
// RankLab lists the parts itself, within bounds, and gives DuckDB the list:
// a URL (https://, s3://, any scheme) is refused before DuckDB is loaded.
#include <cstdint>
#include <string>
#include <vector>

namespace ranklab {

// The bounds of a folder or glob: parts read, entries looked at, depth.
inline constexpr std::uint64_t kMaxParquetParts = 10000;
inline constexpr std::uint64_t kMaxParquetEntries = 100000;
inline constexpr int kMaxParquetDepth = 16;

// The files `path` names, sorted (one for a file). Throws InputError naming
// `path` for a URL, a missing path, a FIFO or device, a folder without
// *.parquet files, a glob matching none, or past the bounds above.
std::vector<std::string> parquetParts(const std::string& path);

// Whether `path` is Parquet input: a name ending in .parquet, a glob naming
// .parquet files, a folder holding *.parquet files, or a file starting with
// Parquet's magic bytes "PAR1".
bool looksLikeParquet(const std::string& path);

// `file` (a part parquetParts listed) as DuckDB reads that one file and no
// other: DuckDB globs every path it is given, so a name holding '*', '?' or
// '[' has each of them written "[*]", "[?]", "[[]" (a path also holding a
// backslash is given as it is: DuckDB reads an existing file of that exact
// name).
std::string duckdbLiteralPath(const std::string& file);

// read_parquet(...) over every part `path` names (parquetParts: throws its
// InputError), reading only the columns a query selects (projection
// push-down is DuckDB's). `withRowPlace` adds the columns filename and
// file_row_number (to say where a row is).
std::string parquetScan(const std::string& path, bool withRowPlace = false);

// The bytes of the files `path` names (a folder: every *.parquet under it).
std::uint64_t parquetBytes(const std::string& path);

} // namespace ranklab

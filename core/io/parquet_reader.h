#pragma once
// Reads a Parquet file, folder of parts or glob into entries, through
// DuckDB (io/parquet_query.h). Two layouts:
//  - long: one row per entry, columns user=, item= and score= (or grade=;
//    rank= alone stands in for the score as -rank; a ground truth without a
//    grade column grades every row 1);
//  - lists: one row per user, list columns items= and scores= (without
//    scores= the list order is the ranking: score = -position).
// Only the named columns are read. Ids are cast to text, so 42 in Parquet
// is the same id as "42" in a text file. Values share the interners of the
// other readers.
#include <string>
#include <vector>

#include "common/progress.h"
#include "data/interner.h"
#include "io/file_format.h"
#include "io/record.h"

namespace ranklab {

struct ParquetRecords {
    ParsedRecords parsed;  // lines: the rows read
    std::string description;  // "Parquet (user=u, item=i, score=s)"
    std::uint64_t bytes = 0;  // of every part
};

// Throws InputError naming the file (and the row) for a missing column,
// a null or NaN value, lists of unequal length, a file that is not Parquet,
// and when DuckDB's library is missing (with how to enable it).
ParquetRecords readParquetRecords(const std::string& path, Role role, const FormatSpec& spec, Interner& users,
                                  Interner& keys, const Progress* progress = nullptr);

// What readParquetRecords makes of a file with `columns` ("Parquet (user=u,
// item=i, score=s)"); throws InputError naming a column it lacks.
std::string parquetLayoutDescription(const std::string& path, Role role, const FormatSpec& spec,
                                     const std::vector<std::string>& columns);

// Where (user, key) is: the first two rows holding it, as "rows 3 and 7 of
// a.parquet", or "" when not found. For messages about duplicates.
std::string findParquetRows(const std::string& path, Role role, const FormatSpec& spec, std::string_view user,
                            std::string_view key);

} // namespace ranklab

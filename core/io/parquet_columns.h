#pragma once
// A Parquet input's columns as DuckDB types them, and the check that a
// column a read uses holds what it is used for: ids are text or integers,
// scores, grades and ranks are numbers (lists of them in the list layout).
// A BOOLEAN, STRUCT, MAP, DATE, BLOB... column would otherwise be cast to
// text or to a number without a word; it is refused, naming the file and
// the column.
#include <string>
#include <vector>

#include "io/parquet_query.h"

namespace ranklab {

struct ParquetColumn {
    std::string name;
    std::string type;  // DuckDB's: "VARCHAR", "BIGINT", "DOUBLE[]", "STRUCT(a INTEGER)"
};

// DESCRIBE of `scan` (a read_parquet(...) expression). Throws QueryError.
std::vector<ParquetColumn> describeParquet(duckdb::Session& session, const std::string& scan);

enum class ColumnUse { Id, IdList, Number, NumberList };

// Throws InputError naming `path`, the column, its type and `what` it is
// used as ("the user", "the score") unless `type` fits `use`.
void requireColumnType(const std::string& path, const ParquetColumn& column, ColumnUse use, const std::string& what);

// The type of column `name` of `columns` ("" if absent).
const ParquetColumn* findColumn(const std::vector<ParquetColumn>& columns, const std::string& name);

} // namespace ranklab

#include "io/parquet_columns.h"

#include <algorithm>
#include <string_view>

#include "common/error.h"

namespace ranklab {
namespace {

bool isInteger(std::string_view t) {
    for (std::string_view name : {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT",
                                  "UINTEGER", "UBIGINT", "UHUGEINT"})
        if (t == name) return true;
    return false;
}

bool isText(std::string_view t) { return t == "VARCHAR" || t == "UUID" || t.substr(0, 5) == "ENUM("; }

bool isNumber(std::string_view t) {
    return isInteger(t) || t == "FLOAT" || t == "DOUBLE" || t == "DECIMAL" || t.substr(0, 8) == "DECIMAL(";
}

} // namespace

std::vector<ParquetColumn> describeParquet(duckdb::Session& session, const std::string& scan) {
    const duckdb::Api& api = session.api();
    std::vector<ParquetColumn> out;
    auto result = session.stream("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM " + scan + ")");
    for (auto chunk = result.next(); chunk.size() > 0; chunk = result.next()) {
        auto* names = static_cast<duckdb_string_t*>(api.vectorGetData(chunk.column(0)));
        auto* types = static_cast<duckdb_string_t*>(api.vectorGetData(chunk.column(1)));
        for (std::uint64_t r = 0; r < chunk.size(); ++r)
            out.push_back({std::string(duckdb::stringAt(api, names, r)), std::string(duckdb::stringAt(api, types, r))});
    }
    return out;
}

void requireColumnType(const std::string& path, const ParquetColumn& column, ColumnUse use, const std::string& what) {
    std::string_view type = column.type;
    const bool list = use == ColumnUse::IdList || use == ColumnUse::NumberList;
    bool ok = !list || (type.size() > 2 && type.substr(type.size() - 2) == "[]");
    if (list && ok) type.remove_suffix(2);
    if (ok) ok = use == ColumnUse::Id || use == ColumnUse::IdList ? isText(type) || isInteger(type) : isNumber(type);
    if (ok) return;
    std::string expected;
    switch (use) {
    case ColumnUse::Id: expected = "text or integer ids"; break;
    case ColumnUse::IdList: expected = "lists of text or integer ids (VARCHAR[], BIGINT[], ...)"; break;
    case ColumnUse::Number: expected = "numbers (integer, decimal or floating point)"; break;
    case ColumnUse::NumberList: expected = "lists of numbers (DOUBLE[], FLOAT[], BIGINT[], ...)"; break;
    }
    throw InputError({path, 0, 0}, "column \"" + printable(column.name) + "\" (" + what + ") is " +
                                       printable(column.type, 80) + "; expected " + expected +
                                       " (RankLab does not convert other types)");
}

const ParquetColumn* findColumn(const std::vector<ParquetColumn>& columns, const std::string& name) {
    const auto it = std::find_if(columns.begin(), columns.end(), [&](const ParquetColumn& c) { return c.name == name; });
    return it == columns.end() ? nullptr : &*it;
}

} // namespace ranklab

#include "io/parquet_preview.h"


#include "common/error.h"
#include "common/grouped_number.h"
#include "io/parquet_query.h"
#include "io/parquet_reader.h"
#include "io/parquet_source.h"

namespace ranklab {
namespace {

// Every VARCHAR cell of a result's chunks, row by row (NULL as "NULL").
std::vector<std::vector<std::string>> textRows(const duckdb::Api& api, duckdb::Result result, std::size_t columns) {
    std::vector<std::vector<std::string>> rows;
    for (auto chunk = result.next(); chunk.size() > 0; chunk = result.next()) {
        const std::uint64_t n = chunk.size();
        const std::size_t first = rows.size();
        rows.resize(first + n, std::vector<std::string>(columns));
        for (std::size_t c = 0; c < columns; ++c) {
            const duckdb_vector v = chunk.column(c);
            auto* data = static_cast<duckdb_string_t*>(api.vectorGetData(v));
            const std::uint64_t* valid = api.vectorGetValidity(v);
            for (std::uint64_t r = 0; r < n; ++r) {
                const bool null = valid && !(valid[r / 64] >> (r % 64) & 1);
                rows[first + r][c] = null ? "NULL" : std::string(duckdb::stringAt(api, data, r));
            }
        }
    }
    return rows;
}

} // namespace

ParquetPreview previewParquet(const std::string& path, Role role, const FormatSpec& spec, std::size_t maxRows) {
    const std::string scan = parquetScan(path);  // the path checked before DuckDB is loaded
    const std::unique_ptr<duckdb::Session> opened = duckdb::Session::forFile(path);
    duckdb::Session& session = *opened;
    const duckdb::Api& api = session.api();
    ParquetPreview out;
    std::vector<std::string> names;
    try {
        // DESCRIBE: column_name, column_type, ... as VARCHAR.
        for (const auto& row : textRows(api, session.stream("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM " +
                                                            scan + ")"),
                                        2)) {
            names.push_back(row[0]);
            out.columns.push_back(row[0] + " " + row[1]);
        }
        std::string select;
        for (const auto& name : names)
            select += (select.empty() ? "" : ", ") + std::string("CAST(") + duckdb::quoteIdentifier(name) + " AS VARCHAR)";
        if (!names.empty())
            out.rows = textRows(api, session.stream("SELECT " + select + " FROM " + scan + " LIMIT " + std::to_string(maxRows)),
                                names.size());
        const auto counted = textRows(api, session.stream("SELECT CAST(count(*) AS VARCHAR), "
                                                          "CAST(count(DISTINCT filename) AS VARCHAR) FROM " +
                                                          parquetScan(path, true)),
                                      2);
        const std::uint64_t rows = counted.empty() ? 0 : std::stoull(counted[0][0]);
        const std::uint64_t parts = counted.empty() ? 0 : std::stoull(counted[0][1]);
        std::string types;
        for (const auto& c : out.columns) types += (types.empty() ? "" : ", ") + c;
        out.description = "Parquet: " + groupedNumber(parts) + (parts == 1 ? " part, " : " parts, ") + groupedNumber(rows) +
                          " rows, " + std::to_string(names.size()) + " columns (" + types + ")";
    } catch (const duckdb::QueryError& e) {
        throw InputError({path, 0, 0}, std::string("cannot be read as Parquet: ") + e.what());
    }
    try {
        out.reads = parquetLayoutDescription(path, role, spec, names);
    } catch (const InputError& e) {
        out.problem = e.problem();
    }
    return out;
}

} // namespace ranklab

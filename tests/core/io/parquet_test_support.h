#pragma once
// Parquet fixtures for the tests, written by DuckDB itself through the same
// run-time loaded library the reader uses (COPY ... TO ... (FORMAT parquet)).
// Tests skip, saying why, when the library is not there.
#include <string>

#include <gtest/gtest.h>

#include "io/parquet_library.h"
#include "io/parquet_query.h"

namespace ranklab::test {

#define RANKLAB_SKIP_WITHOUT_DUCKDB()                                                                      \
    do {                                                                                                   \
        if (!::ranklab::duckdb::available())                                                               \
            GTEST_SKIP() << "DuckDB's library is not available (looked in "                               \
                         << ::ranklab::duckdb::searchedPlaces()                                            \
                         << "): run cmake/fetch_duckdb.sh to test Parquet input";                         \
    } while (false)

// Writes the rows of `select` (a DuckDB query) to `path` as Parquet, zstd.
inline void writeParquet(const std::string& select, const std::string& path) {
    duckdb::Session session;
    session.run("COPY (" + select + ") TO " + duckdb::quoteString(path) + " (FORMAT parquet, COMPRESSION zstd)");
}

// A DuckDB query over a headerless TSV of (user, item, value) lines, read by
// DuckDB's own CSV reader; `userType` may make the user column an integer.
inline std::string tsvRows(const std::string& tsv, const std::string& valueName = "score",
                           const std::string& userType = "VARCHAR") {
    return "SELECT * FROM read_csv(" + duckdb::quoteString(tsv) +
           ", delim = '\\t', header = false, columns = {'user': '" + userType + "', 'item': 'VARCHAR', '" + valueName +
           "': 'DOUBLE'})";
}

} // namespace ranklab::test

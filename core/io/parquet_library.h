#pragma once
// DuckDB's shared library, loaded on first use (dlopen) from, in order:
// $RANKLAB_DUCKDB (when set, only there), the build folder's copy that
// cmake/fetch_duckdb.sh fetches, then libduckdb.so on the system's library
// path. Without it everything but Parquet works.
#include <string>

#include "io/parquet_c_api.h"

namespace ranklab::duckdb {

// The library's functions; throws Error with enableHint() when the library
// cannot be loaded or lacks a function. Loaded once per process (a failure
// is tried again at the next call, so a library fetched meanwhile is found).
const Api& api();

// Whether api() would succeed.
bool available();

// Where the library is looked for, in order (for messages).
std::string searchedPlaces();

// How to enable Parquet input, for messages.
std::string enableHint();

} // namespace ranklab::duckdb

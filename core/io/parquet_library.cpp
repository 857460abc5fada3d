#include "io/parquet_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <vector>

#include "common/error.h"

#ifndef RANKLAB_DUCKDB_DEFAULT
#define RANKLAB_DUCKDB_DEFAULT "build/duckdb/libduckdb.so"
#endif

namespace ranklab::duckdb {
namespace {

std::vector<std::string> places() {
    if (const char* env = std::getenv("RANKLAB_DUCKDB"); env && *env) return {env};
    return {RANKLAB_DUCKDB_DEFAULT, "libduckdb.so"};
}

template <typename F> void bind(void* handle, F& slot, const char* name, std::string& missing) {
    void* symbol = dlsym(handle, name);
    if (!symbol && missing.empty()) missing = name;
    slot = reinterpret_cast<F>(symbol);
}

struct Loaded {
    void* handle = nullptr;
    Api api{};
    std::string problem;  // why it did not load, else empty
};

Loaded load() {
    Loaded out;
    std::string tried;
    for (const std::string& place : places()) {
        out.handle = dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (out.handle) break;
        const char* why = dlerror();
        tried += (tried.empty() ? "" : "; ") + std::string(why ? why : place);
    }
    if (!out.handle) {
        out.problem = "DuckDB's library (libduckdb.so) was not found (" + tried + ")";
        return out;
    }
    std::string missing;
    Api& a = out.api;
    bind(out.handle, a.open, "duckdb_open", missing);
    bind(out.handle, a.openExt, "duckdb_open_ext", missing);
    bind(out.handle, a.createConfig, "duckdb_create_config", missing);
    bind(out.handle, a.setConfig, "duckdb_set_config", missing);
    bind(out.handle, a.destroyConfig, "duckdb_destroy_config", missing);
    bind(out.handle, a.free, "duckdb_free", missing);
    bind(out.handle, a.close, "duckdb_close", missing);
    bind(out.handle, a.connect, "duckdb_connect", missing);
    bind(out.handle, a.disconnect, "duckdb_disconnect", missing);
    bind(out.handle, a.query, "duckdb_query", missing);
    bind(out.handle, a.prepare, "duckdb_prepare", missing);
    bind(out.handle, a.prepareError, "duckdb_prepare_error", missing);
    bind(out.handle, a.destroyPrepare, "duckdb_destroy_prepare", missing);
    bind(out.handle, a.executePreparedStreaming, "duckdb_execute_prepared_streaming", missing);
    bind(out.handle, a.destroyResult, "duckdb_destroy_result", missing);
    bind(out.handle, a.resultError, "duckdb_result_error", missing);
    bind(out.handle, a.columnCount, "duckdb_column_count", missing);
    bind(out.handle, a.columnName, "duckdb_column_name", missing);
    bind(out.handle, a.fetchChunk, "duckdb_fetch_chunk", missing);
    bind(out.handle, a.destroyDataChunk, "duckdb_destroy_data_chunk", missing);
    bind(out.handle, a.dataChunkGetSize, "duckdb_data_chunk_get_size", missing);
    bind(out.handle, a.dataChunkGetVector, "duckdb_data_chunk_get_vector", missing);
    bind(out.handle, a.vectorGetData, "duckdb_vector_get_data", missing);
    bind(out.handle, a.vectorGetValidity, "duckdb_vector_get_validity", missing);
    bind(out.handle, a.listVectorGetChild, "duckdb_list_vector_get_child", missing);
    bind(out.handle, a.stringData, "duckdb_string_t_data", missing);
    bind(out.handle, a.stringLength, "duckdb_string_t_length", missing);
    bind(out.handle, a.libraryVersion, "duckdb_library_version", missing);
    if (!missing.empty()) {
        out.problem = "the DuckDB library found is too old: it has no " + missing + " (DuckDB 1.1 or newer is needed)";
        dlclose(out.handle);
        out.handle = nullptr;
    }
    return out;
}

std::mutex mutex;
Loaded* loaded = nullptr;  // kept for the process's life once it loads

} // namespace

std::string searchedPlaces() {
    std::string out;
    for (const std::string& p : places()) out += (out.empty() ? "" : ", ") + p;
    return out;
}

std::string enableHint() {
    return "Parquet input needs DuckDB's library: run ./run.sh or cmake/fetch_duckdb.sh (it fetches "
           "libduckdb.so with npm into build/duckdb), or set RANKLAB_DUCKDB to the path of a libduckdb.so";
}

const Api& api() {
    std::lock_guard<std::mutex> lock(mutex);
    if (!loaded) {
        Loaded attempt = load();
        if (!attempt.handle) throw Error(attempt.problem + ". " + enableHint());
        loaded = new Loaded(std::move(attempt));
    }
    return loaded->api;
}

bool available() {
    try {
        api();
        return true;
    } catch (const Error&) {
        return false;
    }
}

} // namespace ranklab::duckdb

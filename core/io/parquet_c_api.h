#pragma once
// The few declarations of DuckDB's C API that the Parquet reader uses,
// written from DuckDB's documentation of that API (types and functions by
// their documented names and signatures). Nothing here is linked: the
// functions are looked up at run time in libduckdb.so (io/parquet_library.h).
#include <cstdint>

extern "C" {

typedef std::uint64_t duckdb_idx_t;
typedef enum { DuckDBSuccess = 0, DuckDBError = 1 } duckdb_state;

// The documented type ids this reader handles (the query casts every column
// to one of them).
typedef enum {
    DUCKDB_TYPE_DOUBLE = 11,
    DUCKDB_TYPE_VARCHAR = 17,
    DUCKDB_TYPE_LIST = 24,
} duckdb_type;

// Opaque handles: each is a pointer to a struct holding one pointer.
typedef struct _duckdb_database { void* internal_ptr; }* duckdb_database;
typedef struct _duckdb_config { void* internal_ptr; }* duckdb_config;
typedef struct _duckdb_connection { void* internal_ptr; }* duckdb_connection;
typedef struct _duckdb_prepared_statement { void* internal_ptr; }* duckdb_prepared_statement;
typedef struct _duckdb_data_chunk { void* internal_ptr; }* duckdb_data_chunk;
typedef struct _duckdb_vector { void* internal_ptr; }* duckdb_vector;

// A query's result lives in a caller-owned struct; its fields are
// deprecated and only the size matters here.
typedef struct {
    duckdb_idx_t deprecated_column_count;
    duckdb_idx_t deprecated_row_count;
    duckdb_idx_t deprecated_rows_changed;
    void* deprecated_columns;
    char* deprecated_error_message;
    void* internal_data;
} duckdb_result;

// A VARCHAR value in a vector (16 bytes); read through
// duckdb_string_t_data / duckdb_string_t_length.
typedef struct {
    union {
        struct {
            std::uint32_t length;
            char prefix[4];
            char* ptr;
        } pointer;
        struct {
            std::uint32_t length;
            char inlined[12];
        } inlined;
    } value;
} duckdb_string_t;

// A LIST value: its elements are child[offset, offset + length).
typedef struct {
    std::uint64_t offset;
    std::uint64_t length;
} duckdb_list_entry;

} // extern "C"

namespace ranklab::duckdb {

// The functions used, as pointers resolved from the library.
struct Api {
    duckdb_state (*open)(const char* path, duckdb_database* out);
    duckdb_state (*openExt)(const char* path, duckdb_database* out, duckdb_config config, char** error);
    duckdb_state (*createConfig)(duckdb_config* out);
    duckdb_state (*setConfig)(duckdb_config config, const char* name, const char* value);
    void (*destroyConfig)(duckdb_config* config);
    void (*free)(void* pointer);
    void (*close)(duckdb_database* database);
    duckdb_state (*connect)(duckdb_database database, duckdb_connection* out);
    void (*disconnect)(duckdb_connection* connection);
    duckdb_state (*query)(duckdb_connection connection, const char* sql, duckdb_result* out);
    duckdb_state (*prepare)(duckdb_connection connection, const char* sql, duckdb_prepared_statement* out);
    const char* (*prepareError)(duckdb_prepared_statement statement);
    void (*destroyPrepare)(duckdb_prepared_statement* statement);
    duckdb_state (*executePreparedStreaming)(duckdb_prepared_statement statement, duckdb_result* out);
    void (*destroyResult)(duckdb_result* result);
    const char* (*resultError)(duckdb_result* result);
    duckdb_idx_t (*columnCount)(duckdb_result* result);
    const char* (*columnName)(duckdb_result* result, duckdb_idx_t column);
    duckdb_data_chunk (*fetchChunk)(duckdb_result result);
    void (*destroyDataChunk)(duckdb_data_chunk* chunk);
    duckdb_idx_t (*dataChunkGetSize)(duckdb_data_chunk chunk);
    duckdb_vector (*dataChunkGetVector)(duckdb_data_chunk chunk, duckdb_idx_t column);
    void* (*vectorGetData)(duckdb_vector vector);
    std::uint64_t* (*vectorGetValidity)(duckdb_vector vector);
    duckdb_vector (*listVectorGetChild)(duckdb_vector vector);
    const char* (*stringData)(duckdb_string_t* string);
    std::uint32_t (*stringLength)(duckdb_string_t string);
    const char* (*libraryVersion)();
};

// Whether row `row` of a vector with validity mask `validity` holds a value
// (a null mask means every row does).
inline bool isValid(const std::uint64_t* validity, std::uint64_t row) {
    return !validity || (validity[row / 64] >> (row % 64)) & 1u;
}

} // namespace ranklab::duckdb

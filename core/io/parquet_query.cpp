#include "io/parquet_query.h"

#include "io/parquet_library.h"

namespace ranklab::duckdb {

Result::Result(Result&& other) noexcept : api_(other.api_), result_(other.result_), open_(other.open_) {
    other.open_ = false;
}

Result::~Result() {
    if (open_) api_->destroyResult(&result_);
}

Result::Chunk::~Chunk() {
    if (chunk_) api_->destroyDataChunk(&chunk_);
}

Result::Chunk Result::next() {
    duckdb_data_chunk chunk = api_->fetchChunk(result_);
    if (!chunk) {
        // The end, or a failure while streaming (a corrupt page further on).
        const char* error = api_->resultError(&result_);
        if (error && *error) throw QueryError(error);
    }
    return Chunk(*api_, chunk);
}

std::vector<std::string> Result::columnNames() {
    std::vector<std::string> names;
    const duckdb_idx_t n = api_->columnCount(&result_);
    for (duckdb_idx_t i = 0; i < n; ++i) {
        const char* name = api_->columnName(&result_, i);
        names.emplace_back(name ? name : "");
    }
    return names;
}

std::unique_ptr<Session> Session::forFile(const std::string& path) {
    try {
        return std::make_unique<Session>();
    } catch (const Error& e) {
        throw InputError({path, 0, 0}, e.what());
    }
}

Session::Session() : api_(&duckdb::api()) {
    if (api_->open(nullptr, &database_) != DuckDBSuccess) throw Error("DuckDB could not open an in-memory database");
    if (api_->connect(database_, &connection_) != DuckDBSuccess) {
        api_->close(&database_);
        throw Error("DuckDB could not connect to its in-memory database");
    }
}

Session::~Session() {
    api_->disconnect(&connection_);
    api_->close(&database_);
}

void Session::run(const std::string& sql) {
    duckdb_result result;
    const duckdb_state state = api_->query(connection_, sql.c_str(), &result);
    std::string message;
    if (state != DuckDBSuccess) {
        const char* error = api_->resultError(&result);
        message = error ? error : "unknown DuckDB error";
    }
    api_->destroyResult(&result);
    if (state != DuckDBSuccess) throw QueryError(message);
}

Result Session::stream(const std::string& sql) {
    duckdb_prepared_statement statement = nullptr;
    if (api_->prepare(connection_, sql.c_str(), &statement) != DuckDBSuccess) {
        const char* error = api_->prepareError(statement);
        std::string message = error ? error : "unknown DuckDB error";
        api_->destroyPrepare(&statement);
        throw QueryError(message);
    }
    duckdb_result result;
    const duckdb_state state = api_->executePreparedStreaming(statement, &result);
    api_->destroyPrepare(&statement);
    if (state != DuckDBSuccess) {
        const char* error = api_->resultError(&result);
        std::string message = error ? error : "unknown DuckDB error";
        api_->destroyResult(&result);
        throw QueryError(message);
    }
    return Result(*api_, result);
}

std::string quoteString(std::string_view text) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\'') out += '\'';
        out += c;
    }
    return out + "'";
}

std::string quoteIdentifier(std::string_view name) {
    std::string out = "\"";
    for (char c : name) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

} // namespace ranklab::duckdb

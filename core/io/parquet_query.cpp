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

namespace {

// The settings every session opens with, before any query: no extension is
// installed or loaded behind RankLab's back (an https:// or s3:// path would
// make DuckDB fetch httpfs and write ~/.duckdb), no secret is stored, and
// the configuration is locked so that no statement can change it. Paths
// are checked by RankLab itself (io/parquet_source.h: local files only).
constexpr const char* kSettings[][2] = {
    {"autoinstall_known_extensions", "false"},
    {"autoload_known_extensions", "false"},
    {"allow_community_extensions", "false"},
    {"allow_unsigned_extensions", "false"},
    {"allow_persistent_secrets", "false"},
    {"lock_configuration", "true"},
};

struct Config {
    const Api* api;
    duckdb_config config = nullptr;
    ~Config() {
        if (config) api->destroyConfig(&config);
    }
};

} // namespace

std::string cleanMessage(std::string_view message) {
    // DuckDB's messages may quote the query ("LINE 1: SELECT ... FROM
    // read_parquet(...)") after the first line: only the first line is kept.
    const std::size_t end = message.find('\n');
    std::string first(message.substr(0, end));
    while (!first.empty() && (first.back() == ' ' || first.back() == '\r')) first.pop_back();
    return printable(first, 300);
}

QueryError::QueryError(const std::string& message) : Error(cleanMessage(message)) {}

Session::Session() : api_(&duckdb::api()) {
    Config config{api_};
    if (api_->createConfig(&config.config) != DuckDBSuccess) throw Error("DuckDB could not make a configuration");
    for (const auto& setting : kSettings)
        if (api_->setConfig(config.config, setting[0], setting[1]) != DuckDBSuccess)
            throw Error(std::string("DuckDB refused the setting ") + setting[0] + " = " + setting[1] +
                        " (DuckDB 1.1 or newer is needed)");
    char* error = nullptr;
    if (api_->openExt(nullptr, &database_, config.config, &error) != DuckDBSuccess) {
        const std::string why = error ? cleanMessage(error) : std::string("unknown error");
        if (error) api_->free(error);
        throw Error("DuckDB could not open an in-memory database: " + why);
    }
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

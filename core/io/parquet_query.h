#pragma once
// A DuckDB session for reading files: an in-memory database, one connection,
// queries whose results stream chunk by chunk, and the quoting that puts
// paths and column names into SQL safely.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "io/parquet_c_api.h"

namespace ranklab::duckdb {

// A query DuckDB refused or failed; what() is DuckDB's own message, its
// first line only (the lines after it may quote the query's SQL), with
// control and non-UTF-8 bytes escaped (cleanMessage).
class QueryError : public Error {
public:
    explicit QueryError(const std::string& message);
};
std::string cleanMessage(std::string_view message);

// The chunks of a streamed result, in order. Move-only.
class Result {
public:
    Result(const Api& api, duckdb_result result) : api_(&api), result_(result), open_(true) {}
    Result(Result&& other) noexcept;
    Result& operator=(Result&&) = delete;
    ~Result();
    // The next chunk (owned by the caller: release it with Chunk's
    // destructor), or a chunk whose size() is 0 at the end.
    class Chunk {
    public:
        Chunk(const Api& api, duckdb_data_chunk chunk) : api_(&api), chunk_(chunk) {}
        Chunk(Chunk&& other) noexcept : api_(other.api_), chunk_(other.chunk_) { other.chunk_ = nullptr; }
        Chunk& operator=(Chunk&& other) noexcept {
            if (this != &other) {
                if (chunk_) api_->destroyDataChunk(&chunk_);
                api_ = other.api_;
                chunk_ = other.chunk_;
                other.chunk_ = nullptr;
            }
            return *this;
        }
        ~Chunk();
        std::uint64_t size() const { return chunk_ ? api_->dataChunkGetSize(chunk_) : 0; }
        duckdb_vector column(std::uint64_t i) const { return api_->dataChunkGetVector(chunk_, i); }

    private:
        const Api* api_;
        duckdb_data_chunk chunk_;
    };
    Chunk next();
    std::vector<std::string> columnNames();

private:
    const Api* api_;
    duckdb_result result_;
    bool open_;
};

class Session {
public:
    // Throws Error (with how to enable Parquet) when the library is missing.
    Session();
    // The same for reading `path`: the error is an InputError naming it.
    static std::unique_ptr<Session> forFile(const std::string& path);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Runs `sql`, its result unused. Throws QueryError.
    void run(const std::string& sql);
    // Runs `sql` and streams its result. Throws QueryError.
    Result stream(const std::string& sql);
    const Api& api() const { return *api_; }

private:
    const Api* api_;
    duckdb_database database_ = nullptr;
    duckdb_connection connection_ = nullptr;
};

// 'text' with quotes doubled: a SQL string literal.
std::string quoteString(std::string_view text);
// "name" with quotes doubled: a SQL identifier.
std::string quoteIdentifier(std::string_view name);
// A VARCHAR value of a vector's data.
inline std::string_view stringAt(const Api& api, duckdb_string_t* data, std::uint64_t row) {
    return {api.stringData(&data[row]), api.stringLength(data[row])};
}

} // namespace ranklab::duckdb

#include "io/parquet_source.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "io/parquet_query.h"

namespace ranklab {
namespace {

namespace fs = std::filesystem;

bool endsWithParquet(const std::string& name) {
    constexpr std::string_view ext = ".parquet";
    if (name.size() < ext.size()) return false;
    return std::equal(ext.begin(), ext.end(), name.end() - ext.size(),
                      [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

bool isGlob(const std::string& path) { return path.find_first_of("*?[") != std::string::npos; }

bool isFolder(const std::string& path) {
    std::error_code ec;
    return fs::is_directory(path, ec);
}

} // namespace

bool looksLikeParquet(const std::string& path) {
    if (endsWithParquet(path)) return true;
    if (isFolder(path)) {
        std::error_code ec;
        for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
            if (it->is_regular_file(ec) && endsWithParquet(it->path().filename().string())) return true;
        return false;
    }
    if (isGlob(path)) return false;
    // Only a regular file is peeked at: a pipe or FIFO would lose the bytes
    // read here (its reader reads it once; it is not Parquet by name).
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    return in.read(magic, 4) && std::string_view(magic, 4) == "PAR1";
}

std::string parquetScan(const std::string& path, bool withRowPlace) {
    std::string pattern = path;
    std::string options;
    if (isFolder(path)) {
        pattern = (path.back() == '/' ? path : path + "/") + "**/*.parquet";
        options += ", hive_partitioning = true";
    }
    if (isFolder(path) || isGlob(path)) options += ", union_by_name = true";
    if (withRowPlace) options += ", filename = true, file_row_number = true";
    return "read_parquet(" + duckdb::quoteString(pattern) + options + ")";
}

std::uint64_t parquetBytes(const std::string& path) {
    std::error_code ec;
    if (!isFolder(path)) {
        auto size = fs::file_size(path, ec);
        return ec ? 0 : size;
    }
    std::uint64_t total = 0;
    for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && endsWithParquet(it->path().filename().string()))
            total += it->file_size(ec);
    return total;
}

} // namespace ranklab

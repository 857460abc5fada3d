#include "io/input_opening.h"

#include <filesystem>

#include "common/error.h"
#include "io/parquet_source.h"

namespace ranklab {

std::unique_ptr<FileHandle> openToDetect(const std::string& path, const FormatSpec& format) {
    if (format.kind != FormatKind::Auto || looksLikeParquet(path)) return nullptr;
    return std::make_unique<FileHandle>(path);
}

bool isStreamPath(const std::string& path) {
    if (isStandardInput(path)) return true;
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    return !error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
           !std::filesystem::is_directory(status);
}

void refuseParquetStream(const std::string& path) {
    throw InputError({path, 0, 0}, "Parquet that is not a regular file: it came through a pipe, a FIFO or standard "
                                   "input, read once, and Parquet is read (through DuckDB) by seeking to its "
                                   "footer at the end; expected a file (save it to one first) or text");
}

} // namespace ranklab

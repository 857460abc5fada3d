#include "io/parquet_source.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <system_error>

#include "common/error.h"
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

// "https://", "s3://", "file://": any scheme. DuckDB would fetch (or try to
// install the extension that fetches) what such a path names.
bool isUrl(const std::string& path) {
    const std::size_t colon = path.find("://");
    if (colon == std::string::npos || colon == 0 || !std::isalpha(static_cast<unsigned char>(path[0]))) return false;
    return std::all_of(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(colon), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
    });
}

std::string allowedForms() {
    return "expected a local Parquet file, a local folder of parts (every *.parquet under it) or a glob of local "
           "files (\"parts/*.parquet\"; \"**\" to descend into folders)";
}

// A walk under `root` that stops at the limits: at most kMaxParquetParts
// files kept, kMaxParquetEntries entries looked at, `maxDepth` folders deep
// (symbolic links to folders are not followed).
class BoundedWalk {
public:
    BoundedWalk(const std::string& path, std::string root, int maxDepth)
        : path_(path), root_(std::move(root)), maxDepth_(maxDepth) {}

    // Calls keep(file) for every regular file until it returns false.
    template <class Keep> void run(Keep keep) {
        std::error_code ec;
        fs::recursive_directory_iterator it(root_, fs::directory_options::skip_permission_denied, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            if (++entries_ > kMaxParquetEntries)
                throw InputError({path_, 0, 0}, "more than " + std::to_string(kMaxParquetEntries) +
                                                    " files and folders to look through; " + allowedForms() +
                                                    " naming one data set's parts, not a whole tree");
            std::error_code typeError;
            if (it->is_directory(typeError) && !it->is_symlink(typeError)) {
                if (it.depth() + 1 >= maxDepth_) it.disable_recursion_pending();
                continue;
            }
            if (it->is_regular_file(typeError) && !keep(it->path().string())) return;
        }
    }

private:
    const std::string& path_;
    std::string root_;
    int maxDepth_;
    std::uint64_t entries_ = 0;
};

void keepPart(std::vector<std::string>& parts, const std::string& file, const std::string& path) {
    if (parts.size() == kMaxParquetParts)
        throw InputError({path, 0, 0}, "more than " + std::to_string(kMaxParquetParts) + " Parquet parts; " +
                                           allowedForms() + " of at most " + std::to_string(kMaxParquetParts) +
                                           " parts");
    parts.push_back(file);
}

std::vector<std::string> globParts(const std::string& path) {
    // The folder before the first component holding a glob character.
    const std::size_t firstGlob = path.find_first_of("*?[");
    const std::size_t slash = path.rfind('/', firstGlob);
    const std::string root = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const std::string pattern = slash == std::string::npos ? "./" + path : path;
    const bool recursive = path.find("**") != std::string::npos;
    int depth = 1;
    for (std::size_t i = firstGlob; i < path.size(); ++i) depth += path[i] == '/';
    // "**" (any folders, none included) as DuckDB reads it: '*' may match '/'.
    std::string noFolders = pattern;
    for (std::size_t at; (at = noFolders.find("**/")) != std::string::npos;) noFolders.erase(at, 3);
    std::vector<std::string> parts;
    BoundedWalk(path, root, recursive ? kMaxParquetDepth : depth).run([&](const std::string& file) {
        const bool match = recursive ? fnmatch(pattern.c_str(), file.c_str(), 0) == 0 ||
                                           fnmatch(noFolders.c_str(), file.c_str(), 0) == 0
                                     : fnmatch(pattern.c_str(), file.c_str(), FNM_PATHNAME) == 0;
        if (match) keepPart(parts, slash == std::string::npos ? file.substr(2) : file, path);
        return true;
    });
    if (parts.empty()) throw InputError({path, 0, 0}, "the glob matches no file; " + allowedForms());
    return parts;
}

} // namespace

std::string duckdbLiteralPath(const std::string& file) {
    // Checked against DuckDB 1.4.4 (tests/core/io/parquet_glob_names_test.cpp):
    // a path holding '*', '?' or '[' is globbed, where "[*]", "[?]" and "[[]"
    // match the character itself; a path also holding a backslash matches
    // nothing as a glob, but an existing file of exactly that name is read
    // as it is.
    if (file.find_first_of("*?[") == std::string::npos || file.find('\\') != std::string::npos) return file;
    std::string out;
    for (char c : file) {
        if (c == '*' || c == '?' || c == '[') out += std::string("[") + c + "]";
        else out += c;
    }
    return out;
}

bool looksLikeParquet(const std::string& path) {
    if (endsWithParquet(path)) return true;
    if (isUrl(path)) return false;
    if (isFolder(path)) {
        bool found = false;
        try {
            BoundedWalk(path, path, kMaxParquetDepth).run([&](const std::string& file) {
                found = endsWithParquet(fs::path(file).filename().string());
                return !found;
            });
        } catch (const InputError&) {
            return false;  // past the limits: not a folder of parts
        }
        return found;
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

std::vector<std::string> parquetParts(const std::string& path) {
    if (isUrl(path))
        throw InputError({path, 0, 0}, "a URL: RankLab reads no Parquet over a network (nor installs DuckDB "
                                       "extensions to); " + allowedForms() + " (download the file first)");
    if (path.empty()) throw InputError({path, 0, 0}, "an empty path; " + allowedForms());
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (fs::is_regular_file(status)) return {path};
    if (fs::is_directory(status)) {
        std::vector<std::string> parts;
        BoundedWalk(path, path, kMaxParquetDepth).run([&](const std::string& file) {
            if (endsWithParquet(fs::path(file).filename().string())) keepPart(parts, file, path);
            return true;
        });
        if (parts.empty()) throw InputError({path, 0, 0}, "the folder holds no *.parquet file; " + allowedForms());
        std::sort(parts.begin(), parts.end());
        return parts;
    }
    if (fs::exists(status))
        throw InputError({path, 0, 0}, "not a regular file (a FIFO, socket or device); " + allowedForms());
    if (isGlob(path)) {
        std::vector<std::string> parts = globParts(path);
        std::sort(parts.begin(), parts.end());
        return parts;
    }
    throw InputError({path, 0, 0}, "no such file or folder; " + allowedForms());
}

std::string parquetScan(const std::string& path, bool withRowPlace) {
    const std::vector<std::string> parts = parquetParts(path);
    std::string options;
    std::string files;
    if (isFolder(path)) options += ", hive_partitioning = true";
    if (isFolder(path) || isGlob(path)) options += ", union_by_name = true";
    if (withRowPlace) options += ", filename = true, file_row_number = true";
    if (parts.size() == 1 && !isFolder(path) && !isGlob(path)) {
        files = duckdb::quoteString(duckdbLiteralPath(parts.front()));
    } else {
        // The parts listed one by one, each matching only itself.
        files = "[";
        for (const std::string& part : parts)
            files += (files.size() > 1 ? ", " : "") + duckdb::quoteString(duckdbLiteralPath(part));
        files += "]";
    }
    return "read_parquet(" + files + options + ")";
}

std::uint64_t parquetBytes(const std::string& path) {
    std::uint64_t total = 0;
    try {
        for (const std::string& part : parquetParts(path)) {
            std::error_code ec;
            const auto size = fs::file_size(part, ec);
            if (!ec) total += size;
        }
    } catch (const InputError&) {
        return 0;
    }
    return total;
}

} // namespace ranklab

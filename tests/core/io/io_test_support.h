#pragma once
// Helpers for the reader tests: a temporary directory, gzip/zstd encoders,
// catching an InputError, and a string view of what a reader produced.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include "common/error.h"
#include "data/id_space.h"
#include "data/judgments.h"
#include "data/run.h"
#include "io/read_options.h"

namespace ranklab::test {

inline std::string dataPath(const std::string& relative) { return std::string(RANKLAB_TEST_DATA) + "/" + relative; }

// A fresh directory under the system temp dir, removed on destruction.
class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "ranklab_io_XXXXXX").string();
        if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    // Writes `bytes` to `name` in this directory; returns the full path.
    std::string write(const std::string& name, std::string_view bytes) const {
        std::string file = (path_ / name).string();
        std::ofstream out(file, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return file;
    }
    std::string path() const { return path_.string(); }

private:
    std::filesystem::path path_;
};

inline std::string readFileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// One gzip member (RFC 1952), made with zlib.
inline std::string gzipBytes(std::string_view text) {
    z_stream z{};
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) throw std::runtime_error("zlib");
    std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    int rc = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    if (rc != Z_STREAM_END) throw std::runtime_error("deflate");
    return out;
}

// One zstd frame, made with libzstd.
inline std::string zstdBytes(std::string_view text) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
    if (ZSTD_isError(n)) throw std::runtime_error("zstd");
    out.resize(n);
    return out;
}

// ReadOptions with one thing changed.
inline ReadOptions skippingBadLines() {
    ReadOptions o;
    o.skipBadLines = true;
    return o;
}
inline ReadOptions withDuplicates(DuplicatePolicy policy) {
    ReadOptions o;
    o.duplicates = policy;
    return o;
}
inline ReadOptions withBlocks(std::size_t blockBytes, std::size_t chunkBytes) {
    ReadOptions o;
    o.blockBytes = blockBytes;
    o.chunkBytes = chunkBytes;
    return o;
}

// Runs `read`, which must throw an InputError, and returns it.
inline InputError expectInputError(const std::function<void()>& read) {
    try {
        read();
    } catch (const InputError& e) {
        return e;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "expected an InputError, got: " << e.what();
        return InputError({}, "wrong exception");
    }
    ADD_FAILURE() << "expected an InputError, nothing was thrown";
    return InputError({}, "nothing thrown");
}

// The message of the InputError `read` throws; "no error" when it throws none.
inline std::string messageOf(const std::function<void()>& read) {
    try {
        read();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

// A table as (user, item, value) strings and numbers, in storage order.
using Entry = std::tuple<std::string, std::string, double>;

template <typename Table>
std::vector<Entry> entriesOf(const Table& table, const IdSpace& ids) {
    std::vector<Entry> out;
    const UserIndex& index = table.index();
    for (UserId u = 0; u < index.userCount(); ++u) {
        auto items = table.items(u);
        std::span<const double> values;
        if constexpr (std::is_same_v<Table, Run>)
            values = table.scores(u);
        else
            values = table.grades(u);
        for (std::size_t i = 0; i < items.size(); ++i)
            out.emplace_back(std::string(ids.users.name(u)), std::string(ids.items.name(items[i])), values[i]);
    }
    return out;
}

// All names of an Interner in id order.
inline std::vector<std::string> namesOf(const Interner& interner) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < interner.size(); ++i) out.emplace_back(interner.name(static_cast<std::uint32_t>(i)));
    return out;
}

} // namespace ranklab::test

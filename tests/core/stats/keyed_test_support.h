#pragma once
// What the keyed resampling tests share (keyed_resampling_test.cpp,
// keyed_bootstrap_test.cpp): user keys, columns that add exactly or that
// round, the rows of a shard, and the bucket splits tried.
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "common/user_key.h"
#include "stats/bucket_tree.h"

namespace ranklab::stats::keyed_test {

inline std::vector<UserKey> keysOf(std::size_t n, std::size_t salt = 0) {
    std::vector<UserKey> keys(n);
    for (std::size_t i = 0; i < n; ++i) keys[i] = userKey("user-" + std::to_string(i * 31 + salt));
    return keys;
}

// Values that add exactly in any order: multiples of 1/16 below 2^10.
inline std::vector<std::vector<double>> dyadicColumns(std::size_t columns, std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::vector<double>> out(columns, std::vector<double>(n));
    for (auto& c : out)
        for (auto& v : c) v = rng() % 3 == 0 ? 0.0 : static_cast<double>(rng() % 16384) / 16.0;
    return out;
}

// Values whose sums round: the order of the additions shows in the bits.
inline std::vector<std::vector<double>> roundingColumns(std::size_t columns, std::size_t n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<std::vector<double>> out(columns, std::vector<double>(n));
    for (auto& c : out)
        for (auto& v : c) v = rng() % 4 == 0 ? 0.0 : u(rng) / 3.0;
    return out;
}

inline std::vector<std::span<const double>> spans(const std::vector<std::vector<double>>& columns) {
    return {columns.begin(), columns.end()};
}

inline std::vector<const TreeNode*> pointers(const std::vector<TreeNode>& nodes) {
    std::vector<const TreeNode*> out;
    for (const auto& n : nodes) out.push_back(&n);
    return out;
}

inline bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// The rows of a shard: the users whose bucket lies in begin:end.
inline std::vector<std::size_t> rowsIn(const std::vector<UserKey>& keys, std::uint32_t begin, std::uint32_t end) {
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < keys.size(); ++r)
        if (keys[r].bucket() >= begin && keys[r].bucket() < end) rows.push_back(r);
    return rows;
}

template <class T>
std::vector<T> pick(const std::vector<T>& all, const std::vector<std::size_t>& rows) {
    std::vector<T> out;
    for (std::size_t r : rows) out.push_back(all[r]);
    return out;
}

inline std::vector<std::vector<double>> pickColumns(const std::vector<std::vector<double>>& columns,
                                             const std::vector<std::size_t>& rows) {
    std::vector<std::vector<double>> out;
    for (const auto& c : columns) out.push_back(pick(c, rows));
    return out;
}

// Bucket boundaries of shards: one machine, halves, and uneven ranges.
inline const std::vector<std::vector<std::uint32_t>> kSplits = {
    {0, 4096}, {0, 2048, 4096}, {0, 1, 1000, 1365, 4095, 4096}, {0, 17, 18, 2731, 4096}};

} // namespace ranklab::stats::keyed_test

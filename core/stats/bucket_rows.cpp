#include "stats/bucket_rows.h"

#include <algorithm>

#include "common/user_key.h"

namespace ranklab::stats {

BucketRows::BucketRows(const UserLayout& layout, std::span<const std::span<const double>> columns,
                       std::uint32_t begin, std::uint32_t end)
    : rows_(kUserBuckets), slots_(PaddedRows::sparseFirst(columns)) {
    stride_ = std::max<std::size_t>(1, (columns.size() + PaddedRows::kChunk - 1) / PaddedRows::kChunk) *
              PaddedRows::kChunk;
    std::vector<std::vector<double>> values(columns.size());
    std::vector<std::span<const double>> spans(columns.size());
    for (std::uint32_t b = begin; b < end; ++b) {
        const std::uint32_t n = layout.bucketSize(b);
        if (n == 0) continue;
        for (std::size_t c = 0; c < columns.size(); ++c) {
            values[c].resize(n);
            for (std::uint32_t i = 0; i < n; ++i) values[c][i] = columns[c][layout.rows[layout.start[b] + i]];
            spans[c] = values[c];
        }
        rows_[b].emplace(spans, n, slots_);
    }
}

} // namespace ranklab::stats

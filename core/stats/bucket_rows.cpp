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

void BucketRows::toColumns(const std::vector<TreeNode>& block, std::size_t first, std::size_t R,
                           std::vector<TreeNode>& into) const {
    const std::size_t C = slots_.size();
    for (std::size_t i = 0; i < block.size(); ++i) {
        if (block[i].users == 0) continue;
        double* to = into[i].values.data() + first * C;
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t c = 0; c < C; ++c) to[r * C + c] = block[i].values[r * stride_ + slots_[c]];
    }
}

} // namespace ranklab::stats

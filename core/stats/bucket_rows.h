#pragma once
// The columns of each bucket's users, in the layout's order (user_layout.h),
// laid out for the resampling kernel (weighted_row_sums.h): one PaddedRows
// per bucket with users, so a bucket's sums start from its own first user,
// every bucket with the same slots (sparser columns first over all the
// users), so that buckets' sums add slot by slot.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "stats/bucket_tree.h"
#include "stats/user_layout.h"
#include "stats/weighted_row_sums.h"

namespace ranklab::stats {

class BucketRows {
public:
    // columns[c][row]: the table's rows, as the layout's `rows` index them.
    BucketRows(const UserLayout& layout, std::span<const std::span<const double>> columns, std::uint32_t begin,
               std::uint32_t end);
    const PaddedRows& of(std::uint32_t bucket) const { return *rows_[bucket]; }
    // A block's node sums of R resamples, in slot order ([r·stride + slot],
    // as the kernel forms them), into `into`'s values in column order
    // ([r·columns + c]) from resample `first`; nodes without users skipped.
    void toColumns(const std::vector<TreeNode>& block, std::size_t first, std::size_t R,
                   std::vector<TreeNode>& into) const;
    std::size_t stride() const { return stride_; }
    std::size_t slot(std::size_t column) const { return slots_[column]; }

private:
    std::vector<std::optional<PaddedRows>> rows_;
    std::vector<std::size_t> slots_;
    std::size_t stride_ = 0;
};

} // namespace ranklab::stats

#pragma once
// The engine under every bootstrap: the means of many columns of the same
// users over B resamples of the users (with replacement), all columns drawing
// the same users in a resample. Resample r depends only on (seed, r): n
// uniform draws of a user, counted per user. Its sums Σ count·x are formed in
// the one fixed order of addGroupedRows (weighted_row_sums.h: subset-sum
// tables of 8-user groups, one lookup per group and bit of the counts), so
// the result is bit-identical for any thread count and whether a column is
// resampled alone or with others.
//
// A paired bootstrap needs no column of its own: with shared draws the
// resampled mean of a − b is the resampled mean of a minus that of b.
#include <cstddef>
#include <span>
#include <vector>

#include "stats/bootstrap.h"
#include "stats/resampling.h"

namespace ranklab::stats {

struct ResampledMeans {
    std::size_t columns = 0;
    std::size_t resamples = 0;
    std::vector<double> values;  // values[c * resamples + r]: column c's mean in resample r

    std::span<const double> column(std::size_t c) const { return {values.data() + c * resamples, resamples}; }
};

// Throws ranklab::Error when the columns differ in length or there are 2^32
// users or more; Cancelled when options.progress is cancelled. No users: no
// resamples are drawn (resamples = 0).
ResampledMeans resampleMeans(std::span<const std::span<const double>> columns, const ResamplingOptions& options = {});

// The percentile interval of resampled statistics (numpy.percentile,
// 'linear'), with their SD as the standard error. Any NaN gives NaN bounds.
BootstrapInterval percentileInterval(std::span<const double> resampled, double level = 0.95);

} // namespace ranklab::stats

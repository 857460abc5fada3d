#pragma once
// The mergeable state behind every mean and standard deviation RankLab
// reports: n, the exact sums of x and x² (exact_sum.h), and the smallest
// and largest value. Because the sums are exact, the state of a column is
// the same whatever order its values came in and however they were split
// into parts (workers, buckets, chunks): merging the parts' states gives
// the bits of the whole, and moments() gives the same mean and SD as
// stats::moments() of the whole column (which is computed through it).
//
// mean = round(Σx) / n; sd = √((n·Σx² − (Σx)²) / (n(n−1))), the numerator
// formed exactly (it is n·Σ(x − x̄)²), then rounded once. All values equal
// (min == max) gives mean = that value and sd = 0 exactly.
#include <cstddef>
#include <limits>
#include <span>

#include "stats/exact_sum.h"
#include "stats/moments.h"

namespace ranklab::stats {

class ExactMoments {
public:
    void add(double x);
    // The same state as add(x) for each x in order, faster on long spans
    // (the sums gathered per exponent first).
    void add(std::span<const double> xs);
    void merge(const ExactMoments& other);
    Moments moments() const;

    std::size_t count() const { return n_; }
    const ExactSum& sum() const { return sum_; }
    const ExactSum& squares() const { return squares_; }
    double min() const { return min_; }
    double max() const { return max_; }
    bool anyNaN() const { return nans_ > 0; }

    // For partial-state files: the parts as written.
    static ExactMoments fromParts(std::size_t n, std::size_t nans, double min, double max, ExactSum sum,
                                  ExactSum squares);
    std::size_t nanCount() const { return nans_; }

private:
    std::size_t n_ = 0;
    std::size_t nans_ = 0;
    double min_ = std::numeric_limits<double>::infinity();
    double max_ = -std::numeric_limits<double>::infinity();
    ExactSum sum_;
    ExactSum squares_;
};

} // namespace ranklab::stats

#pragma once
// The mergeable state of the Wilcoxon signed-rank test on paired
// differences d: the distinct |d| in ascending order, each with how many d
// were positive and how many negative, and the number of zero d. The ranks
// (average ranks of |d|, ties included) and the tie correction depend only
// on this multiset, so states of disjoint user sets merged (a sorted merge;
// any order, any grouping) give the whole set's state, and wilcoxon() on
// differences() gives the test of the whole column bit for bit (the rank
// sums add half-integers, exact in double).
#include <cstdint>
#include <span>
#include <vector>

namespace ranklab::stats {

struct SignedMagnitudes {
    std::vector<double> magnitudes;         // distinct |d| > 0, ascending
    std::vector<std::uint64_t> positives;   // per magnitude: d = +|d|
    std::vector<std::uint64_t> negatives;   // per magnitude: d = −|d|
    std::uint64_t zeros = 0;

    static SignedMagnitudes of(std::span<const double> d);  // d without NaN
    void merge(const SignedMagnitudes& other);
    // The multiset of d (zeros first, then by magnitude, positives before negatives).
    std::vector<double> differences() const;
    std::uint64_t count() const;
};

} // namespace ranklab::stats

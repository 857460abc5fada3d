#pragma once
// The rank-distribution MLE (Jin et al., AAAI 2021, after Krichene &
// Rendle): the law π of the full rank R over 1..M that makes the observed
// sampled ranks most likely, found by EM over the sampling law A
// (rank_sampling_matrix.h). With h the (fractional) count of users at each
// sampled rank r, one step is
//
//   π'(b) = π(b) · Σ_r h_r · A[b][r] / (Σ_b' π(b') A[b'][r])  /  Σ_r h_r
//
// starting from the uniform law (or a given one). The full ranks are
// grouped in bins b: every rank up to `exactUpTo` is its own bin, beyond it
// the bins grow by 5% each (a law on 1..10⁶ has ~430 bins), and π is
// uniform inside a bin, so A[b] is the mean of its ranks' rows. A metric is
// estimated as Σ_b π(b) · (the mean of f over the bin): a top-k metric whose
// cutoff is at most `exactUpTo` is 0 past it, so the bins change nothing. With
// N = M − 1 and M <= exactUpTo (A the identity) one step gives π = h / Σh,
// the exact full-rank histogram.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "stats/rank_sampling_matrix.h"

namespace ranklab::stats {

class BinnedRankLaw {
public:
    BinnedRankLaw(const RankSamplingMatrix& law, std::uint64_t exactUpTo);

    std::size_t bins() const { return start_.size() - 1; }
    std::uint32_t sampledRanks() const { return sampledRanks_; }
    // Bin b holds the full ranks [binStart(b), binStart(b + 1)).
    std::uint64_t binStart(std::size_t b) const { return start_[b]; }
    std::uint32_t first(std::size_t b) const { return first_[b]; }
    std::span<const double> row(std::size_t b) const {
        return {values_.data() + offset_[b], offset_[b + 1] - offset_[b]};
    }
    // The mean of fullValues[R − 1] over each bin.
    std::vector<double> binMeans(std::span<const double> fullValues) const;

private:
    std::uint32_t sampledRanks_;
    std::vector<std::uint64_t> start_;
    std::vector<std::uint32_t> first_;
    std::vector<std::uint64_t> offset_;
    std::vector<double> values_;
};

struct RankLawFit {
    std::vector<double> law;  // π per bin, summing to 1
    std::size_t iterations = 0;
    bool converged = false;  // the law moved by less than the tolerance (L1) in the last step
};

struct RankLawOptions {
    std::size_t maxIterations = 2000;
    double tolerance = 1e-9;  // L1 change of π in one step
};

// histogram.size() == N + 1; start (optional) is a law over the bins.
RankLawFit fitRankLaw(const BinnedRankLaw& law, std::span<const double> histogram,
                      std::span<const double> start = {}, const RankLawOptions& options = {});

// Σ_b π(b) v(b), with v the bin means of the metric (BinnedRankLaw::binMeans).
double expectedValue(std::span<const double> rankLaw, std::span<const double> binValues);

} // namespace ranklab::stats

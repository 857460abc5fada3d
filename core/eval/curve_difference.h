#pragma once
// Metric-vs-k curves as differences to a baseline: for every model and every
// k = 1..K, Δ(k) = mean over the averaged users of (model − baseline) at k,
// with the paired confidence band of that mean difference (Student's t on
// the per-user differences at k, and optionally the paired percentile
// bootstrap: users resampled with both values kept together), and the k
// where Δ changes sign. Two overlapping bands of curves say little about
// their difference; this band is the one to read.
//
// The same users, K and settings as computeCurves(): Δ(k) equals the
// difference of the two curves' means at k up to rounding. The bootstrap
// draws one shared set of resamples per model (the same users at every k),
// each column's interval equal to stats::pairedBootstrap at that k with the
// same seed.
#include <cstdint>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "eval/metric_curve.h"
#include "eval/user_selection.h"
#include "rank/rank_cache.h"
#include "stats/exact_moments.h"

namespace ranklab {

// Where Δ changes sign: Δ at `before` and at `after` (1-based k, after >
// before) have opposite signs and every k between them (if any) is exactly
// 0 or NaN. `at` is the linear interpolation of the zero between them.
struct ZeroCrossing {
    std::size_t before = 0, after = 0;
    double at = 0;
};

// Sign changes of `delta` (index i holds k = i + 1). Zeros and NaN keep the
// previous sign, so touching zero without crossing is no crossing.
std::vector<ZeroCrossing> zeroCrossings(const std::vector<double>& delta);

// One model's difference to the baseline. Index i holds k = i + 1. Bands as
// in MetricCurve: empty without bands (the bootstrap's also without
// CurveOptions::bootstrap), NaN where undefined (t needs two users).
struct DifferenceCurve {
    std::string model;
    std::string metric;  // the family key
    std::vector<double> delta;
    std::vector<double> tLo, tHi;
    std::vector<double> bootLo, bootHi;
    std::vector<ZeroCrossing> crossings;
};

struct CurveDifferenceResult {
    EvalSettings settings;
    MetricSpec metric;  // the family
    CurveOptions options;
    std::size_t baseline = 0;  // model index
    std::string baselineName;
    std::uint32_t kmax = 0;
    UserCounts counts;
    // One per model in dataset order; the baseline's own entry is all zeros
    // with no band and no crossing.
    std::vector<DifferenceCurve> curves;
};

// Throws Error for a bad family or options (as computeCurves) or a baseline
// index out of range, Cancelled when cancelled.
CurveDifferenceResult computeCurveDifferences(const Dataset& data, const MetricSpec& family,
                                              const EvalSettings& settings, std::size_t baseline,
                                              const CurveOptions& options, RankCache& cache,
                                              const Progress* progress = nullptr);

// The mergeable state of computeCurveDifferences() without bands over some
// users (a shard of `ranklab-cli curves --difference NAME --buckets a:b
// --partial OUT`): per model the exact moments of the per-user differences
// to the baseline at every k = 1..kmax, and the longest ranked list of
// these users. States of disjoint sets of users merge into their union's;
// curveDifferencesOf() gives, for K = min(kmax, the longest list), exactly
// computeCurveDifferences()'s deltas and zero crossings with
// CurveOptions{kmax, bands = false}.
struct CurveDifferenceMoments {
    EvalSettings settings;
    MetricSpec metric;  // the family
    std::size_t baseline = 0;
    std::string baselineName;
    std::uint32_t kmax = 0;     // > 0
    std::uint32_t longest = 0;  // of these users, over all models
    UserCounts counts;
    std::vector<std::string> models;
    // Per model: kmax moments (k = 1..kmax); none for the baseline.
    std::vector<std::vector<stats::ExactMoments>> differences;
    // With bands: per model the keyed bootstrap's sums of the differences
    // (curve_bands.h; none for the baseline).
    CurveBands bands;
};

// Throws as computeCurveDifferences(), and Error for kmax 0.
CurveDifferenceMoments computeCurveDifferenceMoments(const Dataset& data, const MetricSpec& family,
                                                     const EvalSettings& settings, std::size_t baseline,
                                                     std::uint32_t kmax, RankCache& cache,
                                                     const Progress* progress = nullptr,
                                                     const CurveBandsRequest* bands = nullptr);
CurveDifferenceResult curveDifferencesOf(const CurveDifferenceMoments& state);

} // namespace ranklab

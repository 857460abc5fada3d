#pragma once
// Metric-vs-k curves: a metric family (with its parameters, no cutoff) at
// every cutoff k = 1..K for every model, averaged over the users the users
// policy selects, with a Student-t and a percentile-bootstrap confidence band
// per k. Plain vectors, no I/O: the CLI (`ranklab-cli curves`), the GUI's
// Curves tab and `ranklab-cli plot` all read the same result.
//
// Each value at k is exactly what evaluate() reports for `family@k` with the
// same settings (the kernels compute every cutoff in one pass). K is the
// longest ranked list among the averaged users over all models, or
// `CurveOptions::kmax` when that is smaller: one K for every curve, so the
// models share the x axis. The band at k is meanCi's: t (mean ± t·s/√n) and
// bootstrapMeanIntervals over the users (one shared set of draws per model
// and family), deterministic for any thread count.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/curve_bands.h"
#include "eval/curve_options.h"
#include "eval/eval_settings.h"
#include "eval/user_selection.h"
#include "rank/rank_cache.h"
#include "eval/set_level_state.h"
#include "stats/exact_moments.h"
#include "stats/resampling.h"

namespace ranklab {

// One model's curve of one metric family. Index i holds k = i + 1. The band
// vectors are empty without bands (the bootstrap's also without
// CurveOptions::bootstrap); an entry is NaN where the interval is
// undefined (t needs two users).
struct MetricCurve {
    std::string model;
    std::string metric;  // the family key: "ndcg", "ndcg(gain=exp)", "recall(rel=2)"
    std::vector<double> mean;
    std::vector<double> bootLo, bootHi;  // percentile bootstrap
    std::vector<double> tLo, tHi;        // Student's t
};

struct CurveResult {
    EvalSettings settings;            // ties, users, threshold, exclusions (settings.metrics unused)
    std::vector<MetricSpec> metrics;  // the families, in the order asked
    CurveOptions options;
    std::uint32_t kmax = 0;  // K actually used (0 when no averaged user has a ranked item)
    UserCounts counts;       // counts.evaluated users are averaged
    // Model-major: curves[model * metrics.size() + metric].
    std::vector<MetricCurve> curves;

    const MetricCurve& curve(std::size_t model, std::size_t metric) const {
        return curves[model * metrics.size() + metric];
    }
};

// "ndcg,recall,ndcg(gain=exp)" -> the families, duplicates dropped. Throws
// Error for an unknown family, a cutoff (`ndcg@10`: a curve spans every k),
// or a family that takes no cutoff (rprec, num_ret, ...).
std::vector<MetricSpec> parseCurveMetrics(std::string_view list);

// Computes every model's curve of every family in `metrics`. One model and
// one family at a time: besides the ranked runs, memory is the per-user
// table of one curve (users × K doubles, 80 MB at 100k users and K = 100)
// plus the bootstrap's working set; the result keeps only K numbers per
// vector. Bands cost B × users × K additions per curve: at 100k users,
// K = 100, B = 10,000, about a minute per curve on two cores (--no-bands
// takes no noticeable time beyond ranking). Progress covers
// ranking, the values and the resamples; throws Cancelled when cancelled and
// Error on bad options (level outside (0, 1), zero resamples with bands, a
// family without cutoffs).
CurveResult computeCurves(const Dataset& data, const std::vector<MetricSpec>& metrics, const EvalSettings& settings,
                          const CurveOptions& options, RankCache& cache, const Progress* progress = nullptr);

// The mergeable state of the curves without bands over some users (a
// shard of `ranklab-cli curves --buckets a:b --partial OUT`): per model and
// family the exact moments of the users' values at every k = 1..kmax (a
// set-level family: its per-item counts at every k, set_level_state.h), and
// the longest ranked list of these users. The moments and counts of
// disjoint sets of users merge into those of their union; curvesOf() then gives, for
// K = min(kmax, the longest list), exactly computeCurves()'s means with
// CurveOptions{kmax, bands = false}. A shard cannot know the other shards'
// longest lists, so it needs kmax > 0 and computes every k up to it.
struct CurveMoments {
    EvalSettings settings;            // as CurveResult::settings
    std::vector<MetricSpec> metrics;  // the families
    std::uint32_t kmax = 0;           // > 0
    std::uint32_t longest = 0;        // of these users, over all models
    UserCounts counts;
    std::vector<std::string> models;
    // Model-major as CurveResult::curves; each holds kmax moments (k = 1..kmax),
    // none for a set-level family.
    std::vector<std::vector<stats::ExactMoments>> curves;
    // With set-level families: as `curves`, kmax counts for a set-level
    // family (none for the others), and the catalogue they are over.
    std::vector<std::vector<SetLevelCounts>> setLevel;
    std::vector<std::string> catalog;        // item ids by slot
    std::vector<std::uint8_t> trainingSlot;  // by slot
    // With bands: their options, and per curve (as `curves`) the keyed
    // bootstrap's sums (curve_bands.h).
    CurveBands bands;
};

// Throws Error for kmax 0, and as computeCurves() for the rest.
// `bands` (optional): the bands' options, with request->options.kmax ==
// kmax, and the shard's range and bucket sizes.
CurveMoments computeCurveMoments(const Dataset& data, const std::vector<MetricSpec>& metrics,
                                 const EvalSettings& settings, std::uint32_t kmax, RankCache& cache,
                                 const Progress* progress = nullptr, const CurveBandsRequest* bands = nullptr);
// The curves of a state (with its bands, if it has them: then exactly
// computeCurves()'s); its curves may hold more than K moments (only the
// first K are read).
CurveResult curvesOf(const CurveMoments& moments);

} // namespace ranklab

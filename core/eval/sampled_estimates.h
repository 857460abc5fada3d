#pragma once
// Full-catalogue estimates from a sampled-negative protocol (one positive
// against N sampled negatives per user, out of a catalogue of M items):
// beside each metric's naive sampled value, the estimates of the metric over
// the whole catalogue, each with a percentile bootstrap interval over users.
//
//   naive     the metric of the sampled list, f(r)
//   rescaled  f at the rescaled rank 1 + (r − 1)(M − 1)/N, whose
//             expectation is the full rank R
//   cls, bv   Krichene & Rendle's corrected values (stats/sampled_corrections.h)
//   mle       Σ_R π(R) f(R) with π the EM estimate of the full-rank law
//             (stats/rank_law_mle.h)
//   auc       the sampled AUC (N + 1 − r)/N, an unbiased estimate of the
//             full AUC (M − R)/(M − 1)
//
// Under the `expected` tie policy a user's value is its mean over the
// sampled ranks its tie group allows (sampled_ranks.h); the MLE counts such a
// user as an equal fraction at each of those ranks.
//
// The per-user estimates (naive, rescaled, cls, bv, auc) share one bootstrap
// (the same draws for every column, as compare's); the MLE refits the law
// on each resample (at most `mleResamples` of them, each EM started from
// the full-sample law and stopped after 200 steps, so its interval leans
// narrow). The MLE's law is binned past twice the largest cutoff (at least
// rank 256; stats/rank_law_mle.h).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/evaluation.h"
#include "eval/sampled_ranks.h"
#include "stats/bootstrap.h"
#include "stats/resampling.h"

namespace ranklab {

struct SampledSettings {
    std::uint32_t negatives = 0;    // N (--sampled)
    std::uint64_t catalogSize = 0;  // M (--catalog-size)
    double gamma = 0.01;            // BV's weight of the variance
    std::size_t mleResamples = 200;
    double level = 0.95;
};

struct SampledEstimate {
    double value = stats::kNaN;
    stats::BootstrapInterval interval;
};

struct SampledMetricEstimates {
    std::string metric;  // canonical id
    SampledEstimate naive, rescaled, cls, bv, mle;
};

struct SampledModelEstimates {
    std::string model;
    SampledRanks ranks;  // the users averaged and those skipped
    SampledEstimate auc;
    std::vector<SampledMetricEstimates> metrics;
    std::size_t mleIterations = 0;
    bool mleConverged = false;
};

struct SampledEvaluation {
    SampledSettings settings;
    TiePolicy ties = TiePolicy::Expected;
    std::vector<std::string> unsupported;  // metrics the protocol cannot express
    std::vector<SampledModelEstimates> models;
};

// The corrections of a set of metrics for one (M, N), computed once and
// applied to any model's sampled ranks.
class SampledEstimator {
public:
    // Throws Error on bad settings (N, M).
    SampledEstimator(const std::vector<MetricSpec>& metrics, const SampledSettings& settings);
    ~SampledEstimator();
    const std::vector<std::string>& unsupported() const;
    SampledModelEstimates estimate(std::string model, SampledRanks ranks, const stats::ResamplingOptions& options = {},
                                   const Progress* progress = nullptr) const;

private:
    struct Tables;
    std::unique_ptr<Tables> tables_;
};

// The estimates for every model of `eval`, over its averaged users that
// follow the protocol. Throws Error on bad settings, Cancelled when asked.
SampledEvaluation estimateSampled(const Dataset& data, const Evaluation& eval, const SampledSettings& settings,
                                  const stats::ResamplingOptions& options = {}, const Progress* progress = nullptr);

// The sampled-rank lookups behind the estimates, for tests: the per-user
// value of a correction `x` (x[r − 1] for sampled rank r) for a user whose
// rank lies anywhere in [best, worst], equally likely.
double meanOverRanks(const std::vector<double>& x, std::uint32_t best, std::uint32_t worst);

} // namespace ranklab

#pragma once
// The per-user values behind a metric-vs-k curve: one metric family at every
// cutoff k = 1..K for every averaged user of one ranked model, in one kernel
// pass per user (what evaluate() reports for family@k, user by user).
// Column-major: column k − 1 holds every user's value at cutoff k, users in
// the order given. The paired views of curves (differences to a baseline)
// start from two of these tables of the same users.
#include <cstdint>
#include <vector>

#include "common/parallel.h"
#include "common/progress.h"
#include "eval/user_selection.h"
#include "metrics/metric_spec.h"
#include "metrics/user_truth.h"
#include "rank/ranked_run.h"

namespace ranklab {

// users.size() × kmax values. Throws Error for an unknown family or one
// without cutoffs, Cancelled when `progress` is cancelled.
std::vector<double> perUserCurveValues(const RankedRun& ranked, const TruthTable& truth,
                                       const std::vector<UserId>& users, const MetricSpec& family, double threshold,
                                       const Discounts& discounts, std::uint32_t kmax, const Parallelism& parallelism,
                                       const Progress* progress = nullptr);

} // namespace ranklab

#pragma once
// The sampled-protocol estimates (eval/sampled_estimates.h) as a report
// section, beside eval's and compare's tables:
//
//   table, md  one row per (model, metric): the naive sampled value and the
//              estimates of the full-catalogue metric (rescaled, cls, bv,
//              mle), each "value [lo, hi]"; then each model's sampled AUC
//   csv        model,metric,estimator,estimate,ci_lo,ci_hi (every digit)
//   json       the value of the top-level key "sampled":
//              {protocol: {negatives, catalog_size, ties, gamma, level,
//               weights, mle_resamples}, unsupported: [id...],
//               models: [{name, users, skipped: {missing, wrong_size,
//               no_positive, many_positives}, mle: {iterations, converged},
//               auc: {estimate, ci: [lo, hi]},
//               metrics: {id: {naive|rescaled|cls|bv|mle: {estimate, ci: [lo, hi]}}}}]}
//              (NaN and infinities as null)
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "eval/sampled_estimates.h"
#include "report/eval_report.h"

namespace ranklab {

// The estimator names, in report order.
inline constexpr const char* kSampledEstimators[] = {"naive", "rescaled", "cls", "bv", "mle"};
const SampledEstimate& sampledEstimate(const SampledMetricEstimates& m, std::size_t estimator);

std::string formatSampledText(const SampledEvaluation& s, int digits, bool markdown);
std::string formatSampledCsv(const SampledEvaluation& s);
nlohmann::ordered_json sampledJson(const SampledEvaluation& s);

// `report` (eval's or compare's, in `format`) with the section added: json
// gains the key "sampled", csv a second table after a blank line, table and
// md the section; latex a comment saying where the estimates are.
std::string withSampledSection(std::string report, TableFormat format, const SampledEvaluation& s, int digits);

} // namespace ranklab

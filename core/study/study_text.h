#pragma once
// The texts of a study, as `ranklab-cli eval|compare` print them and
// Python's Result.format()/compare() return them, byte for byte: one
// assembly of the table, the set-level section, the sampled section and the
// repeated runs' section, whatever face asked.
#include <optional>
#include <string>

#include "eval/sampled_estimates.h"
#include "report/compare_report.h"
#include "report/eval_report.h"
#include "study/compared_study.h"
#include "study/evaluated_study.h"

namespace ranklab::study {

// `eval`'s table: the models' means, then the sampled protocol's estimates
// (when given) and each repeated model's runs.
std::string formatEvaluatedStudy(const EvaluatedStudy& e, TableFormat format, int digits,
                                 const SampledEvaluation* sampled = nullptr);

// `compare`'s report: the comparison, the set-level metrics' bootstrap, the
// sampled estimates (when given) and the repeated runs' spread.
// `report.context` is filled from e.models when not given.
std::string formatComparedStudy(const EvaluatedStudy& e, const ComparedStudy& c, TableFormat format,
                                ComparisonReportOptions report, const SampledEvaluation* sampled = nullptr);

// The same report from the parts a face keeps (the workbench's result):
// the models' evaluation, their comparison, the set-level bootstrap (null:
// none), each repeated model's runs (null or empty: none) and the sampled
// estimates (null: none).
std::string formatComparedStudy(const Evaluation& models, const stats::Comparison& comparison,
                                const stats::SetLevelComparison* setLevel,
                                const std::vector<stats::RunSpread>* spreads, TableFormat format,
                                ComparisonReportOptions report, const SampledEvaluation* sampled = nullptr);

} // namespace ranklab::study

#pragma once
// The sampled-negative protocol's full-catalogue estimates of a study, one
// function for every face (`ranklab-cli eval|compare --sampled`, the
// workbench's Summary, Python): the estimates follow each run's ranking
// (with repeated runs, run by run), and their bootstrap intervals use the
// comparison's level, resamples and seed, so the same study gives the same
// intervals wherever it is run. (The workbench once drew 2,000 resamples
// where the CLI drew 10,000.)
#include "common/progress.h"
#include "compare/comparison.h"
#include "eval/sampled_estimates.h"

namespace ranklab::study {

// Whether `negatives` of `catalogSize` describe a sampled protocol.
bool isSampled(const SampledSettings& sampled);

// `options`: the comparison's (eval: the defaults, with its threads).
// `runs`: every run's evaluation (EvaluatedStudy::runs).
SampledEvaluation estimateSampledStudy(const Dataset& data, const Evaluation& runs, SampledSettings sampled,
                                       const stats::ComparisonOptions& options, const Progress* progress = nullptr);

} // namespace ranklab::study

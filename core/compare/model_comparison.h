#pragma once
// The bridge from an Evaluation's per-user table to the paired procedures:
// one metric column of one model, and a comparison of two models on it.
#include <cstddef>
#include <vector>

#include "eval/evaluation.h"
#include "stats/paired_comparison.h"

namespace ranklab::stats {

// The values of `metric` for every averaged user of `model`, in row order.
// Throws ranklab::Error for a model or metric index out of range.
std::vector<double> perUserColumn(const Evaluation& evaluation, std::size_t model, std::size_t metric);

// comparePaired on the columns of models a and b (the same users, paired by row).
PairedComparison compareModels(const Evaluation& evaluation, std::size_t modelA, std::size_t modelB,
                               std::size_t metric, const PairedOptions& options = {});

} // namespace ranklab::stats

#pragma once
// Curves as differences to a baseline (`ranklab-cli curves --difference`),
// as text for people and programs. One CurveDifferenceResult per metric
// family; the baseline's own rows are left out.
//
// csv:  one row per (model, metric, k):
//         model,baseline,metric,k,delta,ci_lo,ci_hi,t_lo,t_hi
//       ci_* is the paired percentile bootstrap interval, t_* the paired t
//       interval; without bands model,baseline,metric,k,delta. Every digit;
//       an undefined bound is an empty field.
// json: {"settings": {...}, "baseline": name, "users": n, "kmax": K,
//        "differences": [{"model", "baseline", "metric", "k": [...],
//                         "delta": [...], "lo", "hi", "t_lo", "t_hi",
//                         "crosses_zero": [{"between": [k1, k2], "at": x}]}]}
// table: one block per metric, k down, models across, "Δ [lo, hi]", then
//        the k where each Δ crosses zero.
#include <string>
#include <vector>

#include "eval/curve_difference.h"
#include "report/eval_report.h"

namespace ranklab {

// Text, Csv or Json; throws Error for the other formats.
std::string formatCurveDifferences(const std::vector<CurveDifferenceResult>& results, TableFormat format,
                                   int digits = 4);

} // namespace ranklab

#pragma once
// Metric-vs-k curves as text for people and programs.
//
// csv:  one row per (model, metric, k):
//         model,metric,k,mean,ci_lo,ci_hi,t_lo,t_hi
//       ci_* is the percentile bootstrap interval, t_* Student's t; without
//       bands the header is model,metric,k,mean. Every digit; an undefined
//       bound (t with one user) is an empty field.
// json: {"settings": {...}, "users": n, "user_counts": {...}, "kmax": K,
//        "curves": [{"model", "metric", "k": [...], "mean": [...],
//                    "lo": [...], "hi": [...], "t_lo": [...], "t_hi": [...]}]}
//       (lo/hi bootstrap; band arrays only with bands; NaN as null).
// table: one block per metric, k down, models across, "mean [lo, hi]".
#include <string>

#include "eval/metric_curve.h"
#include "report/eval_report.h"

namespace ranklab {

// Text, Csv or Json; throws Error for the other formats.
std::string formatCurves(const CurveResult& curves, TableFormat format, int digits = 4);

} // namespace ranklab

#pragma once
// Rank distributions as text for people and programs.
//
// csv:  model,kind,rank,count,share,cdf
//       kind is `first` (rank of each user's first relevant item) or `all`
//       (rank of every relevant item); rank runs 1..K, then `not_retrieved`
//       as the last row of each (model, kind), with an empty cdf. share =
//       count / total, cdf = share at rank <= r. Every digit (expected counts
//       under tie policy `expected` are fractions).
// json: {"settings": {...}, "users": n, "user_counts": {...}, "kmax": K,
//        "models": [{"model", "mean_first_rank", "median_first_rank",
//                    "first": {"total", "counts": [...], "cdf": [...],
//                              "not_retrieved", "beyond_k"}, "all": {...}}]}
// table: one block per model, rank down, both kinds across.
#include <string>

#include "report/eval_report.h"
#include "compare/rank_distribution.h"

namespace ranklab {

// Text, Csv or Json; throws Error for the other formats.
std::string formatRankDistributions(const RankDistributions& ranks, TableFormat format, int digits = 4);

} // namespace ranklab

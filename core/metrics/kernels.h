#pragma once
// What the metric files share: the expected-hits step most families build
// on, and the parameters several families declare. Each family's record
// and kernel live in its own file (metric_record.h).
#include <span>

#include "metrics/metric_record.h"

namespace ranklab {

// E[hits(min(k, n))] at each cutoff; the shared step of most families.
void expectedHits(const UserRanking& r, double threshold, std::span<const std::uint32_t> cutoffs,
                  std::span<double> out);

// E[dcg@k] at each cutoff with the gain `gain` (dcg.cpp; ndcg shares it).
void expectedDcg(const MetricContext& ctx, const UserRanking& r, Gain gain, std::span<const std::uint32_t> cutoffs,
                 std::span<double> out);

// rel=N: the metric's own relevance threshold (default: the evaluation's θ).
MetricParam relParameter();
// gain=lin|exp (dcg, ndcg), in the order of enum Gain.
MetricParam gainParameter();
// Why dcg and ndcg take no rel (their gains use the grade itself).
inline constexpr std::pair<std::string_view, std::string_view> kGainsUseTheGrade{
    "rel", "gains use the grade itself, docs/metrics.md"};

} // namespace ranklab

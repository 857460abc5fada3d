#pragma once
// One function per metric family: given one ranked user, write the values at
// all requested cutoffs (ascending, kCutoffAll last) in one pass. Under the
// expected tie policy every value is the exact expectation over all orders of
// each tie group (McSherry & Najork 2008). One family per file.
#include <span>

#include "metrics/user_truth.h"

namespace ranklab {

using MetricKernel = void (*)(const MetricContext&, const UserRanking&, const UserTruth&,
                              std::span<const std::uint32_t> cutoffs, std::span<double> out);

// E[hits(min(k, n))] at each cutoff; the shared step of most families.
void expectedHits(const UserRanking& r, double threshold, std::span<const std::uint32_t> cutoffs,
                  std::span<double> out);

void hitsKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                std::span<double>);
void hitRateKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                   std::span<double>);
void precisionKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                     std::span<double>);
void recallKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                  std::span<double>);
void f1Kernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
              std::span<double>);
void reciprocalRankKernel(const MetricContext&, const UserRanking&, const UserTruth&,
                          std::span<const std::uint32_t>, std::span<double>);
void averagePrecisionKernel(const MetricContext&, const UserRanking&, const UserTruth&,
                            std::span<const std::uint32_t>, std::span<double>);
void dcgKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
               std::span<double>);
void ndcgKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                std::span<double>);
void rPrecisionKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                      std::span<double>);
void numRetKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                  std::span<double>);
void numRelKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                  std::span<double>);
void numRelRetKernel(const MetricContext&, const UserRanking&, const UserTruth&, std::span<const std::uint32_t>,
                     std::span<double>);

} // namespace ranklab

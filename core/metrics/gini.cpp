// gini@k: c sorted ascending, c_(1..n), n = |I|:
//   Σ_j (2j − n − 1)·c_(j) / ((n − 1)·Σ c)
// 0 = uniform, 1 = concentrated (Elliot's docstring, WarpRec's value);
// gini(zeros=recommended) takes only the items with c_i > 0 (Evidently).
// 0 when n < 2 or nothing was recommended (docs/metrics.md).
#include <algorithm>
#include <cstring>

#include "metrics/beyond_kernels.h"
#include "metrics/set_level_accumulator.h"

namespace ranklab {
namespace {

// Counts are >= 0, so their bit patterns sort as unsigned integers: an LSD
// radix sort by 16-bit digits, skipping digits that are the same for all.
void sortCounts(std::vector<double>& v, std::vector<double>& buffer) {
    if (v.size() < 256) {
        std::sort(v.begin(), v.end());
        return;
    }
    static_assert(sizeof(double) == sizeof(std::uint64_t));
    buffer.resize(v.size());
    std::vector<std::uint32_t> histogram(65536);
    for (unsigned shift = 0; shift < 64; shift += 16) {
        std::fill(histogram.begin(), histogram.end(), 0u);
        std::uint64_t first;
        std::memcpy(&first, &v[0], 8);
        bool same = true;
        for (double x : v) {
            std::uint64_t b;
            std::memcpy(&b, &x, 8);
            ++histogram[(b >> shift) & 0xffff];
            same = same && ((b ^ first) >> shift & 0xffff) == 0;
        }
        if (same) continue;
        std::uint32_t sum = 0;
        for (auto& h : histogram) {
            const std::uint32_t n = h;
            h = sum;
            sum += n;
        }
        for (double x : v) {
            std::uint64_t b;
            std::memcpy(&b, &x, 8);
            buffer[histogram[(b >> shift) & 0xffff]++] = x;
        }
        v.swap(buffer);
    }
}

} // namespace

double giniStatistic(const SetCounts& s, GiniZeros zeros, std::vector<double>& scratch) {
    scratch.clear();
    double total = 0;
    for (double c : s.c) {
        if (zeros == GiniZeros::Recommended && !(c > 0)) continue;
        scratch.push_back(c + 0.0);  // -0.0 would sort first
        total += c;
    }
    const std::size_t n = scratch.size();
    if (n < 2 || !(total > 0)) return 0.0;
    thread_local std::vector<double> buffer;
    sortCounts(scratch, buffer);
    double sum = 0;
    for (std::size_t j = 1; j <= n; ++j) sum += (2.0 * double(j) - double(n) - 1.0) * scratch[j - 1];
    return sum / ((double(n) - 1.0) * total);
}


namespace {
std::unique_ptr<SetAccumulator> makeGini(const MetricContext& ctx, std::span<const std::uint32_t> cutoffs) {
    return makeSetLevelAccumulator(setStatisticOf(ctx.spec), cutoffs);
}
} // namespace

const MetricRecord& giniMetric() {
    static const MetricRecord record{
        .id = "gini",
        .params = {MetricParam{.name = "zeros",
                               .label = "Items",
                               .description = "which items' counts: the whole catalogue (zeros included) or only "
                                              "the recommended ones (Evidently)",
                               .choices = {{.value = "catalog", .label = "whole catalogue", .formula = "I (n = |I|)"},
                                           {.value = "recommended",
                                            .label = "recommended items only",
                                            .formula = "items with c_i > 0"}}}},
        .name = "Gini index of recommendations",
        .definition = "concentration of the counts c_i (users with item i in their top k): 0 uniform, 1 one item (Elliot's docstring, WarpRec)",
        .formula = "Σ_j (2j − n − 1)·c_(j) / ((n − 1)·Σ c), c sorted ascending over %{zeros}",
        // Concentration: lower spreads recommendations more evenly.
        .direction = Direction::LowerIsBetter,
        .aggregation = Aggregation::SetLevel,
        .accumulator = makeGini,
        .needs = kNeedsCatalog,
    };
    return record;
}

} // namespace ranklab

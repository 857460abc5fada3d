// entropy@k = −Σ_{c_i>0} p_i log2 p_i, p_i = c_i / Σ c: Shannon entropy of
// the recommended items, in bits; entropy(base=e) in nats (docs/metrics.md).
#include <cmath>

#include "metrics/beyond_kernels.h"
#include "metrics/set_level_accumulator.h"

namespace ranklab {

double entropyStatistic(const SetCounts& s, EntropyBase base) {
    double total = 0;
    for (double c : s.c) total += c;
    if (!(total > 0)) return 0.0;
    double h = 0;
    for (double c : s.c)
        if (c > 0) {
            const double p = c / total;
            h -= p * std::log(p);
        }
    return base == EntropyBase::E ? h : h / std::log(2.0);
}


namespace {
std::unique_ptr<SetAccumulator> makeEntropy(const MetricContext& ctx, std::span<const std::uint32_t> cutoffs) {
    return makeSetLevelAccumulator(setStatisticOf(ctx.spec), cutoffs);
}
} // namespace

const MetricRecord& entropyMetric() {
    static const MetricRecord record{
        .id = "entropy",
        .params = {MetricParam{.name = "base",
                               .label = "Logarithm",
                               .description = "the base of the logarithm: 2 (bits) or e (nats)",
                               .choices = {{.value = "2", .label = "bits"}, {.value = "e", .label = "nats"}}}},
        .name = "Shannon entropy of recommendations",
        .definition = "entropy of the share of recommendations each item gets, p_i = c_i / sum c (bits; base=e: nats)",
        .formula = "−Σ_{c_i > 0} p_i log_{%{base}} p_i, p_i = c_i / Σ c",
        .hi = kUnbounded,
        .direction = Direction::HigherIsBetter,
        .aggregation = Aggregation::SetLevel,
        .accumulator = makeEntropy,
        .needs = kNeedsCatalog,
    };
    return record;
}

} // namespace ranklab

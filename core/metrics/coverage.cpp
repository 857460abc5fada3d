// coverage@k = #{i ∈ I : c_i > 0} / |I| (RecBole ItemCoverage);
// coverage(of=training) = #{i in the training file : c_i > 0} / #(items of
// the training file) (docs/metrics.md).
#include "metrics/beyond_kernels.h"
#include "metrics/set_level_accumulator.h"

namespace ranklab {

double coverageStatistic(const SetCounts& s, CoverageOf of) {
    std::size_t covered = 0, total = 0;
    for (std::size_t i = 0; i < s.c.size(); ++i) {
        if (of == CoverageOf::Training && !s.training[i]) continue;
        ++total;
        covered += s.c[i] > 0;
    }
    return total > 0 ? double(covered) / double(total) : 0.0;
}


namespace {
std::unique_ptr<SetAccumulator> makeCoverage(const MetricContext& ctx, std::span<const std::uint32_t> cutoffs) {
    return makeSetLevelAccumulator(setStatisticOf(ctx.spec), cutoffs);
}
} // namespace

const MetricRecord& coverageMetric() {
    static const MetricRecord record{
        .id = "coverage",
        .params = {MetricParam{.name = "of",
                               .label = "Share of",
                               .description = "the items counted: the catalogue I, or the items of the training file",
                               .choices = {{.value = "catalog", .label = "the catalogue", .formula = "I"},
                                           {.value = "training", .label = "training items", .formula = "training items"}}}},
        .name = "catalogue coverage",
        .definition = "share of the catalogue recommended to at least one averaged user (RecBole ItemCoverage); of=training: of the training file's items",
        .formula = "#{i ∈ %{of} : c_i > 0} / |%{of}|, c_i = users with i in their top %K",
        .direction = Direction::HigherIsBetter,
        .aggregation = Aggregation::SetLevel,
        .accumulator = makeCoverage,
        .needs = kNeedsCatalog,
    };
    return record;
}

} // namespace ranklab

// personalization@k = 1 − Σ_i c_i(c_i − 1) / (|U|(|U| − 1)·k): one minus the
// mean overlap of two users' top-k lists (Evidently); k of @all is the
// longest list. 0 with fewer than two users or nothing recommended (docs/metrics.md). Under expected
// ties the overlap of users u ≠ v on item i has expectation p_ui·p_vi, so
// Σ_i c_i(c_i − 1) becomes Σ_i (c_i² − q_i), q_i = Σ_u p_ui² (= c_i when
// every p is 0 or 1): the exact expectation, never outside [0, 1], where
// plugging expected counts into c(c − 1) could exceed 1.
#include "metrics/beyond_kernels.h"
#include "metrics/set_level_accumulator.h"

namespace ranklab {

double personalizationStatistic(const SetCounts& s) {
    if (s.users < 2 || s.k == 0) return 0.0;
    double total = 0;
    for (double c : s.c) total += c;
    if (!(total > 0)) return 0.0;  // nothing recommended: nothing personalised
    double pairs = 0;
    for (std::size_t i = 0; i < s.c.size(); ++i) pairs += s.c[i] * s.c[i] - (s.q.empty() ? s.c[i] : s.q[i]);
    return 1.0 - pairs / (s.users * (s.users - 1.0) * double(s.k));
}


namespace {
std::unique_ptr<SetAccumulator> makePersonalization(const MetricContext& ctx, std::span<const std::uint32_t> cutoffs) {
    return makeSetLevelAccumulator(setStatisticOf(ctx.spec), cutoffs);
}
} // namespace

const MetricRecord& personalizationMetric() {
    static const MetricRecord record{
        .id = "personalization",
        .name = "personalization",
        .definition = "1 - mean overlap of two averaged users' top-k lists, divided by k (Evidently); under expected ties the exact expected overlap",
        .formula = "1 − Σ_i c_i(c_i − 1) / (|U|(|U| − 1)·%K)",
        .direction = Direction::HigherIsBetter,
        .aggregation = Aggregation::SetLevel,
        .accumulator = makePersonalization,
        .needs = kNeedsCatalog,
    };
    return record;
}

} // namespace ranklab

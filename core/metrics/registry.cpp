#include "metrics/registry.h"

// Each record lives in the file of its kernel and is reached through a
// function of that file (no static-initialisation order to worry about).
// The table: one line per metric, in display order.
#define RANKLAB_METRIC_TABLE(METRIC)                                                                                   \
    METRIC(hitsMetric)                                                                                                 \
    METRIC(hitRateMetric)                                                                                              \
    METRIC(precisionMetric)                                                                                            \
    METRIC(recallMetric)                                                                                               \
    METRIC(f1Metric)                                                                                                   \
    METRIC(reciprocalRankMetric)                                                                                       \
    METRIC(averagePrecisionMetric)                                                                                     \
    METRIC(dcgMetric)                                                                                                  \
    METRIC(ndcgMetric)                                                                                                 \
    METRIC(rPrecisionMetric)                                                                                           \
    METRIC(numRetMetric)                                                                                               \
    METRIC(numRelMetric)                                                                                               \
    METRIC(numRelRetMetric)                                                                                            \
    METRIC(coverageMetric)                                                                                             \
    METRIC(giniMetric)                                                                                                 \
    METRIC(entropyMetric)                                                                                              \
    METRIC(personalizationMetric)                                                                                      \
    METRIC(noveltyMetric)                                                                                              \
    METRIC(arpMetric)                                                                                                  \
    METRIC(apltMetric)                                                                                                 \
    METRIC(acltMetric)                                                                                                 \
    METRIC(epcMetric)                                                                                                  \
    METRIC(efdMetric)                                                                                                  \
    METRIC(ildMetric)                                                                                                  \
    METRIC(serendipityMetric)

namespace ranklab {

#define RANKLAB_DECLARE_METRIC(function) const MetricRecord& function();
RANKLAB_METRIC_TABLE(RANKLAB_DECLARE_METRIC)
#undef RANKLAB_DECLARE_METRIC

const std::vector<const MetricRecord*>& metricRecords() {
#define RANKLAB_LIST_METRIC(function) &function(),
    static const std::vector<const MetricRecord*> records = {RANKLAB_METRIC_TABLE(RANKLAB_LIST_METRIC)};
#undef RANKLAB_LIST_METRIC
    return records;
}

const MetricRecord* findMetric(std::string_view name) {
    for (const MetricRecord* r : metricRecords()) {
        if (r->id == name) return r;
        for (auto alias : r->aliases)
            if (alias == name) return r;
    }
    return nullptr;
}

} // namespace ranklab

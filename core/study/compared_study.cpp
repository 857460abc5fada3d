#include "study/compared_study.h"

namespace ranklab::study {

bool comparesSetLevel(const EvaluatedStudy& e) {
    if (e.repeated()) return false;
    for (std::size_t m = 0; m < e.runs->metricCount(); ++m)
        if (e.runs->isSetLevel(m)) return true;
    return false;
}

ComparedStudy compareStudy(const Dataset& data, const EvaluatedStudy& e, RankCache& cache,
                           const stats::ComparisonOptions& options, const Progress* progress) {
    const bool setLevel = comparesSetLevel(e);
    ComparedStudy out;
    stats::ComparisonOptions o = options;
    std::optional<Progress> perUser;
    if (progress) perUser.emplace(*progress, 0.0, setLevel ? 0.5 : 1.0);
    o.resampling.progress = perUser ? &*perUser : nullptr;
    out.comparison = e.repeated() ? stats::compareRepeatedRuns(*e.models, *e.runs, e.groups, o)
                                  : stats::compareEvaluation(*e.models, o);
    out.comparison.options.resampling.progress = nullptr;
    if (setLevel) {
        stats::ResamplingOptions r = options.resampling;
        std::optional<Progress> sets;
        if (progress) sets.emplace(*progress, 0.5, 1.0);
        r.progress = sets ? &*sets : nullptr;
        out.setLevel = stats::compareSetLevelMetrics(data, *e.runs, cache, options.baseline, r, options.level);
    }
    return out;
}

} // namespace ranklab::study

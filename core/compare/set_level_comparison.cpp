#include "compare/set_level_comparison.h"

#include <algorithm>

#include "eval/item_inputs.h"
#include "metrics/set_level_accumulator.h"
#include "stats/resampled_means.h"

namespace ranklab::stats {

SetLevelComparison compareSetLevelMetrics(const Dataset& data, const Evaluation& evaluation, RankCache& cache,
                                          std::optional<std::size_t> baseline, const ResamplingOptions& resampling,
                                          double level, const std::vector<std::size_t>& only) {
    SetLevelComparison out;
    out.level = level;
    for (std::size_t c = 0; c < evaluation.metricCount(); ++c)
        if (evaluation.isSetLevel(c) && (only.empty() || std::find(only.begin(), only.end(), c) != only.end())) {
            out.metrics.push_back(c);
            out.metricIds.push_back(evaluation.settings.metrics[c].id());
        }
    for (const ModelValues& m : evaluation.models) out.models.push_back(m.name);
    if (out.metrics.empty()) return out;

    const EvalSettings& settings = evaluation.settings;
    std::vector<MetricSpec> specs;
    for (std::size_t c : out.metrics) specs.push_back(settings.metrics[c]);
    checkItemInputs(data, specs);
    const ItemContext items = buildItemContext(data);

    // One list per (model, cutoff); columns name their list.
    std::vector<TopKLists> lists;
    std::vector<std::pair<std::size_t, std::uint32_t>> listKey;  // (model, cutoff)
    std::vector<SetLevelColumn> columns;                          // model-major: m * metrics + i
    for (std::size_t m = 0; m < evaluation.models.size(); ++m) {
        auto ranked = cache.get(data, m, settings.ties, settings.useExclusions, settings.parallelism, nullptr,
                                settings.maxLength);
        for (std::size_t i = 0; i < out.metrics.size(); ++i) {
            const std::uint32_t cutoff = specs[i].cutoff;
            std::size_t l = 0;
            while (l < listKey.size() && listKey[l] != std::make_pair(m, cutoff)) ++l;
            if (l == listKey.size()) {
                listKey.emplace_back(m, cutoff);
                lists.push_back(collectTopK(*ranked, evaluation.users, cutoff, items));
            }
            columns.push_back({l, setStatisticOf(specs[i])});
        }
    }
    std::vector<const TopKLists*> pointers;
    for (const TopKLists& l : lists) pointers.push_back(&l);
    const SetLevelResampled resampled = resampleSetLevel(pointers, columns, items.trainingSlot, resampling);
    out.resamples = resampled.resamples;
    const std::size_t k = out.metrics.size();
    out.value.assign(out.models.size(), std::vector<double>(k));
    out.interval.assign(out.models.size(), std::vector<BootstrapInterval>(k));
    for (std::size_t m = 0; m < out.models.size(); ++m)
        for (std::size_t i = 0; i < k; ++i) {
            out.value[m][i] = resampled.point[m * k + i];
            out.interval[m][i] = percentileInterval(resampled.column(m * k + i), level);
        }
    for (std::size_t i = 0; i < k; ++i) {
        auto add = [&](std::size_t a, std::size_t b) {
            out.pairs.push_back({a, b, out.metrics[i], compareSetLevel(resampled, a * k + i, b * k + i, level)});
        };
        for (std::size_t a = 0; a < out.models.size(); ++a)
            for (std::size_t b = 0; b < out.models.size(); ++b) {
                if (baseline ? (b == *baseline && a != b) : a < b) add(a, b);
            }
    }
    return out;
}

} // namespace ranklab::stats

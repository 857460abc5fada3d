#include "compare/min_effects.h"

#include <algorithm>
#include <string>

#include "common/error.h"

namespace ranklab::stats {

void resolveMinEffects(MinEffects& effects, const std::vector<MetricSpec>& compared, std::string_view what) {
    std::vector<std::string> ids;
    for (const MetricSpec& metric : compared) ids.push_back(metric.id());
    for (auto& [name, effect] : effects.byMetric) {
        std::string id = name;
        try {
            const auto specs = expandMetrics(name, {});
            if (specs.size() == 1) id = specs.front().id();
        } catch (const Error&) {
        }
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
            std::string list;
            for (const auto& known : ids) list.append(list.empty() ? "" : ", ").append(known);
            throw Error(std::string(what) + " names metric '" + name +
                        "', which is not compared; the compared metrics are: " + list);
        }
        name = id;
    }
}

MinEffects minEffectsFor(std::string_view text, const std::vector<MetricSpec>& compared, std::string_view what) {
    if (text.empty()) return {};
    MinEffects effects = stats::parseMinEffects(text);
    resolveMinEffects(effects, compared, what);
    return effects;
}

} // namespace ranklab::stats

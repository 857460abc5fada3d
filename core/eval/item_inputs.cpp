#include "eval/item_inputs.h"

#include "common/error.h"
#include "metrics/metric_record.h"

namespace ranklab {

ItemContext buildItemContext(const Dataset& data) {
    return buildItemContext(data.ids.items.size(), data.exclusions ? &*data.exclusions : nullptr, data.judgments,
                            data.catalog ? &*data.catalog : nullptr,
                            data.itemAttributes ? &*data.itemAttributes : nullptr);
}

void checkItemInputs(const Dataset& data, const std::vector<MetricSpec>& metrics) {
    for (const MetricSpec& spec : metrics) {
        const MetricRecord* record = spec.record();
        if (!record) continue;
        const bool training = (record->needs & kNeedsTraining) || spec.choice("of") == "training";
        if (training && !data.exclusions)
            throw Error(spec.id() +
                        " needs the training interactions (item popularity): give --exclude FILE (in the workbench: "
                        "Training interactions (exclusions))");
        if ((record->needs & kNeedsAttributes) && !data.itemAttributes)
            throw Error(spec.id() +
                        " needs item attributes: give --items FILE (in the workbench: Item attributes)");
    }
}

std::optional<ItemContext> itemContextFor(const Dataset& data, const std::vector<MetricGroup>& groups) {
    std::vector<MetricSpec> specs;
    bool needed = false;
    for (const MetricGroup& g : groups) {
        if (!g.record || g.record->needs == 0) continue;
        needed = true;
        MetricSpec spec = g.spec;
        spec.cutoff = g.cutoffs.empty() ? kCutoffAll : g.cutoffs.front();
        specs.push_back(spec);
    }
    if (!needed) return std::nullopt;
    checkItemInputs(data, specs);
    return buildItemContext(data);
}

} // namespace ranklab

#include "workspace/comparison_setup.h"

#include <algorithm>

#include "common/error.h"

namespace ranklab {

WorkspaceComparison comparisonSetup(const stats::ComparisonOptions& options, const std::vector<std::string>& models,
                                    const std::string& interval) {
    WorkspaceComparison setup;
    if (!options.baseline) {
        setup.baseline = WorkspaceComparison::Baseline::AllPairs;
    } else if (*options.baseline < models.size()) {
        setup.baseline = WorkspaceComparison::Baseline::Named;
        setup.baselineName = models[*options.baseline];
    }
    if (!options.tests.empty()) setup.test = std::string(stats::toString(options.tests.front()));
    setup.correction = std::string(stats::toString(options.correction));
    setup.alpha = options.alpha;
    setup.interval = interval;
    setup.minEffect = options.minEffect.toString();
    return setup;
}

stats::ComparisonOptions applyComparisonSetup(stats::ComparisonOptions options, const WorkspaceComparison& setup,
                                              const std::vector<std::string>& models) {
    switch (setup.baseline) {
    case WorkspaceComparison::Baseline::AllPairs: options.baseline.reset(); break;
    case WorkspaceComparison::Baseline::First: options.baseline = 0; break;
    case WorkspaceComparison::Baseline::Named: {
        auto it = std::find(models.begin(), models.end(), setup.baselineName);
        options.baseline = it == models.end() ? 0 : std::size_t(it - models.begin());
        break;
    }
    }
    if (auto test = stats::parseSignificanceTest(setup.test)) {
        std::erase(options.tests, *test);
        options.tests.insert(options.tests.begin(), *test);
    }
    if (auto correction = stats::parseCorrection(setup.correction)) options.correction = *correction;
    options.alpha = setup.alpha;
    if (setup.interval == "bootstrap") options.bootstrapIntervals = true;
    // The workspace reader checked the text; an unreadable one means none.
    try {
        options.minEffect = setup.minEffect.empty() ? stats::MinEffects{} : stats::parseMinEffects(setup.minEffect);
    } catch (const Error&) {
        options.minEffect = {};
    }
    return options;
}

std::string setupTests(const WorkspaceComparison& setup) {
    std::string tests;
    for (stats::SignificanceTest test : applyComparisonSetup({}, setup, {}).tests)
        tests.append(tests.empty() ? "" : ",").append(stats::toString(test));
    return tests;
}

} // namespace ranklab

#include "eval/tie_sensitivity.h"

#include <cmath>
#include <optional>

#include "eval/evaluation.h"
#include "eval/tie_structure.h"

namespace ranklab {
namespace {

// Per-user values that agree to this are equal (expected values and sums
// differ in the last bits between policies).
constexpr double kTolerance = 1e-12;

Evaluation evaluateUnder(const Dataset& data, EvalSettings settings, TiePolicy ties, RankCache& cache,
                         const Progress* progress, double from, double to) {
    std::optional<Progress> part;
    if (progress) part.emplace(*progress, from, to);
    settings.ties = ties;
    return evaluate(data, settings, cache, progress ? &*part : nullptr);
}

} // namespace

TieSensitivity analyzeTies(const Dataset& data, const EvalSettings& settings, RankCache& cache,
                           const Progress* progress) {
    const Evaluation chosen = evaluateUnder(data, settings, settings.ties, cache, progress, 0.0, 0.25);
    const Evaluation optimistic = evaluateUnder(data, settings, TiePolicy::Optimistic, cache, progress, 0.25, 0.5);
    const Evaluation pessimistic = evaluateUnder(data, settings, TiePolicy::Pessimistic, cache, progress, 0.5, 0.75);

    TieSensitivity out;
    out.chosen = settings.ties;
    out.users = chosen.users.size();
    const Exclusions* exclusions = settings.useExclusions && data.exclusions ? &*data.exclusions : nullptr;
    const std::size_t models = data.models.size();
    for (std::size_t m = 0; m < models; ++m) {
        std::optional<Progress> part;
        if (progress) part.emplace(*progress, 0.75 + 0.25 * double(m) / double(models),
                                   0.75 + 0.25 * double(m + 1) / double(models));
        const TieStructure ties = findTies(data.models[m].run, exclusions, settings.parallelism,
                                           progress ? &*part : nullptr);
        ModelTieSensitivity model;
        model.name = data.models[m].name;
        model.entries = ties.entries;
        model.tiedEntries = ties.tied;
        for (std::size_t c = 0; c < chosen.metricCount(); ++c) {
            TieBand band;
            band.metric = c;
            band.metricId = settings.metrics[c].id();
            band.chosen = chosen.models[m].means[c];
            band.optimistic = optimistic.models[m].means[c];
            band.pessimistic = pessimistic.models[m].means[c];
            const std::uint32_t cutoff = settings.metrics[c].cutoff;  // kCutoffAll: the whole list
            for (std::size_t row = 0; row < chosen.users.size(); ++row) {
                const double hi = optimistic.value(m, row, c), lo = pessimistic.value(m, row, c);
                band.affectedUsers += std::fabs(hi - lo) > kTolerance;
                band.tiedInTopUsers += ties.tieInTop(chosen.users[row], cutoff);
            }
            model.bands.push_back(std::move(band));
        }
        out.models.push_back(std::move(model));
    }
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab

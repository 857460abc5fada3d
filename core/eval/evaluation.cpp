#include "eval/evaluation.h"

#include <algorithm>
#include <functional>
#include <map>
#include <mutex>

#include "metrics/registry.h"
#include "stats/moments.h"

namespace ranklab {
namespace {

// Metrics that share family and parameters are computed together.
struct MetricGroup {
    const MetricFamily* family;
    const MetricSpec* spec;              // parameters (any member's)
    double threshold;
    std::vector<std::uint32_t> cutoffs;  // ascending, kCutoffAll last
    std::vector<std::size_t> columns;    // column of each cutoff
};

std::vector<MetricGroup> groupMetrics(const EvalSettings& settings) {
    std::map<std::string, MetricGroup> byKey;
    std::vector<std::string> order;
    for (std::size_t c = 0; c < settings.metrics.size(); ++c) {
        const MetricSpec& spec = settings.metrics[c];
        std::string key = spec.familyKey();
        auto [it, added] = byKey.try_emplace(key);
        if (added) {
            order.push_back(key);
            it->second.family = findMetricFamily(spec.family);
            it->second.spec = &spec;
            // Negative grades are never relevant, whatever θ (METRICS.md).
            it->second.threshold = std::max(0.0, spec.rel.value_or(settings.relevanceThreshold));
        }
        it->second.cutoffs.push_back(spec.cutoff);
        it->second.columns.push_back(c);
    }
    std::vector<MetricGroup> groups;
    for (const auto& key : order) {
        MetricGroup g = byKey[key];
        std::vector<std::size_t> idx(g.cutoffs.size());
        for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
        std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return g.cutoffs[a] < g.cutoffs[b]; });
        MetricGroup sorted = g;
        for (std::size_t i = 0; i < idx.size(); ++i) {
            sorted.cutoffs[i] = g.cutoffs[idx[i]];
            sorted.columns[i] = g.columns[idx[i]];
        }
        groups.push_back(std::move(sorted));
    }
    return groups;
}

} // namespace

std::size_t Evaluation::metricIndex(const std::string& id) const {
    for (std::size_t i = 0; i < settings.metrics.size(); ++i)
        if (settings.metrics[i].id() == id) return i;
    return static_cast<std::size_t>(-1);
}

Evaluation evaluate(const Dataset& data, const EvalSettings& settings, RankCache& cache, const Progress* progress) {
    Evaluation out;
    out.settings = settings;
    UserSelection selection = selectUsers(data, settings);
    out.users = std::move(selection.users);
    out.counts = selection.counts;

    const TruthTable truth(data.judgments);
    const std::vector<MetricGroup> groups = groupMetrics(settings);
    const std::size_t metrics = settings.metrics.size();
    const std::size_t models = data.models.size();

    // Progress: ranking (if not cached) takes the first half of each model.
    for (std::size_t m = 0; m < models; ++m) {
        if (progress) progress->check();
        std::unique_ptr<Progress> rankPart;
        if (progress) rankPart = std::make_unique<Progress>(*progress, double(m) / models, (m + 0.5) / models);
        auto ranked = cache.get(data, m, settings.ties, settings.useExclusions, settings.parallelism, rankPart.get(),
                                settings.maxLength);

        std::size_t longest = 0;
        for (UserId u : out.users) longest = std::max<std::size_t>(longest, ranked->user(u).listLength);
        const Discounts discounts(std::max(longest, truth.maxJudged()));

        ModelValues values;
        values.name = data.models[m].name;
        values.perUser.assign(out.users.size() * metrics, 0.0);
        const std::size_t rows = out.users.size();
        const std::size_t grain = std::max<std::size_t>(256, rows / 256);
        std::mutex reportMutex;  // reports in order, one at a time
        std::size_t done = 0;
        settings.parallelism.forRange(0, rows, grain, [&](std::size_t lo, std::size_t hi) {
            if (progress) progress->check();
            std::vector<double> scratch;
            for (std::size_t row = lo; row < hi; ++row) {
                const UserId u = out.users[row];
                const UserRanking ranking = ranked->user(u);
                const UserTruth userTruth = truth.user(u);
                double* dest = values.perUser.data() + row * metrics;
                for (const MetricGroup& g : groups) {
                    scratch.assign(g.cutoffs.size(), 0.0);
                    MetricContext ctx{*g.spec, g.threshold, discounts};
                    g.family->kernel(ctx, ranking, userTruth, g.cutoffs, scratch);
                    for (std::size_t i = 0; i < g.columns.size(); ++i) dest[g.columns[i]] = scratch[i];
                }
            }
            if (progress) {
                std::lock_guard lock(reportMutex);
                done += hi - lo;
                progress->report((m + 0.5 + 0.5 * double(done) / double(rows)) / models);
            }
        });

        // The same mean as the statistics report (compensated, order-fixed),
        // so `eval` and `compare` print the same digits.
        values.means.assign(metrics, 0.0);
        std::vector<double> column(rows);
        for (std::size_t c = 0; c < metrics && rows > 0; ++c) {
            for (std::size_t row = 0; row < rows; ++row) column[row] = values.perUser[row * metrics + c];
            values.means[c] = stats::moments(column).mean;
        }
        out.models.push_back(std::move(values));
    }
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab

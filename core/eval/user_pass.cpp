#include "eval/user_pass.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <string>

#include "common/error.h"
#include "metrics/registry.h"

namespace ranklab {
namespace {

// At most this many chunks, of at least kMinChunk users: enough tasks for
// any core count, and few partial states to keep and merge.
constexpr std::size_t kMaxChunks = 64;
constexpr std::size_t kMinChunk = 1024;

} // namespace

UserChunks::UserChunks(std::size_t n) : rows(n) {
    size = std::max<std::size_t>(kMinChunk, (rows + kMaxChunks - 1) / kMaxChunks);
    count = (rows + size - 1) / size;
}

void walkUsers(const UserChunks& chunks, const Parallelism& parallelism, const Progress* progress,
               const std::function<void(std::size_t, std::size_t, std::size_t)>& body) {
    std::mutex reportMutex;  // reports in order, one at a time
    std::size_t done = 0;
    parallelism.forEach(0, chunks.count, 1, [&](std::size_t chunk) {
        if (progress) progress->check();
        const std::size_t lo = chunks.begin(chunk), hi = chunks.end(chunk);
        body(chunk, lo, hi);
        if (progress) {
            std::lock_guard lock(reportMutex);
            done += hi - lo;
            progress->report(double(done) / double(chunks.rows));
        }
    });
}

std::vector<MetricGroup> groupMetrics(const std::vector<MetricSpec>& metrics, double relevanceThreshold) {
    std::map<std::string, std::size_t> byKey;
    std::vector<MetricGroup> groups;
    for (std::size_t c = 0; c < metrics.size(); ++c) {
        const MetricSpec& spec = metrics[c];
        auto [it, added] = byKey.try_emplace(spec.familyKey(), groups.size());
        if (added) {
            MetricGroup g;
            g.record = spec.record();
            if (!g.record) throw Error("unknown metric \"" + spec.family + "\"");
            g.spec = spec;
            // Every parameter filled in: the kernels read them per user.
            g.spec.params.resize(g.record->params.size());
            for (std::size_t i = 0; i < g.record->params.size(); ++i) g.spec.params[i] = spec.param(i);
            // Negative grades are never relevant, whatever θ (docs/metrics.md).
            g.threshold = std::max(0.0, spec.rel().value_or(relevanceThreshold));
            groups.push_back(std::move(g));
        }
        groups[it->second].cutoffs.push_back(spec.cutoff);
        groups[it->second].columns.push_back(c);
    }
    for (MetricGroup& g : groups) {
        std::vector<std::size_t> order(g.cutoffs.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return g.cutoffs[a] < g.cutoffs[b]; });
        std::vector<std::uint32_t> cutoffs;
        std::vector<std::size_t> columns;
        for (std::size_t i : order) {
            cutoffs.push_back(g.cutoffs[i]);
            columns.push_back(g.columns[i]);
        }
        g.cutoffs = std::move(cutoffs);
        g.columns = std::move(columns);
    }
    return groups;
}

void runMetricPass(const std::vector<MetricGroup>& groups, const MetricPassInput& input, UserTable table,
                   std::span<double> setValues, const Parallelism& parallelism, const Progress* progress) {
    const UserChunks chunks(input.users.size());
    std::vector<MetricContext> contexts;
    contexts.reserve(groups.size());
    std::vector<std::size_t> setGroups;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        contexts.push_back(MetricContext{groups[i].spec, groups[i].threshold, input.discounts, input.items});
        if (groups[i].record->setLevel()) setGroups.push_back(i);
    }
    // One accumulator per set-level group and chunk, merged in chunk order.
    std::vector<std::vector<std::unique_ptr<SetAccumulator>>> partial(setGroups.size());
    for (std::size_t s = 0; s < setGroups.size(); ++s) {
        const MetricGroup& g = groups[setGroups[s]];
        for (std::size_t c = 0; c < std::max<std::size_t>(1, chunks.count); ++c)
            partial[s].push_back(g.record->accumulator(contexts[setGroups[s]], g.cutoffs));
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();

    walkUsers(chunks, parallelism, progress, [&](std::size_t chunk, std::size_t lo, std::size_t hi) {
        std::vector<double> scratch;
        for (std::size_t row = lo; row < hi; ++row) {
            const UserId u = input.users[row];
            const UserRanking ranking = input.ranked.user(u);
            const UserTruth truth = input.truth.user(u);
            double* dest = table.data + row * table.rowStride;
            std::size_t s = 0;
            for (std::size_t i = 0; i < groups.size(); ++i) {
                const MetricGroup& g = groups[i];
                if (g.record->setLevel()) {
                    partial[s++][chunk]->add(contexts[i], ranking, truth, g.cutoffs);
                    for (std::size_t column : g.columns) dest[column * table.columnStride] = nan;
                    continue;
                }
                scratch.assign(g.cutoffs.size(), 0.0);
                g.record->kernel(contexts[i], ranking, truth, g.cutoffs, scratch);
                for (std::size_t c = 0; c < g.columns.size(); ++c) dest[g.columns[c] * table.columnStride] = scratch[c];
            }
        }
    });

    for (std::size_t s = 0; s < setGroups.size(); ++s) {
        const MetricGroup& g = groups[setGroups[s]];
        SetAccumulator& total = *partial[s].front();
        for (std::size_t c = 1; c < partial[s].size(); ++c) total.merge(*partial[s][c]);
        std::vector<double> values(g.cutoffs.size(), 0.0);
        total.finish(contexts[setGroups[s]], g.cutoffs, values);
        for (std::size_t c = 0; c < g.columns.size(); ++c) setValues[g.columns[c]] = values[c];
    }
}

} // namespace ranklab

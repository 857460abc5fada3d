#include "eval/evaluation.h"

#include <algorithm>
#include <memory>

#include "common/huge_pages.h"
#include "data/item_context.h"
#include "eval/item_inputs.h"
#include "eval/user_pass.h"
#include "metrics/registry.h"
#include "stats/column_means.h"

namespace ranklab {

std::size_t Evaluation::metricIndex(const std::string& id) const {
    for (std::size_t i = 0; i < settings.metrics.size(); ++i)
        if (settings.metrics[i].id() == id) return i;
    return static_cast<std::size_t>(-1);
}

bool Evaluation::isSetLevel(std::size_t metric) const {
    const MetricRecord* record = settings.metrics.at(metric).record();
    return record && record->setLevel();
}

std::vector<UserKey> Evaluation::keysOfRows() const {
    if (userKeys.size() == users.size()) return userKeys;
    std::vector<UserKey> out(users.size());
    for (std::size_t r = 0; r < out.size(); ++r) out[r] = userKey(std::to_string(r));
    return out;
}

std::vector<UserKey> userKeysOf(const IdSpace& ids, std::span<const UserId> users) {
    std::vector<UserKey> out(users.size());
    for (std::size_t r = 0; r < users.size(); ++r) out[r] = userKey(ids.users.name(users[r]));
    return out;
}

Evaluation evaluate(const Dataset& data, const EvalSettings& settings, RankCache& cache, const Progress* progress) {
    Evaluation out;
    out.settings = settings;
    UserSelection selection = selectUsers(data, settings);
    out.users = std::move(selection.users);
    out.userKeys = userKeysOf(data.ids, out.users);
    out.counts = selection.counts;

    const TruthTable truth(data.judgments);
    const std::vector<MetricGroup> groups = groupMetrics(settings.metrics, settings.relevanceThreshold);
    const std::size_t metrics = settings.metrics.size();
    const std::size_t models = data.models.size();
    // The beyond-accuracy metrics' inputs, refused with the option to give when missing.
    const std::optional<ItemContext> items = itemContextFor(data, groups);

    // Progress: ranking (if not cached) takes the first half of each model.
    for (std::size_t m = 0; m < models; ++m) {
        if (progress) progress->check();
        std::unique_ptr<Progress> rankPart, passPart;
        if (progress) {
            rankPart = std::make_unique<Progress>(*progress, double(m) / models, (m + 0.5) / models);
            passPart = std::make_unique<Progress>(*progress, (m + 0.5) / models, double(m + 1) / models);
        }
        auto ranked = cache.get(data, m, settings.ties, settings.useExclusions, settings.parallelism, rankPart.get(),
                                settings.maxLength);

        std::size_t longest = 0;
        for (UserId u : out.users) longest = std::max<std::size_t>(longest, ranked->user(u).listLength);
        const Discounts discounts(std::max(longest, truth.maxJudged()));

        ModelValues values;
        values.name = data.models[m].name;
        const std::size_t rows = out.users.size();
        // Tens of MB written once: on huge pages, whose faults cost ~50x
        // less per byte than 4 KiB ones here (common/huge_pages.h).
        values.perUser.reserve(rows * metrics);
        adviseHugePages(values.perUser.data(), rows * metrics * sizeof(double));
        values.perUser.assign(rows * metrics, 0.0);
        values.means.assign(metrics, 0.0);
        const MetricPassInput input{*ranked, truth, out.users, discounts, items ? &*items : nullptr};
        runMetricPass(groups, input, UserTable{values.perUser.data(), metrics, 1}, values.means,
                      settings.parallelism, passPart.get());

        // The same mean as the statistics report (exact sums, stats::mean),
        // so `eval` and `compare` print the same digits; no users leaves 0.
        std::vector<std::uint8_t> setLevel(metrics, 0);
        for (std::size_t c = 0; c < metrics; ++c) setLevel[c] = out.isSetLevel(c) ? 1 : 0;
        if (rows > 0)
            stats::columnMeans(values.perUser, rows, metrics, setLevel, values.means, settings.parallelism);
        out.models.push_back(std::move(values));
    }
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab

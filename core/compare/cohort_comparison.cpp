#include "compare/cohort_comparison.h"

#include <algorithm>
#include <limits>

#include "common/error.h"
#include "stats/moments.h"

namespace ranklab {

Evaluation subEvaluation(const Evaluation& evaluation, std::span<const std::size_t> rows) {
    Evaluation out;
    out.settings = evaluation.settings;
    out.counts = evaluation.counts;
    out.counts.evaluated = rows.size();
    const std::size_t metrics = evaluation.metricCount();
    for (std::size_t row : rows) {
        if (row >= evaluation.users.size())
            throw Error(std::string("row ").append(std::to_string(row)).append(" out of range"));
        out.users.push_back(evaluation.users[row]);
        if (evaluation.userKeys.size() == evaluation.users.size()) out.userKeys.push_back(evaluation.userKeys[row]);
    }
    for (std::size_t m = 0; m < evaluation.models.size(); ++m) {
        ModelValues values;
        values.name = evaluation.models[m].name;
        values.perUser.reserve(rows.size() * metrics);
        for (std::size_t row : rows)
            for (std::size_t c = 0; c < metrics; ++c) values.perUser.push_back(evaluation.value(m, row, c));
        // The same compensated means as evaluate() (0 for no rows, as there).
        values.means.assign(metrics, 0.0);
        std::vector<double> column(rows.size());
        for (std::size_t c = 0; c < metrics && !rows.empty(); ++c) {
            // A set-level statistic of the cohort's users cannot be rebuilt
            // from per-user cells (they are NaN): NaN until it is recomputed.
            if (evaluation.isSetLevel(c)) {
                values.means[c] = std::numeric_limits<double>::quiet_NaN();
                continue;
            }
            for (std::size_t i = 0; i < rows.size(); ++i) column[i] = values.perUser[i * metrics + c];
            values.means[c] = stats::moments(column).mean;
        }
        out.models.push_back(std::move(values));
    }
    return out;
}

CohortResult cohortResultOf(std::string label, std::size_t users, std::optional<stats::Comparison> comparison,
                             const stats::Comparison& overall) {
    CohortResult cohort;
    cohort.label = std::move(label);
    cohort.users = users;
    cohort.comparison = std::move(comparison);
    if (!cohort.comparison) return cohort;
    const auto& c = *cohort.comparison;
    for (std::size_t i = 0; i < c.metrics.size(); ++i) {
        const bool differs = c.best[i] != overall.best[i];
        bool significant = false;
        if (differs) {
            const auto* pair = c.find(c.best[i], overall.best[i], c.metrics[i]);
            significant = pair && !pair->tests.empty() && pair->tests.front().significant;
        }
        cohort.bestDiffers.push_back(differs);
        cohort.differenceSignificant.push_back(significant);
    }
    return cohort;
}

CohortComparison compareCohorts(const Evaluation& evaluation, const CohortAssignment& assignment,
                                const stats::ComparisonOptions& requested, const Progress* progress,
                                const Dataset* data, RankCache* cache) {
    // Per-user columns go through compareEvaluation; set-level ones apart.
    stats::ComparisonOptions options = requested;
    std::vector<std::size_t> setLevelColumns;
    for (std::size_t m = 0; m < evaluation.metricCount(); ++m) {
        const bool asked = requested.metrics.empty() ||
                           std::find(requested.metrics.begin(), requested.metrics.end(), m) != requested.metrics.end();
        if (asked && evaluation.isSetLevel(m)) setLevelColumns.push_back(m);
    }
    std::erase_if(options.metrics, [&](std::size_t m) { return m < evaluation.metricCount() && evaluation.isSetLevel(m); });
    const bool perUser = requested.metrics.empty() || !options.metrics.empty();
    const bool sets = !setLevelColumns.empty() && data && cache;
    auto setLevelOf = [&](const Evaluation& eval) -> std::optional<stats::SetLevelComparison> {
        if (!sets || eval.users.empty()) return std::nullopt;
        stats::ResamplingOptions r = options.resampling;
        r.progress = progress;
        return stats::compareSetLevelMetrics(*data, eval, *cache, options.baseline, r, options.level, setLevelColumns);
    };

    if (assignment.cohortOfRow.size() != evaluation.users.size())
        throw Error("the cohort assignment was made for other users than the evaluation's");
    std::vector<std::vector<std::size_t>> rowsOf(assignment.labels.size());
    for (std::size_t row = 0; row < assignment.cohortOfRow.size(); ++row)
        rowsOf.at(assignment.cohortOfRow[row]).push_back(row);

    // Work is roughly proportional to the rows compared: all of them overall,
    // then each cohort's.
    const double total = 2.0 * double(std::max<std::size_t>(1, evaluation.users.size()));
    double done = 0;
    auto compare = [&](const Evaluation& eval) {
        std::optional<Progress> part;
        stats::ComparisonOptions o = options;
        const double share = double(eval.users.size()) / total;
        o.resampling.progress = progress ? &part.emplace(*progress, done, done + share) : nullptr;
        stats::Comparison c;
        if (perUser) {
            c = stats::compareEvaluation(eval, o);
        } else {  // only set-level columns: names and users, no per-user columns
            for (const auto& model : eval.models) c.models.push_back(model.name);
            c.options = o;
            c.options.resampling.progress = nullptr;
            c.users = eval.users.size();
        }
        done += share;
        return c;
    };

    CohortComparison out;
    out.by = assignment.by;
    if (progress) progress->check();
    out.overall = compare(evaluation);
    out.overallSetLevel = setLevelOf(evaluation);
    for (std::size_t k = 0; k < rowsOf.size(); ++k) {
        if (progress) progress->check();
        std::optional<stats::Comparison> comparison;
        std::optional<stats::SetLevelComparison> setLevel;
        if (!rowsOf[k].empty()) {
            const Evaluation sub = subEvaluation(evaluation, rowsOf[k]);
            comparison = compare(sub);
            setLevel = setLevelOf(sub);
        }
        CohortResult cohort = cohortResultOf(assignment.labels[k], rowsOf[k].size(), std::move(comparison), out.overall);
        cohort.setLevel = std::move(setLevel);
        out.cohorts.push_back(std::move(cohort));
    }
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab

#include "eval/metric_curve.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <mutex>
#include <span>
#include <string>

#include "eval/ranked_models.h"
#include "common/error.h"
#include "eval/item_inputs.h"
#include "eval/user_pass.h"
#include "metrics/registry.h"
#include "stats/bootstrap.h"
#include "eval/evaluation.h"
#include "stats/keyed_bootstrap.h"
#include "stats/mean_ci.h"
#include "stats/moments.h"

namespace ranklab {
namespace {

// Shares of the overall progress: ranking every model, then each curve.
constexpr double kRankingShare = 0.2;
constexpr double kValuesShareWithBands = 0.3;  // of one curve; the bootstrap takes the rest

void validate(const std::vector<MetricSpec>& metrics, const CurveOptions& options) {
    for (const MetricSpec& spec : metrics) {
        const MetricRecord* record = spec.record();
        if (!record) throw Error(std::string("curves: unknown metric \"").append(spec.family).append("\""));
        if (!record->takesCutoff)
            throw Error(std::string("curves: ").append(spec.family).append(" takes no cutoff: it has no curve over k"));
    }
    if (!(options.level > 0 && options.level < 1))
        throw Error(std::string("curves: the confidence level must lie in (0, 1), got ")
                        .append(std::to_string(options.level)));
    if (options.bands && options.bootstrap && options.resamples == 0)
        throw Error("curves: bootstrap bands need at least one resample");
}

// One curve's per-user values, column-major: column k - 1 holds every
// averaged user's value at cutoff k, users in selection order. A set-level
// family has no per-user values (NaN) and its statistic per k in `setValues`.
std::vector<double> curveTable(const MetricPassInput& input, const MetricSpec& spec, double relevanceThreshold,
                               const std::vector<std::uint32_t>& cutoffs, std::vector<double>& setValues,
                               const Parallelism& parallelism, const Progress* progress) {
    std::vector<MetricSpec> specs;
    for (std::uint32_t k : cutoffs) {
        MetricSpec at = spec;
        at.cutoff = k;
        specs.push_back(std::move(at));
    }
    const std::vector<MetricGroup> groups = groupMetrics(specs, relevanceThreshold);
    const std::size_t rows = input.users.size();
    std::vector<double> table(rows * cutoffs.size(), 0.0);
    setValues.assign(cutoffs.size(), 0.0);
    runMetricPass(groups, input, UserTable{table.data(), 1, rows}, setValues, parallelism, progress);
    return table;
}

// A set-level curve: the statistic at each k, no intervals (NaN when asked):
// its resampled intervals come with the set-level statistics.
MetricCurve setLevelCurve(std::vector<double> values, const CurveOptions& options, std::string model = {},
                          std::string metric = {}) {
    MetricCurve curve;
    curve.model = std::move(model);
    curve.metric = std::move(metric);
    const std::size_t k = values.size();
    curve.mean = std::move(values);
    if (!options.bands) return curve;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    curve.tLo.assign(k, nan);
    curve.tHi.assign(k, nan);
    if (options.bootstrap) {
        curve.bootLo.assign(k, nan);
        curve.bootHi.assign(k, nan);
    }
    return curve;
}

MetricCurve summarize(const std::vector<double>& table, std::span<const UserKey> keys, std::size_t k,
                      const CurveOptions& options, const Parallelism& parallelism, const Progress* progress) {
    const std::size_t rows = keys.size();
    MetricCurve curve;
    std::vector<std::span<const double>> columns;
    columns.reserve(k);
    for (std::size_t c = 0; c < k; ++c) columns.emplace_back(table.data() + c * rows, rows);
    // Each column's exact moments once (the mean and the t band share
    // them), the columns in parallel.
    std::vector<stats::Moments> moments(k);
    parallelism.forEach(0, k, 1, [&](std::size_t c) { moments[c] = stats::moments(columns[c]); });
    curve.mean.reserve(k);
    for (const stats::Moments& mo : moments) curve.mean.push_back(rows == 0 ? 0.0 : mo.mean);
    if (!options.bands) return curve;

    for (const stats::Moments& mo : moments) {
        const stats::TInterval t = stats::tInterval(mo, options.level);
        curve.tLo.push_back(t.lo);
        curve.tHi.push_back(t.hi);
    }
    if (!options.bootstrap) return curve;
    stats::ResamplingOptions resampling;
    resampling.resamples = options.resamples;
    resampling.seed = options.seed;
    resampling.parallelism = parallelism;
    resampling.progress = progress;
    const auto intervals = stats::keyedBootstrapIntervals(keys, columns, options.level, resampling);
    for (const auto& interval : intervals) {
        curve.bootLo.push_back(interval.lo);
        curve.bootHi.push_back(interval.hi);
    }
    return curve;
}

} // namespace

std::vector<MetricSpec> parseCurveMetrics(std::string_view list) {
    if (list.find('@') != std::string_view::npos)
        throw Error(std::string("curves: \"")
                        .append(list)
                        .append("\": give metric families without @k (a curve covers every k up to --kmax), e.g. "
                                "ndcg,recall"));
    std::vector<MetricSpec> specs = expandMetrics(list, {1});
    for (MetricSpec& spec : specs) {
        if (!spec.record()->takesCutoff)
            throw Error(std::string("curves: ").append(spec.family).append(" takes no cutoff: it has no curve over k"));
        spec.cutoff = kCutoffAll;
    }
    return specs;
}

CurveResult computeCurves(const Dataset& data, const std::vector<MetricSpec>& metrics, const EvalSettings& settings,
                          const CurveOptions& options, RankCache& cache, const Progress* progress) {
    validate(metrics, options);
    CurveResult out;
    out.settings = settings;
    out.metrics = metrics;
    out.options = options;
    UserSelection selection = selectUsers(data, settings);
    out.counts = selection.counts;
    const std::vector<UserId>& users = selection.users;
    const std::vector<UserKey> keys = userKeysOf(data.ids, users);
    const std::size_t models = data.models.size();

    // Every model is ranked first: K is the longest list over all of them.
    const RankedModels rankedModels = rankModels(data, settings, users, cache, progress, kRankingShare);
    const std::vector<std::shared_ptr<const RankedRun>>& ranked = rankedModels.runs;
    const std::size_t longest = rankedModels.longest;
    out.kmax = rankedModels.k(options.kmax);
    std::vector<std::uint32_t> cutoffs(out.kmax);
    for (std::uint32_t k = 0; k < out.kmax; ++k) cutoffs[k] = k + 1;

    const TruthTable truth(data.judgments);
    const Discounts discounts(std::max(longest, truth.maxJudged()));
    // The beyond-accuracy metrics' item inputs (refused with the option when missing).
    const std::optional<ItemContext> items = itemContextFor(data, groupMetrics(metrics, settings.relevanceThreshold));
    const std::size_t units = models * metrics.size();
    const double valuesShare = options.bands && options.bootstrap ? kValuesShareWithBands : 1.0;
    for (std::size_t m = 0; m < models; ++m) {
        for (std::size_t f = 0; f < metrics.size(); ++f) {
            if (progress) progress->check();
            const double from = kRankingShare + (1 - kRankingShare) * double(m * metrics.size() + f) / double(units);
            const double to = kRankingShare + (1 - kRankingShare) * double(m * metrics.size() + f + 1) / double(units);
            std::unique_ptr<Progress> valuesPart, bandsPart;
            if (progress) {
                valuesPart = std::make_unique<Progress>(*progress, from, from + (to - from) * valuesShare);
                bandsPart = std::make_unique<Progress>(*progress, from + (to - from) * valuesShare, to);
            }
            const MetricSpec& spec = metrics[f];
            const MetricPassInput input{*ranked[m], truth, users, discounts, items ? &*items : nullptr};
            std::vector<double> setValues;
            const std::vector<double> table = curveTable(input, spec, settings.relevanceThreshold, cutoffs, setValues,
                                                         settings.parallelism, valuesPart.get());
            MetricCurve curve = spec.record()->setLevel()
                                    ? setLevelCurve(std::move(setValues), options)
                                    : summarize(table, keys, cutoffs.size(), options, settings.parallelism,
                                                bandsPart.get());
            curve.model = data.models[m].name;
            curve.metric = spec.familyKey();
            out.curves.push_back(std::move(curve));
        }
    }
    if (progress) progress->report(1.0);
    return out;
}

CurveMoments computeCurveMoments(const Dataset& data, const std::vector<MetricSpec>& metrics,
                                 const EvalSettings& settings, std::uint32_t kmax, RankCache& cache,
                                 const Progress* progress, const CurveBandsRequest* bands) {
    CurveOptions options;
    options.kmax = kmax;
    options.bands = false;
    validate(metrics, options);
    if (kmax == 0) throw Error("curves: a partial state needs --kmax (a shard cannot know the other shards' longest lists)");
    CurveMoments out;
    out.settings = settings;
    out.metrics = metrics;
    out.kmax = kmax;
    UserSelection selection = selectUsers(data, settings);
    out.counts = selection.counts;
    const std::vector<UserId>& users = selection.users;
    const RankedModels rankedModels = rankModels(data, settings, users, cache, progress, kRankingShare);
    out.longest = static_cast<std::uint32_t>(rankedModels.longest);
    CurveBandsBuilder bandSums(bands, kmax, userKeysOf(data.ids, users));
    // Every k up to kmax, also past these users' longest list: another
    // shard's users may reach it.
    std::vector<std::uint32_t> cutoffs(kmax);
    for (std::uint32_t k = 0; k < kmax; ++k) cutoffs[k] = k + 1;
    const TruthTable truth(data.judgments);
    const Discounts discounts(std::max<std::size_t>({rankedModels.longest, truth.maxJudged(), kmax}));
    const std::optional<ItemContext> items = itemContextFor(data, groupMetrics(metrics, settings.relevanceThreshold));
    const std::size_t units = data.models.size() * metrics.size();
    for (std::size_t m = 0; m < data.models.size(); ++m) {
        out.models.push_back(data.models[m].name);
        for (std::size_t f = 0; f < metrics.size(); ++f) {
            std::unique_ptr<Progress> part;
            if (progress)
                part = std::make_unique<Progress>(
                    *progress, kRankingShare + (1 - kRankingShare) * double(m * metrics.size() + f) / double(units),
                    kRankingShare + (1 - kRankingShare) * double(m * metrics.size() + f + 1) / double(units));
            if (metrics[f].record()->setLevel()) {  // its counts come below, with the other set-level families
                out.curves.emplace_back();
                bandSums.add({});
                continue;
            }
            const MetricPassInput input{*rankedModels.runs[m], truth, users, discounts, items ? &*items : nullptr};
            std::vector<double> setValues;
            const std::vector<double> table = curveTable(input, metrics[f], settings.relevanceThreshold, cutoffs,
                                                         setValues, settings.parallelism, part.get());
            std::vector<stats::ExactMoments> curve(kmax);
            settings.parallelism.forEach(0, kmax, 1, [&](std::size_t c) {
                curve[c].add(std::span<const double>(table.data() + c * users.size(), users.size()));
            });
            out.curves.push_back(std::move(curve));
            bandSums.add(table);
        }
    }
    out.bands = bandSums.take();
    // The set-level families: their per-item counts at every k (one column per k).
    EvalSettings sets = settings;
    sets.metrics.clear();
    std::vector<std::size_t> setFamilies;
    for (std::size_t f = 0; f < metrics.size(); ++f) {
        if (!metrics[f].record()->setLevel()) continue;
        setFamilies.push_back(f);
        for (std::uint32_t k : cutoffs) {
            MetricSpec at = metrics[f];
            at.cutoff = k;
            sets.metrics.push_back(std::move(at));
        }
    }
    if (!setFamilies.empty()) {
        SetLevelState state = setLevelState(data, sets, cache);
        out.catalog = std::move(state.catalog);
        out.trainingSlot = std::move(state.trainingSlot);
        out.setLevel.assign(out.curves.size(), {});
        for (std::size_t m = 0; m < data.models.size(); ++m)
            for (std::size_t i = 0; i < setFamilies.size(); ++i) {
                auto& counts = out.setLevel[m * metrics.size() + setFamilies[i]];
                const auto first = state.models[m].begin() + std::ptrdiff_t(i * kmax);
                counts.assign(first, first + kmax);
            }
    }
    if (progress) progress->report(1.0);
    return out;
}

CurveResult curvesOf(const CurveMoments& state) {
    CurveResult out;
    out.settings = state.settings;
    out.metrics = state.metrics;
    out.options = state.bands.options;
    out.options.kmax = state.kmax;
    out.counts = state.counts;
    out.kmax = std::min(state.kmax, state.longest);
    for (std::size_t m = 0; m < state.models.size(); ++m) {
        for (std::size_t f = 0; f < state.metrics.size(); ++f) {
            const std::size_t index = m * state.metrics.size() + f;
            const std::vector<stats::ExactMoments>& moments = state.curves.at(index);
            MetricCurve curve;
            curve.model = state.models[m];
            curve.metric = state.metrics[f].familyKey();
            if (state.metrics[f].record()->setLevel()) {  // the statistic of the counts at each k
                for (std::size_t k = 0; k < out.kmax; ++k) {
                    MetricSpec at = state.metrics[f];
                    at.cutoff = std::uint32_t(k + 1);
                    curve.mean.push_back(setLevelValue(at, state.setLevel.at(index).at(k), state.trainingSlot));
                }
                if (out.options.bands) curve = setLevelCurve(std::move(curve.mean), out.options, curve.model, curve.metric);
                out.curves.push_back(std::move(curve));
                continue;
            }
            for (std::size_t k = 0; k < out.kmax; ++k) {
                const stats::Moments mo = moments.at(k).moments();
                curve.mean.push_back(moments[k].count() == 0 ? 0.0 : mo.mean);
            }
            BandValues bands = bandsOf(state.bands, index, moments, out.kmax);
            curve.tLo = std::move(bands.tLo);
            curve.tHi = std::move(bands.tHi);
            curve.bootLo = std::move(bands.bootLo);
            curve.bootHi = std::move(bands.bootHi);
            out.curves.push_back(std::move(curve));
        }
    }
    return out;
}

} // namespace ranklab

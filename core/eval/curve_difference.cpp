#include "eval/curve_difference.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <span>

#include "eval/ranked_models.h"
#include "common/error.h"
#include "eval/curve_values.h"
#include "stats/bootstrap.h"
#include "eval/evaluation.h"
#include "stats/keyed_bootstrap.h"
#include "stats/mean_ci.h"
#include "stats/moments.h"

namespace ranklab {
namespace {

constexpr double kRankingShare = 0.2;

int signOf(double x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

void requireBaseline(std::size_t baseline, std::size_t models) {
    if (baseline >= models)
        throw Error(std::string("curves: the baseline model index ")
                        .append(std::to_string(baseline))
                        .append(" is out of range (")
                        .append(std::to_string(models))
                        .append(" models)"));
}

} // namespace

std::vector<ZeroCrossing> zeroCrossings(const std::vector<double>& delta) {
    std::vector<ZeroCrossing> out;
    int sign = 0;
    std::size_t last = 0;  // index of the last value with a sign
    for (std::size_t i = 0; i < delta.size(); ++i) {
        if (std::isnan(delta[i])) continue;
        const int now = signOf(delta[i]);
        if (now == 0) continue;
        if (sign != 0 && now != sign) {
            const double a = delta[last], b = delta[i];
            const double at = double(last + 1) + double(i - last) * (a / (a - b));
            out.push_back({last + 1, i + 1, at});
        }
        sign = now;
        last = i;
    }
    return out;
}

CurveDifferenceResult computeCurveDifferences(const Dataset& data, const MetricSpec& family,
                                              const EvalSettings& settings, std::size_t baseline,
                                              const CurveOptions& options, RankCache& cache,
                                              const Progress* progress) {
    const std::size_t models = data.models.size();
    requireBaseline(baseline, models);
    if (!(options.level > 0 && options.level < 1))
        throw Error(std::string("curves: the confidence level must lie in (0, 1), got ")
                        .append(std::to_string(options.level)));
    if (options.bands && options.bootstrap && options.resamples == 0)
        throw Error("curves: bootstrap bands need at least one resample");

    CurveDifferenceResult out;
    out.settings = settings;
    out.metric = family;
    out.options = options;
    out.baseline = baseline;
    out.baselineName = data.models[baseline].name;
    UserSelection selection = selectUsers(data, settings);
    out.counts = selection.counts;
    const std::vector<UserId>& users = selection.users;
    const std::vector<UserKey> keys = userKeysOf(data.ids, users);

    // K as computeCurves: the longest list over every model, or kmax when smaller.
    const RankedModels rankedModels = rankModels(data, settings, users, cache, progress, kRankingShare);
    const std::vector<std::shared_ptr<const RankedRun>>& ranked = rankedModels.runs;
    const std::size_t longest = rankedModels.longest;
    out.kmax = rankedModels.k(options.kmax);
    const std::size_t rows = users.size(), k = out.kmax;

    const TruthTable truth(data.judgments);
    const Discounts discounts(std::max(longest, truth.maxJudged()));
    const double threshold = std::max(0.0, family.rel().value_or(settings.relevanceThreshold));
    auto values = [&](std::size_t m, double from, double to) {
        std::unique_ptr<Progress> part;
        if (progress) part = std::make_unique<Progress>(*progress, from, to);
        return perUserCurveValues(*ranked[m], truth, users, family, threshold, discounts, out.kmax,
                                  settings.parallelism, part.get());
    };
    const double share = (1 - kRankingShare) / double(models);
    const std::vector<double> base = values(baseline, kRankingShare, kRankingShare + share / 2);

    for (std::size_t m = 0; m < models; ++m) {
        if (progress) progress->check();
        DifferenceCurve curve;
        curve.model = data.models[m].name;
        curve.metric = family.familyKey();
        if (m == baseline) {
            curve.delta.assign(k, 0.0);
            out.curves.push_back(std::move(curve));
            continue;
        }
        const double from = kRankingShare + share * double(m), to = from + share;
        std::vector<double> table = values(m, from, (from + to) / 2);
        for (std::size_t i = 0; i < table.size(); ++i) table[i] -= base[i];  // per-user differences
        std::vector<std::span<const double>> columns;
        columns.reserve(k);
        for (std::size_t c = 0; c < k; ++c) columns.emplace_back(table.data() + c * rows, rows);
        for (const auto& column : columns) {
            const stats::Moments moments = stats::moments(column);
            curve.delta.push_back(rows == 0 ? 0.0 : moments.mean);
            if (options.bands) {
                const stats::TInterval t = stats::tInterval(moments, options.level);
                curve.tLo.push_back(t.lo);
                curve.tHi.push_back(t.hi);
            }
        }
        if (options.bands && options.bootstrap && rows > 0) {
            std::unique_ptr<Progress> part;
            if (progress) part = std::make_unique<Progress>(*progress, (from + to) / 2, to);
            stats::ResamplingOptions resampling;
            resampling.resamples = options.resamples;
            resampling.seed = options.seed;
            resampling.parallelism = settings.parallelism;
            resampling.progress = part.get();
            for (const auto& interval : stats::keyedBootstrapIntervals(keys, columns, options.level, resampling)) {
                curve.bootLo.push_back(interval.lo);
                curve.bootHi.push_back(interval.hi);
            }
        } else if (options.bands && options.bootstrap) {
            curve.bootLo.assign(k, stats::kNaN);
            curve.bootHi.assign(k, stats::kNaN);
        }
        curve.crossings = zeroCrossings(curve.delta);
        out.curves.push_back(std::move(curve));
    }
    if (progress) progress->report(1.0);
    return out;
}

CurveDifferenceMoments computeCurveDifferenceMoments(const Dataset& data, const MetricSpec& family,
                                                     const EvalSettings& settings, std::size_t baseline,
                                                     std::uint32_t kmax, RankCache& cache, const Progress* progress,
                                                     const CurveBandsRequest* bands) {
    const std::size_t models = data.models.size();
    requireBaseline(baseline, models);
    if (kmax == 0) throw Error("curves: a partial state needs --kmax (a shard cannot know the other shards' longest lists)");
    CurveDifferenceMoments out;
    out.settings = settings;
    out.metric = family;
    out.baseline = baseline;
    out.baselineName = data.models[baseline].name;
    out.kmax = kmax;
    UserSelection selection = selectUsers(data, settings);
    out.counts = selection.counts;
    const std::vector<UserId>& users = selection.users;
    const RankedModels rankedModels = rankModels(data, settings, users, cache, progress, kRankingShare);
    out.longest = static_cast<std::uint32_t>(rankedModels.longest);
    const TruthTable truth(data.judgments);
    // Every k up to kmax, also past these users' longest list: another shard's users may reach it.
    const Discounts discounts(std::max<std::size_t>({rankedModels.longest, truth.maxJudged(), kmax}));
    const double threshold = std::max(0.0, family.rel().value_or(settings.relevanceThreshold));
    const auto values = [&](std::size_t m) {
        return perUserCurveValues(*rankedModels.runs[m], truth, users, family, threshold, discounts, kmax,
                                  settings.parallelism, nullptr);
    };
    const std::vector<double> base = values(baseline);
    const std::size_t rows = users.size();
    CurveBandsBuilder bandSums(bands, kmax, userKeysOf(data.ids, users));
    for (std::size_t m = 0; m < models; ++m) {
        if (progress) progress->check();
        out.models.push_back(data.models[m].name);
        std::vector<stats::ExactMoments> moments;
        std::vector<double> table;
        if (m != baseline) {
            table = values(m);
            for (std::size_t i = 0; i < table.size(); ++i) table[i] -= base[i];  // per-user differences
            moments.resize(kmax);
            for (std::size_t c = 0; c < kmax; ++c) moments[c].add(std::span<const double>(table.data() + c * rows, rows));
        }
        out.differences.push_back(std::move(moments));
        bandSums.add(table);
        if (progress) progress->report(kRankingShare + (1 - kRankingShare) * double(m + 1) / double(models));
    }
    out.bands = bandSums.take();
    if (progress) progress->report(1.0);
    return out;
}

CurveDifferenceResult curveDifferencesOf(const CurveDifferenceMoments& state) {
    CurveDifferenceResult out;
    out.settings = state.settings;
    out.metric = state.metric;
    out.options = state.bands.options;
    out.options.kmax = state.kmax;
    out.baseline = state.baseline;
    out.baselineName = state.baselineName;
    out.kmax = std::min(state.kmax, state.longest);
    out.counts = state.counts;
    for (std::size_t m = 0; m < state.models.size(); ++m) {
        DifferenceCurve curve;
        curve.model = state.models[m];
        curve.metric = state.metric.familyKey();
        if (m == state.baseline) {
            curve.delta.assign(out.kmax, 0.0);
            out.curves.push_back(std::move(curve));
            continue;
        }
        for (std::size_t k = 0; k < out.kmax; ++k) {
            const stats::ExactMoments& moments = state.differences.at(m).at(k);
            curve.delta.push_back(moments.count() == 0 ? 0.0 : moments.moments().mean);
        }
        BandValues bands = bandsOf(state.bands, m, state.differences.at(m), out.kmax);
        curve.tLo = std::move(bands.tLo);
        curve.tHi = std::move(bands.tHi);
        curve.bootLo = std::move(bands.bootLo);
        curve.bootHi = std::move(bands.bootHi);
        curve.crossings = zeroCrossings(curve.delta);
        out.curves.push_back(std::move(curve));
    }
    return out;
}

} // namespace ranklab

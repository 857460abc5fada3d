#include "report/compare_report.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "report/compare_format.h"
#include "report/compare_many.h"
#include "report/compare_marks.h"
#include "report/compare_practical.h"

namespace ranklab {
namespace {

using nlohmann::ordered_json;
using compare_format::full;

// NaN and ±inf have no JSON number: null.
ordered_json number(double value) { return std::isfinite(value) ? ordered_json(value) : ordered_json(nullptr); }

ordered_json interval(double lo, double hi) { return ordered_json::array({number(lo), number(hi)}); }

ordered_json names(const stats::Comparison& comparison, const std::vector<std::size_t>& models) {
    ordered_json out = ordered_json::array();
    for (std::size_t m : models) out.push_back(comparison.models[m]);
    return out;
}

ordered_json settingsJson(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    const auto& o = comparison.options;
    ordered_json tests = ordered_json::array();
    for (auto test : o.tests) tests.push_back(std::string(stats::toString(test)));
    for (auto test : o.many) tests.push_back(std::string(stats::toString(test)));
    ordered_json s = {{"metrics", comparison.metricIds}};
    if (options.context) {
        s["ties"] = options.context->ties;
        s["users"] = options.context->users;
        s["rel"] = options.context->rel;
        s["exclusions"] = options.context->exclusions;
    }
    s["tests"] = tests;
    s["correction"] = std::string(stats::toString(o.correction));
    s["alpha"] = o.alpha;
    s["level"] = o.level;
    s["bootstrap_intervals"] = o.bootstrapIntervals;
    s["resamples"] = o.resampling.resamples;
    s["seed"] = o.resampling.seed;
    s["randomization_exact_max_n"] = o.randomizationExactMaxN;
    if (!o.minEffect.empty()) s["min_effect"] = o.minEffect.toString();
    s["baseline"] = o.baseline ? ordered_json(comparison.models[*o.baseline]) : ordered_json("all pairs");
    return s;
}

std::string json(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    const auto marks = meanMarks(comparison);
    const bool allPairs = !comparison.options.baseline;
    ordered_json models = ordered_json::array();
    for (std::size_t m = 0; m < comparison.models.size(); ++m) {
        ordered_json metrics = ordered_json::object();
        for (std::size_t i = 0; i < comparison.metrics.size(); ++i) {
            const auto& mean = comparison.means[m][i];
            ordered_json cell = {{"mean", number(mean.moments.mean)},
                                 {"sd", number(mean.moments.sd)},
                                 {"n", mean.moments.n},
                                 {"ci", mean.bootstrap ? interval(mean.bootstrap->lo, mean.bootstrap->hi)
                                                       : interval(mean.t.lo, mean.t.hi)},
                                 {"ci_t", interval(mean.t.lo, mean.t.hi)},
                                 {"ci_bootstrap", mean.bootstrap ? interval(mean.bootstrap->lo, mean.bootstrap->hi)
                                                                 : ordered_json(nullptr)},
                                 {"best", mean.moments.mean == comparison.means[comparison.best[i]][i].moments.mean},
                                 {"better_than", names(comparison, marks[m][i].betterThan)},
                                 {"worse_than", names(comparison, marks[m][i].worseThan)}};
            metrics[comparison.metricIds[i]] = cell;
        }
        ordered_json model = {{"name", comparison.models[m]}};
        if (allPairs) model["letter"] = modelLetter(m);
        model["baseline"] = comparison.options.baseline == m;
        model["metrics"] = metrics;
        models.push_back(model);
    }
    ordered_json pairs = ordered_json::array();
    for (const auto& pair : comparison.pairs) {
        ordered_json tests = ordered_json::object();
        for (const auto& outcome : pair.tests)
            tests[std::string(stats::toString(outcome.test))] = {{"statistic", number(outcome.statistic)},
                                                                 {"p", number(outcome.pvalue)},
                                                                 {"p_adjusted", number(outcome.adjusted)},
                                                                 {"significant", outcome.significant}};
        compare_many::addPairTests(pair, tests);
        const std::size_t i = static_cast<std::size_t>(
            std::find(comparison.metrics.begin(), comparison.metrics.end(), pair.metric) - comparison.metrics.begin());
        ordered_json pairJson(
            {{"a", comparison.models[pair.a]},
             {"b", comparison.models[pair.b]},
             {"metric", comparison.metricIds[i]},
             {"n", pair.n},
             {"mean_a", number(comparison.means[pair.a][i].moments.mean)},
             {"mean_b", number(comparison.means[pair.b][i].moments.mean)},
             {"mean_diff", number(pair.meanDiff)},
             {"ci", pair.ciBootstrap ? interval(pair.ciBootstrap->lo, pair.ciBootstrap->hi)
                                     : interval(pair.ciT.lo, pair.ciT.hi)},
             {"ci_t", interval(pair.ciT.lo, pair.ciT.hi)},
             {"ci_bootstrap",
              pair.ciBootstrap ? interval(pair.ciBootstrap->lo, pair.ciBootstrap->hi) : ordered_json(nullptr)},
             {"effect_size", number(pair.cohensDz)},
             {"wins", pair.winsTiesLosses.wins},
             {"ties", pair.winsTiesLosses.ties},
             {"losses", pair.winsTiesLosses.losses},
             {"tests", tests}});
        compare_practical::addPairJson(comparison, pair, pairJson);
        pairs.push_back(std::move(pairJson));
    }
    ordered_json users = {{"evaluated", comparison.users}};
    if (options.context) {
        users["run_only"] = options.context->counts.runOnly;
        users["qrels_only"] = options.context->counts.qrelsOnly;
    }
    ordered_json out = {{"settings", settingsJson(comparison, options)},
                        {"users", users},
                        {"models", models},
                        {"pairs", pairs}};
    if (!comparison.options.many.empty()) out["many"] = compare_many::omnibusJson(comparison);
    return out.dump(2) + "\n";
}

std::string csv(const stats::Comparison& comparison) {
    std::string out = "metric,a,b,n,mean_a,mean_b,mean_diff,ci_lo,ci_hi,ci_t_lo,ci_t_hi,ci_bootstrap_lo,"
                      "ci_bootstrap_hi,effect_size,wins,ties,losses";
    for (auto test : comparison.options.tests) {
        const std::string name(stats::toString(test));
        for (const char* field : {"_statistic", "_p", "_p_adjusted", "_significant"})
            out.append(",").append(name).append(field);
    }
    for (const auto& field : compare_many::csvHeader(comparison)) out.append(",").append(field);
    for (const auto& field : compare_practical::csvHeader(comparison)) out.append(",").append(field);
    out += ",method\n";
    for (const auto& pair : comparison.pairs) {
        const std::size_t i = static_cast<std::size_t>(
            std::find(comparison.metrics.begin(), comparison.metrics.end(), pair.metric) - comparison.metrics.begin());
        const double bootLo = pair.ciBootstrap ? pair.ciBootstrap->lo : stats::kNaN;
        const double bootHi = pair.ciBootstrap ? pair.ciBootstrap->hi : stats::kNaN;
        std::vector<std::string> cells{csvField(comparison.metricIds[i]),
                                       csvField(comparison.models[pair.a]),
                                       csvField(comparison.models[pair.b]),
                                       std::to_string(pair.n),
                                       full(comparison.means[pair.a][i].moments.mean),
                                       full(comparison.means[pair.b][i].moments.mean),
                                       full(pair.meanDiff),
                                       full(pair.ciBootstrap ? bootLo : pair.ciT.lo),
                                       full(pair.ciBootstrap ? bootHi : pair.ciT.hi),
                                       full(pair.ciT.lo),
                                       full(pair.ciT.hi),
                                       full(bootLo),
                                       full(bootHi),
                                       full(pair.cohensDz),
                                       std::to_string(pair.winsTiesLosses.wins),
                                       std::to_string(pair.winsTiesLosses.ties),
                                       std::to_string(pair.winsTiesLosses.losses)};
        for (const auto& outcome : pair.tests) {
            cells.push_back(full(outcome.statistic));
            cells.push_back(full(outcome.pvalue));
            cells.push_back(full(outcome.adjusted));
            cells.push_back(outcome.significant ? "true" : "false");
        }
        for (auto& cell : compare_many::csvCells(comparison, pair)) cells.push_back(std::move(cell));
        for (auto& cell : compare_practical::csvCells(comparison, pair)) cells.push_back(csvField(cell));
        cells.push_back(kPerUserMethod);
        for (std::size_t c = 0; c < cells.size(); ++c) out.append(c ? "," : "").append(cells[c]);
        out += '\n';
    }
    return out;
}

} // namespace

ComparisonContext ComparisonContext::of(const Evaluation& evaluation) {
    ComparisonContext c;
    c.ties = tiePolicyName(evaluation.settings.ties);
    c.users = usersPolicyName(evaluation.settings.users);
    c.rel = evaluation.settings.relevanceThreshold;
    c.exclusions = evaluation.settings.useExclusions;
    c.counts = evaluation.counts;
    return c;
}

std::optional<ShownInterval> parseShownInterval(std::string_view name) {
    if (name == "t") return ShownInterval::T;
    if (name == "bootstrap") return ShownInterval::Bootstrap;
    if (name == "none") return ShownInterval::None;
    return std::nullopt;
}

std::string formatComparison(const stats::Comparison& comparison, TableFormat format,
                             const ComparisonReportOptions& options) {
    switch (format) {
    case TableFormat::Text: return compare_format::textReport(comparison, options);
    case TableFormat::Csv: return csv(comparison);
    case TableFormat::Json: return json(comparison, options);
    case TableFormat::Markdown: return compare_format::markdownReport(comparison, options);
    case TableFormat::Latex: return compare_format::latexReport(comparison, options);
    }
    return {};
}

void writeComparison(const stats::Comparison& comparison, TableFormat format, std::ostream& out,
                     const ComparisonReportOptions& options) {
    out << formatComparison(comparison, format, options);
}

} // namespace ranklab

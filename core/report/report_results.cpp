#include "report/report_results.h"

#include <algorithm>

#include "common/error.h"
#include "eval/cohort_grouping.h"
#include "report/set_level_report.h"
#include "compare/set_level_comparison.h"

namespace ranklab {

std::vector<std::string> parseReportSections(const std::string& list) {
    if (list == "all") return reportSections();
    std::vector<std::string> chosen;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string s = list.substr(start, comma - start);
        if (std::find(reportSections().begin(), reportSections().end(), s) == reportSections().end()) {
            std::string known;
            for (const std::string& k : reportSections()) known += (known.empty() ? "" : ", ") + k;
            throw Error("--sections: unknown section '" + s + "'; expected all or a comma list of " + known);
        }
        chosen.push_back(s);
        start = comma + 1;
    }
    return chosen;
}

bool hasSection(const std::vector<std::string>& sections, const char* section) {
    return std::find(sections.begin(), sections.end(), section) != sections.end();
}

std::vector<MetricSpec> curveFamilies(const EvalSettings& settings) {
    std::vector<MetricSpec> families;
    std::vector<std::string> seen;
    for (const MetricSpec& m : settings.metrics) {
        std::string id = m.id();
        const std::size_t at = id.rfind('@');
        if (at == std::string::npos) continue;
        id.resize(at);
        if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
        seen.push_back(id);
        try {
            for (const MetricSpec& f : parseCurveMetrics(id)) families.push_back(f);
        } catch (const Error&) {
            // a family without curves (set-level, ...)
        }
    }
    return families;
}

std::vector<std::size_t> criticalDifferenceColumns(const Evaluation& evaluation, const std::vector<std::size_t>& compared) {
    std::vector<std::size_t> columns;
    if (!compared.empty()) {
        for (std::size_t m : compared)
            if (m < evaluation.metricCount() && !evaluation.isSetLevel(m)) columns.push_back(m);
        return columns;
    }
    for (std::size_t m = 0; m < evaluation.metricCount(); ++m)
        if (!evaluation.isSetLevel(m)) columns.push_back(m);
    return columns;
}

std::vector<std::size_t> criticalDifferencePick(const Evaluation& evaluation, const std::vector<std::size_t>& columns,
                                                bool all, const std::string& primary) {
    if (all || columns.empty()) return columns;
    for (std::size_t column : columns)
        if (evaluation.settings.metrics[column].id() == primary) return {column};
    return {columns.front()};
}

namespace {

// The steps' shares of the progress bar (rough costs).
struct Steps {
    Steps(const Progress* p, const std::function<void(const char*)>& s) : progress(p), step(s) {}
    const Progress* progress;
    const std::function<void(const char*)>& step;
    double at = 0;
    std::optional<Progress> part;
    // A sub-progress for the next `share` of the work (null without a progress).
    const Progress* next(const char* name, double share) {
        if (step) step(name);
        if (!progress) return nullptr;
        progress->check();
        part.reset();
        part.emplace(*progress, at, std::min(1.0, at + share));
        at += share;
        return &*part;
    }
};

} // namespace

ReportResults computeReportResults(std::shared_ptr<const Dataset> data, const ReportRequest& request, RankCache& cache,
                                   std::shared_ptr<const Evaluation> evaluated, const Progress* progress,
                                   const std::function<void(const char*)>& step) {
    const std::vector<std::string>& sections = request.sections;
    const EvalSettings& settings = request.settings;
    Steps steps(progress, step);
    ReportResults r;
    r.data = data;
    r.settings = settings;
    r.evaluation = evaluated;
    if (!r.evaluation) {
        const Progress* p = steps.next("evaluating", 0.15);
        r.evaluation = std::make_shared<const Evaluation>(evaluate(*data, settings, cache, p));
    }
    const Evaluation& eval = *r.evaluation;
    stats::ComparisonOptions comparison = request.comparison;
    comparison.bootstrapIntervals = request.interval == ShownInterval::Bootstrap;

    if (hasSection(sections, "summary") || hasSection(sections, "forest")) {
        stats::ComparisonOptions o = comparison;
        o.resampling.progress = steps.next("testing and resampling", 0.25);
        r.comparison = stats::compareEvaluation(eval, o);
        r.comparison->options.resampling.progress = nullptr;
    }
    if (hasSection(sections, "cd")) {
        const Progress* p = steps.next("critical differences", 0.05);
        if (eval.models.size() >= 3 && !eval.users.empty())
            for (std::size_t column : criticalDifferencePick(eval, criticalDifferenceColumns(eval, comparison.metrics),
                                                             request.cdAllColumns, request.primaryMetric)) {
                if (p) p->check();
                r.criticalDifferences.push_back(
                    {column, stats::criticalDifference(eval, column, {}, comparison.alpha)});
            }
    }
    if (hasSection(sections, "curves")) {
        const Progress* p = steps.next("curves", 0.2);
        CurveOptions curveOptions;
        curveOptions.kmax = request.kmax;
        curveOptions.bootstrap = false;  // t bands: the bootstrap per k is the scripts' (`curves`)
        EvalSettings curveSettings = settings;
        curveSettings.metrics.clear();
        for (const MetricSpec& family : curveFamilies(settings))
            r.curves.push_back(computeCurves(*data, {family}, curveSettings, curveOptions, cache, p));
    }
    if (hasSection(sections, "ranks")) {
        const Progress* p = steps.next("rank distributions", 0.1);
        EvalSettings rankSettings = settings;
        rankSettings.metrics.clear();
        r.ranks = computeRankDistributions(*data, rankSettings, request.kmax, cache, p);
    }
    if (hasSection(sections, "cohorts")) {
        const Progress* p = steps.next("cohorts", 0.1);
        CohortSpec spec;
        spec.by = data->cohorts ? CohortGrouping::Attribute : CohortGrouping::Relevant;
        spec.relevanceThreshold = settings.relevanceThreshold;
        stats::ComparisonOptions cohortOptions = comparison;
        cohortOptions.metrics = {0};
        const CohortAssignment assignment = assignCohorts(*data, eval.users, spec);
        r.cohorts = compareCohorts(eval, assignment, cohortOptions, p);
    }
    if (hasSection(sections, "summary")) r.coverage = modelCoverage(*data, eval);
    if (hasSection(sections, "checks") || hasSection(sections, "summary")) {
        const Progress* p = steps.next("checks", 0.05);
        ValidationSettings checks;
        checks.relevanceThreshold = settings.relevanceThreshold;
        checks.largestCutoff = largestCutoff(settings.metrics);
        checks.useExclusions = settings.useExclusions;
        checks.parallelism = settings.parallelism;
        r.validation = validateDataset(*data, checks, p);
    }
    if (hasSection(sections, "checks")) {
        // The report draws the tie band of the first column only: only it is evaluated.
        EvalSettings tieSettings = settings;
        if (!tieSettings.metrics.empty()) tieSettings.metrics.resize(1);
        r.ties = analyzeTies(*data, tieSettings, cache, steps.next("tie band", 0.1));
    }
    if (hasSection(sections, "beyond")) {
        stats::ResamplingOptions resampling = comparison.resampling;
        resampling.progress = steps.next("beyond-accuracy metrics", 0.05);
        const stats::SetLevelComparison setLevel =
            stats::compareSetLevelMetrics(*data, eval, cache, comparison.baseline, resampling, comparison.level);
        if (!setLevel.metrics.empty()) r.beyondText = formatSetLevelText(setLevel, request.digits);
    }
    if (progress) progress->report(1.0);
    return r;
}

HtmlReportInput reportHtmlInput(const ReportResults& r, const ReportRequest& request, std::string title,
                                Manifest manifest) {
    HtmlReportInput input;
    input.title = std::move(title);
    input.sections = request.sections;
    input.comparison = r.comparison ? &*r.comparison : nullptr;
    input.interval = request.interval;
    input.digits = request.digits;
    input.validation = r.validation ? &*r.validation : nullptr;
    input.beyondText = r.beyondText;
    input.metrics = r.settings.metrics;
    input.manifest = std::move(manifest);
    input.display = request.display;
    const Evaluation& eval = *r.evaluation;
    for (std::size_t m = 0; m < r.coverage.size() && m < eval.models.size(); ++m)
        if (!r.coverage[m].complete()) input.coverage.push_back("model " + eval.models[m].name + " " + coverageText(r.coverage[m]));
    if (r.comparison && !r.comparison->options.baseline)
        input.forestNote = "No forest plot: all pairs were compared; the plot shows differences to a baseline.";
    if (hasSection(request.sections, "cd")) {
        if (eval.models.size() < 3)
            input.cdNote = "No diagram: a critical-difference diagram ranks three or more models (" +
                           std::to_string(eval.models.size()) + " here; the forest plot shows a pair).";
        else if (!request.cdAllColumns && r.criticalDifferences.size() == 1)
            input.cdNote = "The diagram of " + eval.settings.metrics[r.criticalDifferences.front().metric].id() +
                           " (ranklab-cli report --cd-columns all draws one per compared column).";
    }
    return input;
}

} // namespace ranklab

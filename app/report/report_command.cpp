// ranklab-cli report: one self-contained HTML page (or a paginated PDF) of a
// whole comparison, from a workspace or the usual input options: the summary
// table, the forest plot, metric-vs-k curves, rank distributions, cohorts,
// pre-flight checks and the tie band, beyond-accuracy metrics, definitions
// and the manifest. The charts are the workbench's own (ui/charts), rendered
// to inline SVG.
#include <QApplication>
#include <QString>

#include <algorithm>
#include <future>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/qt_commands.h"
#include "cli/comparison_choices.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "cli/progress_line.h"
#include "cli/report_output.h"
#include "common/error.h"
#include "eval/cohort_comparison.h"
#include "eval/metric_curve.h"
#include "eval/tie_sensitivity.h"
#include "eval/validation.h"
#include "report/html_report.h"
#include "report/set_level_report.h"
#include "report/pdf_report.h"
#include "report/report_charts.h"
#include "stats/rank_distribution.h"
#include "stats/set_level_comparison.h"

namespace ranklab::cli {
namespace {

struct ReportCommandOptions {
    InputOptions input;
    EvalOptions eval;
    ComparisonChoices choices;
    std::string baseline;
    bool allPairs = false;
    std::string interval = "t";
    std::string sections = "all";
    std::string title = "RankLab report";
    std::string out;
    int digits = 4;
    std::uint32_t kmax = 0;
};

std::vector<std::string> chosenSections(const std::string& list) {
    if (list == "all") return reportSections();
    std::vector<std::string> chosen;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string s = list.substr(start, comma - start);
        if (std::find(reportSections().begin(), reportSections().end(), s) == reportSections().end())
            throw Error("--sections: unknown section '" + s + "'; expected all or a comma list of " +
                        joinList(reportSections()));
        chosen.push_back(s);
        start = comma + 1;
    }
    return chosen;
}

bool has(const std::vector<std::string>& sections, const char* s) {
    return std::find(sections.begin(), sections.end(), s) != sections.end();
}

std::optional<std::size_t> baselineIndex(const ReportCommandOptions& o, const Evaluation& eval) {
    if (o.allPairs || o.baseline == "all") return std::nullopt;
    if (o.baseline.empty()) return 0;
    for (std::size_t m = 0; m < eval.models.size(); ++m)
        if (eval.models[m].name == o.baseline) return m;
    throw Error("--baseline '" + o.baseline + "' is not a model");
}

// The families of the evaluated metric@k columns that have curves.
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

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

void runReport(const ReportCommandOptions& o) {
    if (o.out.empty()) throw Error("--out is required: report.html or report.pdf");
    const bool pdf = endsWith(o.out, ".pdf") || endsWith(o.out, ".PDF");
    if (!pdf && !endsWith(o.out, ".html") && !endsWith(o.out, ".htm"))
        throw Error("--out '" + o.out + "': expected a .html or .pdf file");
    const std::vector<std::string> sections = chosenSections(o.sections);
    EvalSettings settings = o.eval.settings(o.input.threads);
    stats::ComparisonOptions comparisonOptions = o.choices.options(o.input.threads);
    if (!parseShownInterval(o.interval)) throw Error("--interval: expected t, bootstrap or none");

    // The inputs are hashed for the manifest while they are read.
    auto hashing = std::async(std::launch::async, [&o] { return hashedInputs(o.input); });
    // The summary shows t intervals unless asked for the bootstrap's.
    comparisonOptions.bootstrapIntervals = o.interval == "bootstrap";
    std::optional<ProgressLine> line(std::in_place, "report");
    line->setStep("reading");
    const Dataset data = o.input.load();
    line->setStep("evaluating");
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache);
    comparisonOptions.baseline = baselineIndex(o, eval);

    ReportResults r;
    r.data = &data;
    r.settings = settings;
    if (has(sections, "summary") || has(sections, "forest")) {
        line->setStep("testing and resampling");
        r.comparison = stats::compareEvaluation(eval, comparisonOptions);
    }
    if (has(sections, "curves")) {
        line->setStep("curves");
        CurveOptions curveOptions;
        curveOptions.kmax = o.kmax;
        curveOptions.bootstrap = false;  // t bands: the bootstrap per k is the scripts' (`curves`)
        EvalSettings curveSettings = settings;
        curveSettings.metrics.clear();
        for (const MetricSpec& family : curveFamilies(settings))
            r.curves.push_back(computeCurves(data, {family}, curveSettings, curveOptions, cache));
    }
    if (has(sections, "ranks")) {
        line->setStep("rank distributions");
        EvalSettings rankSettings = settings;
        rankSettings.metrics.clear();
        r.ranks = computeRankDistributions(data, rankSettings, o.kmax, cache);
    }
    if (has(sections, "cohorts")) {
        line->setStep("cohorts");
        CohortSpec spec;
        spec.by = data.cohorts ? CohortGrouping::Attribute : CohortGrouping::Relevant;
        spec.relevanceThreshold = settings.relevanceThreshold;
        stats::ComparisonOptions cohortOptions = comparisonOptions;
        cohortOptions.metrics = {0};
        const CohortAssignment assignment = assignCohorts(data, eval.users, spec);
        r.cohorts = compareCohorts(eval, assignment, cohortOptions);
    }
    if (has(sections, "checks")) {
        line->setStep("checks");
        ValidationSettings checks;
        checks.relevanceThreshold = settings.relevanceThreshold;
        checks.largestCutoff = largestCutoff(settings.metrics);
        checks.useExclusions = settings.useExclusions;
        checks.parallelism = settings.parallelism;
        r.validation = validateDataset(data, checks);
        r.ties = analyzeTies(data, settings, cache);
    }
    std::string beyond;
    if (has(sections, "beyond")) {
        stats::ResamplingOptions resampling = comparisonOptions.resampling;
        const stats::SetLevelComparison setLevel = stats::compareSetLevelMetrics(
            data, eval, cache, comparisonOptions.baseline, resampling, comparisonOptions.level);
        if (!setLevel.metrics.empty()) beyond = formatSetLevelText(setLevel, o.digits);
    }
    line->setStep("charts");

    HtmlReportInput input;
    input.title = o.title;
    input.sections = sections;
    input.comparison = r.comparison ? &*r.comparison : nullptr;
    input.interval = *parseShownInterval(o.interval);
    input.digits = o.digits;
    input.validation = r.validation ? &*r.validation : nullptr;
    input.beyondText = beyond;
    input.metrics = settings.metrics;
    std::vector<ManifestFile> hashed = hashing.get();
    input.manifest = commandManifest(o.input, &settings, &comparisonOptions, o.interval, &eval.counts, &hashed);
    ReportCharts charts = renderReportCharts(r, sections, input.interval == ShownInterval::Bootstrap);
    line.reset();
    if (pdf) {
        writePdfReport(input, charts, o.out);
        return;
    }
    input.forest = std::move(charts.forest);
    input.curves = std::move(charts.curves);
    input.ranks = std::move(charts.ranks);
    input.cohorts = std::move(charts.cohorts);
    input.ties = std::move(charts.ties);
    writeReport(htmlReport(input), o.out);
}

} // namespace

void addReportCommand(CLI::App& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    auto* cmd = app.add_subcommand("report", std::string(qtCommandDescription("report")));
    cmd->footer(
        "Sections (--sections, comma list, default all): summary, forest, curves, ranks, cohorts, checks, beyond,\n"
        "definitions; the manifest (inputs with SHA-256, settings, users) always comes last. The HTML makes no\n"
        "external request, reads on a phone and prints cleanly; `ranklab-cli verify report.html` reruns it.\n"
        "Example: ranklab-cli report --workspace study.ranklab --out report.html");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    options->choices.addTo(*cmd, "Comma list of tests; the first one sets the marks",
                           "Multiple-testing correction: none | bonferroni | holm | bh | sidak | holm-sidak");
    auto* baseline = cmd->add_option("--baseline", options->baseline,
                                     "The model every other is compared with, or 'all' [default: the first]");
    cmd->add_flag("--all-pairs", options->allPairs, "Compare every pair of models")->excludes(baseline);
    cmd->add_option("--interval", options->interval, "Interval in the summary: t | bootstrap | none")
        ->check(CLI::IsMember({"t", "bootstrap", "none"}))
        ->capture_default_str();
    cmd->add_option("--sections", options->sections, "all, or a comma list of sections")->capture_default_str();
    cmd->add_option("--title", options->title, "The report's title")->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in the tables")->check(CLI::Range(0, 17))->capture_default_str();
    cmd->add_option("--kmax", options->kmax, "Largest k of the curves and ranks (default: the longest list)")
        ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{1'000'000}));
    cmd->add_option("--out,-o", options->out, "report.html or report.pdf (written whole or not at all)")->required();
    options->input.targets = {&options->eval, &options->choices, &options->baseline, &options->allPairs,
                              &options->interval};
    cmd->callback([options] { runReport(*options); });
}

} // namespace ranklab::cli

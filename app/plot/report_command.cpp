// ranklab-cli report: one self-contained HTML page (or a paginated PDF) of a
// whole comparison, from a workspace or the usual input options: the summary
// page (winners, Δ with intervals, coverage, failing checks), one forest plot
// of every metric, a critical-difference diagram, metric-vs-k curves, rank distributions, cohorts,
// pre-flight checks and the tie band, beyond-accuracy metrics, definitions
// and the manifest. The charts are the workbench's own (ui/charts), rendered
// to inline SVG.
#include <algorithm>
#include <filesystem>
#include <future>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/comparison_choices.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "cli/progress_line.h"
#include "cli/qt_commands.h"
#include "common/error.h"
#include "common/sha256.h"
#include "io/user_list.h"
#include "stats/practical_significance.h"
#include "report/report_results.h"
#include "compare/min_effects.h"
#include "ui/report/report_charts.h"

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
    std::string onlyUsers;  // a file of user ids; empty: every user
    // The view on screen, from the workspace unless given: the Summary's
    // display, the smallest difference that matters, the metric looked at.
    std::string display;
    std::string minEffect;
    std::string cdColumns = "main";
};

// --display, else the workspace's, else the means.
std::string displayOf(const ReportCommandOptions& o) {
    if (!o.display.empty()) return o.display;
    if (o.input.workspace && o.input.workspace->comparison) return o.input.workspace->comparison->display;
    return "mean";
}

std::optional<std::size_t> baselineIndex(const ReportCommandOptions& o, const Dataset& data) {
    if (o.allPairs || o.baseline == "all") return std::nullopt;
    if (o.baseline.empty()) return 0;
    for (std::size_t m = 0; m < data.models.size(); ++m)
        if (data.models[m].name == o.baseline) return m;
    throw Error("--baseline '" + o.baseline + "' is not a model");
}

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

void runReport(const ReportCommandOptions& o) {
    if (o.out.empty()) throw Error("--out is required: report.html or report.pdf");
    if (!ui::isPdfPath(o.out) && !endsWith(o.out, ".html") && !endsWith(o.out, ".htm"))
        throw Error("--out '" + o.out + "': expected a .html or .pdf file");
    const std::optional<ShownInterval> interval = parseShownInterval(o.interval);
    if (!interval) throw Error("--interval: expected t, bootstrap or none");
    ReportRequest request;
    request.sections = parseReportSections(o.sections);
    request.settings = o.eval.settings(o.input.threads);
    request.comparison = o.choices.options(o.input.threads);
    request.interval = *interval;
    request.kmax = o.kmax;
    request.digits = o.digits;
    request.display = displayOf(o);
    request.comparison.minEffect = stats::minEffectsFor(o.minEffect, request.settings.metrics);
    request.cdAllColumns = o.cdColumns == "all";
    if (o.input.workspace) request.primaryMetric = o.input.workspace->view.metric;

    // The inputs are hashed for the manifest while they are read.
    auto hashing = std::async(std::launch::async, [&o] { return hashedInputs(o.input); });
    std::optional<ProgressLine> line(std::in_place, "report");
    line->setStep("reading");
    auto data = std::make_shared<const Dataset>(o.input.load());
    request.comparison.baseline = baselineIndex(o, *data);
    if (!o.onlyUsers.empty())
        request.settings.onlyUsers = std::make_shared<const std::vector<UserId>>(readUserList(o.onlyUsers, data->ids));
    RankCache cache;
    const ReportResults results =
        computeReportResults(data, request, cache, nullptr, nullptr, [&line](const char* step) { line->setStep(step); });
    line->setStep("charts");
    std::vector<ManifestFile> hashed = hashing.get();
    if (!o.onlyUsers.empty()) {
        ManifestFile list;
        list.role = "only_users";
        list.path = std::filesystem::absolute(o.onlyUsers).lexically_normal().string();
        list.sha256 = sha256OfFile(o.onlyUsers, &list.size);
        list.format = "lines";
        hashed.push_back(list);
    }
    stats::ComparisonOptions shown = request.comparison;
    shown.bootstrapIntervals = request.interval == ShownInterval::Bootstrap;
    HtmlReportInput input = reportHtmlInput(
        results, request, o.title,
        commandManifest(o.input, &request.settings, &shown, o.interval, &results.evaluation->counts, &hashed));
    ui::ReportCharts charts = ui::renderReportCharts(results, request.sections,
                                                     request.interval == ShownInterval::Bootstrap, {}, request.display);
    line.reset();
    ui::writeReportFile(std::move(input), charts, o.out);
}

} // namespace

void addReportCommand(Command& app) {
    auto options = std::make_shared<ReportCommandOptions>();
    auto* cmd = app.add_subcommand("report", std::string(qtCommandDescription("report")));
    cmd->footer(
        "Sections (--sections, comma list, default all): summary, forest, cd, curves, ranks, cohorts, checks,\n"
        "beyond, definitions. summary: the page to read first (the winner per metric, each model's difference to\n"
        "the baseline with its interval, Δ%, the practical class with --min-effect, coverage warnings, the failing\n"
        "checks), then every model's cells as --display shows them; forest: one plot of every metric; cd: a\n"
        "critical-difference diagram (Friedman average ranks, the Nemenyi CD at --alpha) for three or more\n"
        "models, of the main column (--cd-columns). The manifest (inputs with SHA-256, settings, users) always\n"
        "comes last. The HTML makes no external request, has a contents bar, reads on a phone and prints cleanly;\n"
        "the PDF is A4 pages with every chart under its heading. `ranklab-cli verify report.html` reruns it.\n"
        "Example: ranklab-cli report --workspace study.ranklab --out report.html");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    options->choices.addTo(*cmd, "Comma list of tests; the first one sets the marks",
                           "Multiple-testing correction: " + listedNames<stats::Correction>(stats::kCorrectionNames));
    auto* baseline = cmd->add_option("--baseline", options->baseline,
                                     "The model every other is compared with, or 'all' [default: the first]");
    cmd->add_flag("--all-pairs", options->allPairs, "Compare every pair of models")->excludes(baseline);
    cmd->add_option("--interval", options->interval, "Interval in the summary: t | bootstrap | none")
        ->check(Check::member({"t", "bootstrap", "none"}))
        ->capture_default_str();
    cmd->add_option("--sections", options->sections, "all, or a comma list of sections")->capture_default_str();
    cmd->add_option("--title", options->title, "The report's title")->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in the tables")->check(Check::range(0, 17))->capture_default_str();
    cmd->add_option("--kmax", options->kmax, "Largest k of the curves and ranks (default: the longest list)")
        ->check(Check::range(std::uint32_t{1}, std::uint32_t{1'000'000}));
    cmd->add_option("--only-users", options->onlyUsers,
                    "A file of user ids, one a line: the report averages only these users (as the workbench's "
                    "Restrict Views to Selection)")
        ->check(Check::existingFile());
    cmd->add_option("--display", options->display,
                    "The summary's cells, as the workbench's Summary shows them: mean | delta | delta_percent | d_z | "
                    "rank_biserial [default: the workspace's, else mean]")
        ->check(Check::member({"mean", "delta", "delta_percent", "d_z", "rank_biserial"}));
    cmd->add_option("--min-effect", options->minEffect,
                    "The smallest difference that matters, D, D% or METRIC=D,...: TOST and the practical class in the "
                    "summary, a ±δ band on the forest plot [default: the workspace's]");
    cmd->add_option("--cd-columns", options->cdColumns,
                    "main: one critical-difference diagram, of the workspace's metric (view.metric) or the first "
                    "compared column; all: one per compared column")
        ->check(Check::member({"main", "all"}))
        ->capture_default_str();
    cmd->add_option("--out,-o", options->out, "report.html or report.pdf (written whole or not at all)")->required();
    options->input.targets = {&options->eval,     &options->choices,  &options->baseline,
                              &options->allPairs, &options->interval, &options->minEffect};
    cmd->callback([options] { runReport(*options); });
}

} // namespace ranklab::cli

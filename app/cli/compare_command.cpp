// ranklab-cli compare: the models' means with confidence intervals and
// significance marks, and every pair's tests, corrected over the family.
#include <algorithm>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/comparison_choices.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "cli/progress_line.h"
#include "cli/report_output.h"
#include "common/error.h"
#include "report/compare_report.h"
#include "report/set_level_report.h"
#include "stats/set_level_comparison.h"
#include "stats/comparison.h"

namespace ranklab::cli {
namespace {

struct CompareCommandOptions {
    InputOptions input;
    EvalOptions eval;
    std::string baseline;  // empty: the first --run
    bool allPairs = false;
    ComparisonChoices choices;  // --test, --correction, --alpha, --level, --resamples, --seed, --no-bootstrap
    std::string format = "table";
    std::string interval = "t";
    int digits = 4;
    std::string out;
};

std::string modelList(const Evaluation& eval) {
    std::string names;
    for (const auto& model : eval.models) names.append(names.empty() ? "" : ", ").append(model.name);
    return names;
}

// Every option checked before any file is read.
stats::ComparisonOptions comparisonOptions(const CompareCommandOptions& o) {
    const std::size_t models = o.input.sources().runs.size();
    if (models < 2)
        throw Error(std::string("compare needs at least two models (--run), got ").append(std::to_string(models)));
    return o.choices.options(o.input.threads);
}

std::optional<std::size_t> baselineIndex(const CompareCommandOptions& o, const Evaluation& eval) {
    if (o.allPairs || o.baseline == "all") return std::nullopt;
    if (o.baseline.empty()) return 0;
    for (std::size_t m = 0; m < eval.models.size(); ++m)
        if (eval.models[m].name == o.baseline) return m;
    throw Error(std::string("--baseline '").append(o.baseline).append("' is not a model; the models are: ").append(
        modelList(eval)));
}

void runCompare(const CompareCommandOptions& o) {
    stats::ComparisonOptions options = comparisonOptions(o);
    EvalSettings settings = o.eval.settings(o.input.threads);  // bad metrics fail before reading
    std::optional<ProgressLine> line(std::in_place, "compare");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.4);
    Dataset data = o.input.load(&reading);
    line->setStep("evaluating");
    const Progress evaluating(line->progress(), 0.4, 0.6);
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache, &evaluating);
    options.baseline = baselineIndex(o, eval);
    line->setStep("testing and resampling");
    evaluating.report(1.0);
    const stats::Comparison comparison = stats::compareEvaluation(eval, options);
    // Set-level metrics have no per-user values: their intervals and paired
    // differences resample users and recompute the statistic.
    stats::ResamplingOptions setResampling = options.resampling;
    setResampling.progress = nullptr;
    const stats::SetLevelComparison setLevel =
        stats::compareSetLevelMetrics(data, eval, cache, options.baseline, setResampling, options.level);
    line.reset();

    ComparisonReportOptions report;
    report.digits = o.digits;
    report.interval = *parseShownInterval(o.interval);
    report.context = ComparisonContext::of(eval);
    std::string text = formatComparison(comparison, *parseTableFormat(o.format), report);
    if (!setLevel.metrics.empty()) {
        if (o.format == "json") {
            auto json = nlohmann::ordered_json::parse(text);
            json["set_level"] = setLevelJson(setLevel);
            text = json.dump(2) + "\n";
        } else if (o.format == "table" || o.format == "md") {
            text += formatSetLevelText(setLevel, o.digits);
        } else {
            std::cerr << "ranklab-cli: note: set-level metrics (" << setLevel.method
                      << ") are reported in the table, md and json formats\n";
        }
    }
    writeReport(withManifest(text, o.format, o.out, o.input, &settings, &options, o.interval, &eval.counts), o.out);
}

} // namespace

void addCompareCommand(CLI::App& app) {
    auto options = std::make_shared<CompareCommandOptions>();
    auto* cmd = app.add_subcommand(
        "compare",
        "Compare models: means with confidence intervals and significance marks, then every pair's "
        "difference, CI, effect size, wins/ties/losses and tests, corrected over all pairs x metrics");
    cmd->footer(
        "Pairs: against a baseline (default: the first --run), each other model m as (m, baseline); with "
        "--all-pairs (or --baseline all), every (i, j) with i before j. Differences are a - b.\n"
        "Marks (on the first --test, after --correction, at --alpha): against a baseline, \xe2\x80\xa0 "
        "(dagger) on a mean significantly better than the baseline and \xe2\x80\xa1 (double dagger) on one "
        "significantly worse; all pairs, each model gets a letter (a, b, c, ...) and a mean carries the letters "
        "of the models it is significantly better than (^bc in table, <sup>bc</sup> in md, $^{\\text{bc}}$ in "
        "latex). The best mean of each column is starred (table) or bold (md, latex). In the pairs, "
        "an adjusted p followed by * is significant.\n"
        "Formats: table and md show the means table and the pairs table; latex the same as booktabs tables "
        "(needs booktabs and amsmath); csv one row per pair and metric with every field (metric, a, b, n, "
        "mean_a, mean_b, mean_diff, ci_lo, ci_hi (bootstrap, or t with --no-bootstrap), ci_t_lo, ci_t_hi, "
        "ci_bootstrap_lo, ci_bootstrap_hi, effect_size (Cohen's d_z), wins, ties, losses, then per test "
        "<test>_statistic, <test>_p, <test>_p_adjusted, <test>_significant), every digit, NaN as NaN; json "
        "{settings, users, models: [{name, metrics: {id: {mean, sd, n, ci, ci_t, ci_bootstrap, best, "
        "better_than, worse_than}}}], pairs: [{a, b, metric, n, mean_a, mean_b, mean_diff, ci, ci_t, "
        "ci_bootstrap, effect_size, wins, ties, losses, tests: {name: {statistic, p, p_adjusted, "
        "significant}}}]}, every digit, NaN and infinities as null.");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    auto* baseline = cmd->add_option("--baseline", options->baseline,
                                     "The model every other is compared with (a --run NAME), or 'all' for all "
                                     "pairs [default: the first --run]");
    cmd->add_flag("--all-pairs", options->allPairs, "Compare every pair of models (same as --baseline all)")
        ->excludes(baseline);
    options->choices.addTo(*cmd,
                           "Comma list of tests: t (paired t-test), wilcoxon (signed-rank), randomization (sign flips), "
                    "bootstrap (paired bootstrap); the first one sets the marks",
                           "Multiple-testing correction over all pairs x metrics, per test: none | bonferroni | holm | bh | sidak | holm-sidak");
    cmd->add_option("--format", options->format, "table | csv | json | md | latex")
        ->check(CLI::IsMember({"table", "csv", "json", "md", "latex"}))
        ->capture_default_str();
    cmd->add_option("--interval", options->interval,
                    "Interval shown in table, md and latex: t (mean ± half-width) | bootstrap (mean [lo, hi]) | none")
        ->check(CLI::IsMember({"t", "bootstrap", "none"}))
        ->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in table, md and latex output")
        ->check(CLI::Range(0, 17))
        ->capture_default_str();
    cmd->add_option("--out,-o", options->out, "Write the report to this file (atomically) instead of stdout");
    options->input.targets = {&options->eval, &options->choices, &options->baseline, &options->allPairs,
                              &options->interval};
    cmd->callback([options] { runCompare(*options); });
}

} // namespace ranklab::cli

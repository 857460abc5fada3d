// ranklab-cli plot: the workbench's charts rendered headless to SVG, PNG or
// PDF, built by the same chart classes (ui/charts) from the same core
// results as `curves`, `ranks` and `cohorts`.
#include <QApplication>
#include <QString>

#include <memory>

#include "cli/commands.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "cli/qt_commands.h"
#include "common/error.h"
#include "compare/cohort_comparison.h"
#include "eval/metric_curve.h"
#include "eval/tie_sensitivity.h"
#include "compare/critical_difference.h"
#include "compare/rank_distribution.h"
#include "ui/charts/chart_caption.h"
#include "ui/charts/chart_export.h"
#include "ui/charts/chart_theme.h"
#include "ui/charts/cohort_chart.h"
#include "ui/charts/critical_difference_chart.h"
#include "ui/charts/curve_chart.h"
#include "ui/charts/forest_chart.h"
#include "ui/charts/rank_chart.h"
#include "ui/charts/tie_band_chart.h"
#include "ui/model_colors.h"

namespace ranklab::cli {
namespace {

struct PlotCommandOptions {
    InputOptions input;
    EvalOptions eval;
    std::string kind;
    std::string out;
    std::uint32_t kmax = 0;
    bool logScale = false;
    std::string band = "bootstrap";
    std::string ranks = "first";
    std::string by = "relevant";
    std::string baseline;  // forest: a --run name; empty: the first
    double alpha = 0.05;   // cd: the Nemenyi test's level
    int width = 1200, height = 800, dpi = 150;
    std::string title;
    bool noCaption = false;
    std::size_t resamples = stats::kDefaultResamples;
    std::uint64_t seed = stats::kDefaultSeed;
};

// Charts need a QApplication; without a display Qt renders offscreen.
QApplication& application() {
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance())) return *app;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "ranklab-cli";
    static char* argv[] = {name, nullptr};
    static QApplication app(argc, argv);
    return app;
}

QList<ui::ModelLook> looksOf(const Dataset& data) {
    QList<ui::ModelLook> looks;
    for (std::size_t m = 0; m < data.models.size(); ++m)
        looks.append({QString::fromStdString(data.models[m].name), ui::paletteColor(m), true});
    return looks;
}

void exportOrThrow(QChart* chart, const PlotCommandOptions& o, ui::ChartFormat format, const QString& caption) {
    ui::applyPrintTheme(chart);
    if (!o.title.empty()) chart->setTitle(QString::fromStdString(o.title));
    ui::ChartExportOptions e;
    e.pixels = QSize(o.width, o.height);
    e.dpi = o.dpi;
    if (!o.noCaption) e.caption = caption;
    const EvalSettings settings = o.eval.settings(o.input.threads);
    e.manifestJson = QByteArray::fromStdString(manifestJson(commandManifest(o.input, &settings), -1));
    QString error;
    if (!ui::exportChart(chart, QString::fromStdString(o.out), format, e, &error)) throw Error(error.toStdString());
}

void plotCurves(const PlotCommandOptions& o, ui::ChartFormat format) {
    const std::vector<MetricSpec> metrics = parseCurveMetrics(o.eval.metrics);
    EvalSettings settings = o.eval.settings(o.input.threads);
    settings.metrics.clear();
    CurveOptions options;
    options.kmax = o.kmax;
    options.bands = o.band != "none";
    options.resamples = o.resamples;
    options.seed = o.seed;
    const Dataset data = o.input.load();
    RankCache cache;
    const CurveResult result = computeCurves(data, {metrics.front()}, settings, options, cache);
    application();
    ui::CurveChartOptions chartOptions;
    chartOptions.band = o.band == "t" ? ui::CurveBand::T : o.band == "none" ? ui::CurveBand::None : ui::CurveBand::Bootstrap;
    chartOptions.logK = o.logScale;
    ui::CurveChart chart(result, looksOf(data), chartOptions);
    exportOrThrow(&chart, o, format, ui::chartCaption(chart.description(), result.settings, result.counts.evaluated));
}

void plotRanks(const PlotCommandOptions& o, ui::ChartFormat format) {
    EvalSettings settings = o.eval.settings(o.input.threads);
    settings.metrics.clear();
    const Dataset data = o.input.load();
    RankCache cache;
    const RankDistributions result = computeRankDistributions(data, settings, o.kmax, cache);
    application();
    ui::RankChartOptions chartOptions;
    chartOptions.kind = o.ranks == "all" ? ui::RankHistogramKind::All : ui::RankHistogramKind::First;
    chartOptions.logCounts = o.logScale;
    ui::RankChart chart(result, looksOf(data), chartOptions);
    exportOrThrow(&chart, o, format, ui::chartCaption(chart.description(), result.settings, result.counts.evaluated));
}

void plotCohorts(const PlotCommandOptions& o, ui::ChartFormat format) {
    const EvalSettings settings = o.eval.settings(o.input.threads);
    CohortSpec spec;
    spec.by = *parseCohortGrouping(o.by);
    spec.relevanceThreshold = o.eval.rel;
    if (spec.by == CohortGrouping::Activity && o.input.sources().exclusions.empty())
        throw Error("--by activity counts each user's training interactions in the --exclude file: give one");
    if (spec.by == CohortGrouping::Attribute && o.input.sources().cohorts.empty())
        throw Error("--by attribute needs a --cohorts file of `user group` lines");
    stats::ComparisonOptions comparison;
    comparison.bootstrapIntervals = o.band == "bootstrap";
    comparison.metrics = {0};  // the first metric column is plotted
    comparison.resampling.resamples = o.resamples;
    comparison.resampling.seed = o.seed;
    comparison.resampling.parallelism = Parallelism(o.input.threads);
    const Dataset data = o.input.load();
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache);
    const CohortAssignment assignment = assignCohorts(data, eval.users, spec);
    const CohortComparison result = compareCohorts(eval, assignment, comparison);
    application();
    ui::CohortChartOptions chartOptions;
    chartOptions.bootstrapCi = o.band == "bootstrap";
    ui::CohortChart chart(result, looksOf(data), chartOptions);
    exportOrThrow(&chart, o, format, ui::chartCaption(chart.description(), settings, eval.counts.evaluated));
}

void plotTies(const PlotCommandOptions& o, ui::ChartFormat format) {
    const EvalSettings settings = o.eval.settings(o.input.threads);
    const Dataset data = o.input.load();
    RankCache cache;
    const TieSensitivity result = analyzeTies(data, settings, cache);
    application();
    ui::TieBandChart chart(result, 0, looksOf(data));
    exportOrThrow(&chart, o, format, ui::chartCaption(chart.description(), settings, result.users));
}

void plotForest(const PlotCommandOptions& o, ui::ChartFormat format) {
    const EvalSettings settings = o.eval.settings(o.input.threads);
    const Dataset data = o.input.load();
    if (data.models.size() < 2) throw Error("--kind forest needs at least two models (--run)");
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache);
    stats::ComparisonOptions comparison;
    comparison.baseline = 0;
    if (!o.baseline.empty()) {
        comparison.baseline.reset();
        std::string names;
        for (std::size_t m = 0; m < eval.models.size(); ++m) {
            if (eval.models[m].name == o.baseline) comparison.baseline = m;
            names.append(m ? ", " : "").append(eval.models[m].name);
        }
        if (!comparison.baseline)
            throw Error(std::string("--baseline '").append(o.baseline).append("' is not a model; the models are: ")
                            .append(names));
    }
    comparison.bootstrapIntervals = o.band == "bootstrap";
    comparison.metrics = {0};  // the first metric column is plotted
    comparison.resampling.resamples = o.resamples;
    comparison.resampling.seed = o.seed;
    comparison.resampling.parallelism = Parallelism(o.input.threads);
    const stats::Comparison result = stats::compareEvaluation(eval, comparison);
    application();
    ui::ForestChart chart(result, 0, looksOf(data), o.band == "bootstrap" ? ui::CiKind::Bootstrap : ui::CiKind::T);
    exportOrThrow(&chart, o, format, ui::chartCaption(chart.description(), settings, eval.counts.evaluated));
}

void plotCriticalDifference(const PlotCommandOptions& o, ui::ChartFormat format) {
    if (!(o.alpha > 0 && o.alpha < 1))
        throw Error(std::string("--alpha must lie strictly between 0 and 1, got ").append(std::to_string(o.alpha)));
    const EvalSettings settings = o.eval.settings(o.input.threads);
    const Dataset data = o.input.load();
    if (data.models.size() < 2) throw Error("--kind cd needs at least two models (--run)");
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache);
    // The first --metrics column with per-user values (set-level ones have none).
    std::size_t metric = 0;
    while (metric < eval.metricCount() && eval.isSetLevel(metric)) ++metric;
    if (metric == eval.metricCount())
        throw Error("--kind cd ranks the models per user: give a --metrics column with per-user values");
    stats::CriticalDifference d = stats::criticalDifference(eval, metric, {}, o.alpha);
    application();
    ui::CriticalDifferenceChart chart(std::move(d), QString::fromStdString(eval.settings.metrics[metric].id()),
                                      looksOf(data));
    exportOrThrow(&chart, o, format, ui::chartCaption(chart.description(), settings, eval.counts.evaluated));
}

void runPlot(const PlotCommandOptions& o) {
    // Every option is checked before any file is read.
    const auto format = ui::chartFormatForPath(QString::fromStdString(o.out));
    if (!format)
        throw Error(std::string("--out '").append(o.out).append(
            "': the chart format comes from the extension, expected .svg, .png or .pdf"));
    if (o.kind == "curves")
        plotCurves(o, *format);
    else if (o.kind == "ranks")
        plotRanks(o, *format);
    else if (o.kind == "cohorts")
        plotCohorts(o, *format);
    else if (o.kind == "ties")
        plotTies(o, *format);
    else if (o.kind == "forest")
        plotForest(o, *format);
    else if (o.kind == "cd")
        plotCriticalDifference(o, *format);
    else
        throw Error(std::string("unknown --kind '").append(o.kind).append(
            "': expected curves, ranks, cohorts, ties, forest or cd"));
}

} // namespace

void addPlotCommand(Command& app) {
    auto options = std::make_shared<PlotCommandOptions>();
    options->eval.metrics = "ndcg";
    options->eval.cutoffs = "10";
    auto* cmd = app.add_subcommand("plot", std::string(qtCommandDescription("plot")));
    cmd->footer(
        "Kinds: curves (the first --metrics family at k = 1..K, with a confidence band; --log: log k axis),\n"
        "ranks (histogram and CDF of the rank of the first relevant item, or of all with --ranks all;\n"
        "--log: log count axis), cohorts (the first --metrics column per cohort with CI whiskers; --by),\n"
        "ties (the first --metrics column's optimistic..pessimistic tie band per model, the --ties value marked),\n"
        "forest (the first --metrics column: each model's mean difference to --baseline with its paired CI,\n"
        "--band bootstrap or t; a filled point is significant by the paired t-test, Holm over the models),\n"
        "cd (the critical-difference diagram of the first --metrics column: every model's average rank over\n"
        "the users, 1 = best, bars joining models within the Nemenyi critical difference at --alpha).\n"
        "The format is the --out extension. The chart carries a caption with the metric, tie and users\n"
        "policies and the number of users (--no-caption leaves it out). PNG: --width x --height pixels at --dpi.\n"
        "Example: ranklab-cli plot --kind curves -q qrels.txt -r bm25=bm25.run -r dense=dense.run "
        "--metrics recall --kmax 100 --out recall.pdf");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    cmd->add_option("--kind", options->kind, "curves | ranks | cohorts | ties | forest | cd")->required();
    cmd->add_option("--out,-o", options->out, "The chart file: .svg, .png or .pdf (written whole or not at all)")
        ->required();
    cmd->add_option("--kmax", options->kmax, "Largest k or rank (curves, ranks; default: the longest ranked list)")
        ->check(Check::range(std::uint32_t{1}, std::uint32_t{1'000'000}));
    cmd->add_flag("--log", options->logScale, "Log axis: k (curves) or counts (ranks)");
    cmd->add_option("--band", options->band, "Confidence band or whiskers: bootstrap | t | none (none: curves only)")
        ->check(Check::member({"bootstrap", "t", "none"}))
        ->capture_default_str();
    cmd->add_option("--ranks", options->ranks, "ranks: first (each user's first relevant item) | all")
        ->check(Check::member({"first", "all"}))
        ->capture_default_str();
    cmd->add_option("--by", options->by, "cohorts: relevant | activity | attribute")
        ->check(Check::member({"relevant", "activity", "attribute"}))
        ->capture_default_str();
    cmd->add_option("--baseline", options->baseline, "forest: the model the others are compared with (a --run NAME) "
                                                      "[default: the first --run]");
    cmd->add_option("--alpha", options->alpha, "cd: the significance level of the Nemenyi test")->capture_default_str();
    cmd->add_option("--width", options->width, "PNG width in pixels (SVG/PDF: the same layout)")
        ->check(Check::range(16, 20000))
        ->capture_default_str();
    cmd->add_option("--height", options->height, "PNG height in pixels")->check(Check::range(16, 20000))->capture_default_str();
    cmd->add_option("--dpi", options->dpi, "PNG resolution; fonts keep their point size at it")
        ->check(Check::range(72, 1200))
        ->capture_default_str();
    cmd->add_option("--title", options->title, "Chart title instead of the default");
    cmd->add_flag("--no-caption", options->noCaption, "No settings line under the chart");
    cmd->add_option("--resamples", options->resamples, "Bootstrap resamples")
        ->check(Check::range(std::size_t{1}, std::size_t{100'000'000}))
        ->capture_default_str();
    cmd->add_option("--seed", options->seed, "Bootstrap seed")->capture_default_str();
    options->input.targets.eval = &options->eval;
    options->input.targets.baseline = &options->baseline;
    cmd->callback([options] { runPlot(*options); });
}

} // namespace ranklab::cli

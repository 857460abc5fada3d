#include "ui/report/report_charts.h"

#include <QApplication>

#include <algorithm>

#include "ui/charts/chart_caption.h"
#include "ui/charts/chart_export.h"
#include "ui/charts/chart_theme.h"
#include "ui/charts/cohort_chart.h"
#include "ui/charts/critical_difference_chart.h"
#include "ui/charts/curve_chart.h"
#include "ui/charts/rank_chart.h"
#include "ui/charts/tie_band_chart.h"
#include "common/error.h"
#include "common/output_file.h"
#include "ui/model_colors.h"
#include "ui/report/pdf_report.h"

namespace ranklab::ui {
namespace {

void ensureApplication() {
    if (QCoreApplication::instance()) return;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "ranklab-cli";
    static char* argv[] = {name, nullptr};
    static QApplication app(argc, argv);
}

QList<ModelLook> looksOf(const Dataset& data) {
    QList<ModelLook> looks;
    for (std::size_t m = 0; m < data.models.size(); ++m)
        looks.append({QString::fromStdString(data.models[m].name), paletteColor(m), true});
    return looks;
}

bool has(const std::vector<std::string>& sections, const char* s) {
    return std::find(sections.begin(), sections.end(), s) != sections.end();
}

// Renders `chart` to SVG into `into` and keeps it for the PDF.
void add(ReportCharts& charts, const char* section, std::vector<HtmlChart>& into, std::unique_ptr<QChart> chart,
         const QString& what, const EvalSettings& settings, std::size_t users) {
    applyPrintTheme(chart.get());
    ChartExportOptions options;
    options.pixels = QSize(960, 540);
    options.dpi = 96;
    options.caption = chartCaption(what, settings, users);
    const QByteArray svg = chartSvg(chart.get(), options);
    into.push_back({chart->title().toStdString(), svg.toStdString(), ""});
    charts.pages.push_back({section, std::move(chart), nullptr, options.caption});
}

} // namespace

ReportCharts renderReportCharts(const ReportResults& r, const std::vector<std::string>& sections,
                                bool bootstrapIntervals, QList<ModelLook> looks, const std::string& display) {
    ensureApplication();
    ReportCharts charts;
    if (looks.isEmpty()) looks = looksOf(*r.data);
    for (ModelLook& look : looks) look.visible = true;
    const CiKind ci = bootstrapIntervals ? CiKind::Bootstrap : CiKind::T;
    if (has(sections, "forest") && r.comparison && r.comparison->options.baseline) {
        // One figure for every metric (combined_forest.h), not one per column.
        auto forest = std::make_shared<const CombinedForest>(
            combinedForest(*r.comparison, looks, ci, display == "delta_percent"));
        if (!forest->empty()) {
            const QString caption = chartCaption(forest->title, r.settings, r.comparison->users);
            charts.forest.push_back({forest->title.toStdString(), combinedForestSvg(*forest, 900).toStdString(),
                                     caption.toStdString()});
            charts.pages.push_back({"forest", nullptr, forest, caption});
        }
    }
    if (has(sections, "cd")) {
        for (const ReportCriticalDifference& c : r.criticalDifferences) {
            const QString id = QString::fromStdString(r.evaluation->settings.metrics[c.metric].id());
            auto chart = std::make_unique<CriticalDifferenceChart>(c.diagram, id, looks);
            const QString what = chart->description();
            add(charts, "cd", charts.cd, std::move(chart), what, r.settings, c.diagram.n);
        }
    }
    for (const CurveResult& curve : r.curves) {
        CurveChartOptions options;
        options.band = CurveBand::T;
        auto chart = std::make_unique<CurveChart>(curve, looks, options);
        const QString what = chart->description();
        add(charts, "curves", charts.curves, std::move(chart), what, curve.settings, curve.counts.evaluated);
    }
    if (r.ranks) {
        for (RankHistogramKind kind : {RankHistogramKind::First, RankHistogramKind::All}) {
            RankChartOptions options;
            options.kind = kind;
            auto chart = std::make_unique<RankChart>(*r.ranks, looks, options);
            const QString what = chart->description();
            add(charts, "ranks", charts.ranks, std::move(chart), what, r.ranks->settings, r.ranks->counts.evaluated);
        }
    }
    if (r.cohorts) {
        CohortChartOptions options;
        options.bootstrapCi = bootstrapIntervals;
        auto chart = std::make_unique<CohortChart>(*r.cohorts, looks, options);
        const QString what = chart->description();
        add(charts, "cohorts", charts.cohorts, std::move(chart), what, r.settings, r.cohorts->overall.users);
    }
    if (r.ties) {
        auto chart = std::make_unique<TieBandChart>(*r.ties, 0, looks);
        const QString what = chart->description();
        add(charts, "checks", charts.ties, std::move(chart), what, r.settings, r.ties->users);
    }
    return charts;
}

bool isPdfPath(const std::string& path) {
    return path.size() >= 4 && (path.compare(path.size() - 4, 4, ".pdf") == 0 || path.compare(path.size() - 4, 4, ".PDF") == 0);
}

void writeReportFile(HtmlReportInput input, ReportCharts& charts, const std::string& path) {
    if (isPdfPath(path)) {
        writePdfReport(std::move(input), charts, path);
        return;
    }
    input.forest = charts.forest;
    input.cd = charts.cd;
    input.curves = charts.curves;
    input.ranks = charts.ranks;
    input.cohorts = charts.cohorts;
    input.ties = charts.ties;
    const std::string html = htmlReport(input);
    writeOutputFile(path, html);
}

} // namespace ranklab::ui

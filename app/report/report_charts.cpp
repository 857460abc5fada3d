#include "report/report_charts.h"

#include <QApplication>

#include <algorithm>

#include "ui/charts/chart_caption.h"
#include "ui/charts/chart_export.h"
#include "ui/charts/chart_theme.h"
#include "ui/charts/cohort_chart.h"
#include "ui/charts/curve_chart.h"
#include "ui/charts/forest_chart.h"
#include "ui/charts/rank_chart.h"
#include "ui/charts/tie_band_chart.h"
#include "ui/model_colors.h"

namespace ranklab::cli {
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

QList<ui::ModelLook> looksOf(const Dataset& data) {
    QList<ui::ModelLook> looks;
    for (std::size_t m = 0; m < data.models.size(); ++m)
        looks.append({QString::fromStdString(data.models[m].name), ui::paletteColor(m), true});
    return looks;
}

bool has(const std::vector<std::string>& sections, const char* s) {
    return std::find(sections.begin(), sections.end(), s) != sections.end();
}

// Renders `chart` to SVG into `into` and keeps it for the PDF.
void add(ReportCharts& charts, std::vector<HtmlChart>& into, std::unique_ptr<QChart> chart, const QString& what,
         const EvalSettings& settings, std::size_t users) {
    ui::applyPrintTheme(chart.get());
    ui::ChartExportOptions options;
    options.pixels = QSize(960, 540);
    options.dpi = 96;
    options.caption = ui::chartCaption(what, settings, users);
    const QByteArray svg = ui::chartSvg(chart.get(), options);
    into.push_back({chart->title().toStdString(), svg.toStdString(), ""});
    charts.pages.push_back({std::move(chart), options.caption});
}

} // namespace

ReportCharts renderReportCharts(const ReportResults& r, const std::vector<std::string>& sections,
                                bool bootstrapIntervals) {
    ensureApplication();
    ReportCharts charts;
    const QList<ui::ModelLook> looks = looksOf(*r.data);
    const ui::CiKind ci = bootstrapIntervals ? ui::CiKind::Bootstrap : ui::CiKind::T;
    if (has(sections, "forest") && r.comparison && r.comparison->options.baseline) {
        for (std::size_t i = 0; i < r.comparison->metrics.size(); ++i) {
            auto chart = std::make_unique<ui::ForestChart>(*r.comparison, r.comparison->metrics[i], looks, ci);
            const QString what = chart->description();
            add(charts, charts.forest, std::move(chart), what, r.settings, r.comparison->users);
        }
    }
    for (const CurveResult& curve : r.curves) {
        ui::CurveChartOptions options;
        options.band = ui::CurveBand::T;
        auto chart = std::make_unique<ui::CurveChart>(curve, looks, options);
        const QString what = chart->description();
        add(charts, charts.curves, std::move(chart), what, curve.settings, curve.counts.evaluated);
    }
    if (r.ranks) {
        for (ui::RankHistogramKind kind : {ui::RankHistogramKind::First, ui::RankHistogramKind::All}) {
            ui::RankChartOptions options;
            options.kind = kind;
            auto chart = std::make_unique<ui::RankChart>(*r.ranks, looks, options);
            const QString what = chart->description();
            add(charts, charts.ranks, std::move(chart), what, r.ranks->settings, r.ranks->counts.evaluated);
        }
    }
    if (r.cohorts) {
        ui::CohortChartOptions options;
        options.bootstrapCi = bootstrapIntervals;
        auto chart = std::make_unique<ui::CohortChart>(*r.cohorts, looks, options);
        const QString what = chart->description();
        add(charts, charts.cohorts, std::move(chart), what, r.settings, r.cohorts->overall.users);
    }
    if (r.ties) {
        auto chart = std::make_unique<ui::TieBandChart>(*r.ties, 0, looks);
        const QString what = chart->description();
        add(charts, charts.ties, std::move(chart), what, r.settings, r.ties->users);
    }
    return charts;
}

} // namespace ranklab::cli

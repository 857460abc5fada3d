#pragma once
// A chart written to a file for a report: PNG (a chosen pixel size and DPI),
// SVG or PDF (one page), with a caption line under the chart that says what
// made it (metric, tie and users policies, users). The chart is laid out at
// the size the DPI implies (pixels × 96 / dpi logical pixels) so its fonts
// keep their point sizes at that DPI; SVG and PDF use the same layout as
// vectors. The file is made in memory and written by ui/user_file.h: a
// regular file replaced whole or not at all, a link refused.
#include <QByteArray>
#include <QSize>
#include <QString>

#include <optional>

class QChart;
class QPainter;

namespace ranklab::ui {

enum class ChartFormat { Png, Svg, Pdf };

// By the extension, case-insensitive: .png, .svg, .pdf; none otherwise.
std::optional<ChartFormat> chartFormatForPath(const QString& path);

struct ChartExportOptions {
    QSize pixels{1200, 800};  // of the PNG; SVG and PDF get the same layout
    int dpi = 150;            // 72..1200
    QString caption;          // plain text under the chart; empty: none
    // The export's manifest as one line of JSON (manifest/manifest.h); empty:
    // none. PNG: a tEXt/iTXt chunk "ranklab-manifest"; SVG: <metadata
    // id="ranklab-manifest">; PDF: the XMP metadata.
    QByteArray manifestJson;
};

// Renders `chart` (temporarily resized; its scene, if any, is left as it
// was) into `path`. False with `error` saying what failed.
bool exportChart(QChart* chart, const QString& path, ChartFormat format, const ChartExportOptions& options,
                 QString* error);

// `chart` as an SVG document (the same drawing as exportChart's SVG, with
// the manifest's <metadata> when options.manifestJson is set).
QByteArray chartSvg(QChart* chart, const ChartExportOptions& options);

// Paints `chart` (and `caption` under it) into `painter` at logical size
// `layout`: a page of a PDF report.
void paintChartOn(QChart* chart, QPainter& painter, const QSizeF& layout, const QString& caption);

// The logical (96 dpi) size the chart is laid out at for these options.
QSizeF chartLayoutSize(const ChartExportOptions& options);

} // namespace ranklab::ui

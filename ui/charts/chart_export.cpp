#include "ui/charts/chart_export.h"

#include <QChart>
#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QBuffer>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>
#include <memory>

#include "ui/charts/svg_drawing.h"
#include "ui/charts/svg_fonts.h"
#include "ui/user_file.h"

namespace ranklab::ui {
namespace {

constexpr qreal kLogicalDpi = 96.0;

QFont captionFont() {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    // In pixels of the 96-dpi layout (9 pt): a point size would be scaled
    // twice on a PNG, once by its DPI and once by the painter.
    f.setPixelSize(12);
    return f;
}

// The caption's height at `width`, wrapped, with a little padding.
qreal captionHeight(const QString& caption, qreal width) {
    if (caption.isEmpty()) return 0;
    const QFontMetricsF metrics(captionFont());
    const QRectF box = metrics.boundingRect(QRectF(0, 0, width - 16, 10000), Qt::TextWordWrap, caption);
    return std::ceil(box.height()) + 10;
}

// Lays `chart` out at `size` (logical pixels, caption strip included) and
// paints chart and caption with `painter`, whose device is that size times
// the painter's scale.
void paintChart(QChart* chart, QPainter& painter, const QSizeF& size, const QString& caption) {
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
    const qreal strip = captionHeight(caption, size.width());
    const QSizeF chartSize(size.width(), std::max<qreal>(50, size.height() - strip));

    // A chart that is not in a scene is put in one for the render; one
    // shown in a view is resized in place and given its geometry back.
    std::unique_ptr<QGraphicsScene> ownScene;
    QGraphicsScene* scene = chart->scene();
    if (!scene) {
        ownScene = std::make_unique<QGraphicsScene>();
        scene = ownScene.get();
        scene->addItem(chart);
    }
    const QRectF oldGeometry = chart->geometry();
    chart->setGeometry(QRectF(oldGeometry.topLeft(), chartSize));
    if (chart->layout()) chart->layout()->activate();
    const QRectF source = chart->mapRectToScene(QRectF(QPointF(0, 0), chartSize));
    scene->render(&painter, QRectF(QPointF(0, 0), chartSize), source, Qt::IgnoreAspectRatio);
    chart->setGeometry(oldGeometry);
    if (ownScene) ownScene->removeItem(chart);

    if (strip > 0) {
        painter.setFont(captionFont());
        painter.setPen(QColor(0x40, 0x40, 0x40));
        painter.drawText(QRectF(8, chartSize.height() + 2, size.width() - 16, strip - 4),
                         Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption);
    }
}

QString cannotWrite(const QString& path, const QString& why) {
    return QStringLiteral("Cannot write %1: %2").arg(path, why);
}

} // namespace

static QByteArray pdfXmp(const QString& title, const QByteArray& manifestJson) {
    const QByteArray escapedTitle = title.toHtmlEscaped().toUtf8();
    const QByteArray escapedManifest = QString::fromUtf8(manifestJson).toHtmlEscaped().toUtf8();
    return "<?xpacket begin=\"\xef\xbb\xbf\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
           "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
           "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
           "xmlns:ranklab=\"urn:ranklab:manifest:1\">"
           "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + escapedTitle + "</rdf:li></rdf:Alt></dc:title>"
           "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\" id=\"ranklab-manifest\">" + escapedManifest +
           "</rdf:li></rdf:Alt></dc:description>"
           "</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>";
}

std::optional<ChartFormat> chartFormatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) return ChartFormat::Png;
    if (suffix == QLatin1String("svg")) return ChartFormat::Svg;
    if (suffix == QLatin1String("pdf")) return ChartFormat::Pdf;
    return std::nullopt;
}

QSizeF chartLayoutSize(const ChartExportOptions& options) {
    const qreal scale = options.dpi / kLogicalDpi;
    return QSizeF(options.pixels.width() / scale, options.pixels.height() / scale);
}

QByteArray chartSvg(QChart* chart, const ChartExportOptions& options) {
    const QSizeF layout = chartLayoutSize(options);
    const QByteArray drawn = drawSvg(layout, int(kLogicalDpi), chart->title(), options.caption, [&](QPainter& painter) {
        paintChart(chart, painter, layout, options.caption);
    });
    if (drawn.isEmpty()) return {};
    QByteArray text = withResolvedFontFamilies(drawn);
    if (!options.manifestJson.isEmpty()) {
        // After the opening <svg ...> tag.
        const qsizetype svgTag = text.indexOf("<svg");
        const qsizetype end = svgTag < 0 ? -1 : text.indexOf('>', svgTag);
        if (end >= 0)
            text.insert(end + 1, "\n<metadata id=\"ranklab-manifest\">" +
                                     QString::fromUtf8(options.manifestJson).toHtmlEscaped().toUtf8() +
                                     "</metadata>");
    }
    return text;
}

void paintChartOn(QChart* chart, QPainter& painter, const QSizeF& layout, const QString& caption) {
    paintChart(chart, painter, layout, caption);
}

bool exportChart(QChart* chart, const QString& path, ChartFormat format, const ChartExportOptions& options,
                 QString* error) {
    auto fail = [&](const QString& why) {
        if (error) *error = cannotWrite(path, why);
        return false;
    };
    if (options.pixels.width() < 16 || options.pixels.height() < 16 || options.pixels.width() > 20000 ||
        options.pixels.height() > 20000)
        return fail(QStringLiteral("the size %1x%2 is outside 16..20000 pixels")
                        .arg(options.pixels.width())
                        .arg(options.pixels.height()));
    if (options.dpi < 72 || options.dpi > 1200)
        return fail(QStringLiteral("the DPI %1 is outside 72..1200").arg(options.dpi));

    // Made in memory, then written whole by the engine's writer (ui/user_file.h).
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const QSizeF layout = chartLayoutSize(options);
    switch (format) {
    case ChartFormat::Png: {
        QImage image(options.pixels, QImage::Format_ARGB32_Premultiplied);
        const int dotsPerMeter = qRound(options.dpi / 0.0254);
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.scale(options.dpi / kLogicalDpi, options.dpi / kLogicalDpi);
            paintChart(chart, painter, layout, options.caption);
        }
        if (!options.manifestJson.isEmpty())
            image.setText(QStringLiteral("ranklab-manifest"), QString::fromUtf8(options.manifestJson));
        if (!image.save(&buffer, "PNG")) return fail(QStringLiteral("PNG encoding failed"));
        break;
    }
    case ChartFormat::Svg: {
        bytes = chartSvg(chart, options);
        if (bytes.isEmpty()) return fail(QStringLiteral("the SVG generator did not start"));
        break;
    }
    case ChartFormat::Pdf: {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(int(kLogicalDpi));
        pdf.setTitle(chart->title());
        pdf.setCreator(QStringLiteral("RankLab"));
        if (!options.manifestJson.isEmpty()) pdf.setDocumentXmpMetadata(pdfXmp(chart->title(), options.manifestJson));
        // One page the size of the chart (points = logical pixels × 72/96).
        const QSizeF points = layout * (72.0 / kLogicalDpi);
        pdf.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                      QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QPainter painter;
        if (!painter.begin(&pdf)) return fail(QStringLiteral("the PDF writer did not start"));
        paintChart(chart, painter, layout, options.caption);
        painter.end();
        break;
    }
    }
    buffer.close();
    return writeUserFile(path, bytes, error);
}

} // namespace ranklab::ui

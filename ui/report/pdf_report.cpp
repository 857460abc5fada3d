#include "ui/report/pdf_report.h"

#include <QBuffer>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>

#include "common/error.h"
#include "common/output_file.h"
#include "manifest/manifest_embed.h"
#include "ui/charts/chart_export.h"

namespace ranklab::ui {

int writePdfReport(HtmlReportInput input, ReportCharts& charts, const std::string& path) {
    // The text sections only: QTextDocument draws no SVG; the charts follow as pages.
    std::vector<std::string> text;
    for (const std::string& s : input.sections)
        if (s == "summary" || s == "checks" || s == "beyond" || s == "definitions") text.push_back(s);
    input.sections = text;
    input.ties.clear();

    // Made in memory, then written whole by the engine's writer (common/output_file.h).
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setResolution(96);
    pdf.setTitle(QString::fromStdString(input.title));
    pdf.setCreator(QStringLiteral("RankLab ") + QString::fromStdString(input.manifest.version));
    const QByteArray manifest = QByteArray::fromStdString(manifestJson(input.manifest, -1));
    pdf.setDocumentXmpMetadata(
        "<?xpacket begin=\"\xef\xbb\xbf\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
        "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
        "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\" id=\"ranklab-manifest\">" +
        QString::fromUtf8(manifest).toHtmlEscaped().toUtf8() +
        "</rdf:li></rdf:Alt></dc:description></rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>");
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                  QPageLayout::Millimeter));

    QTextDocument doc;
    doc.setHtml(QString::fromStdString(htmlReport(input)));
    const QRectF page = pdf.pageLayout().paintRectPixels(pdf.resolution());
    doc.setPageSize(page.size());
    QPainter painter;
    if (!painter.begin(&pdf)) throw Error("cannot write " + path + ": the PDF writer did not start");
    const int textPages = doc.pageCount();
    for (int p = 0; p < textPages; ++p) {
        if (p > 0) pdf.newPage();
        painter.save();
        painter.translate(0, -p * page.height());
        doc.drawContents(&painter, QRectF(0, p * page.height(), page.width(), page.height()));
        painter.restore();
    }
    for (ChartPage& c : charts.pages) {
        pdf.newPage();
        const QSizeF size(page.width(), page.width() * 9.0 / 16.0);
        paintChartOn(c.chart.get(), painter, size, c.caption);
    }
    painter.end();
    buffer.close();
    writeOutputFile(path, std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return textPages + int(charts.pages.size());
}

} // namespace ranklab::ui

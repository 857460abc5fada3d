#include "ui/report/pdf_report.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include <algorithm>
#include <map>

#include "common/error.h"
#include "common/output_file.h"
#include "manifest/manifest_embed.h"
#include "ui/charts/chart_export.h"

namespace ranklab::ui {
namespace {

// What QTextDocument understands of the HTML report's look, for paper.
const char* kPdfStyle = R"CSS(
h1{font-size:17pt;margin-bottom:2px}
h2{font-size:12.5pt;color:#1f3a60;margin-top:4px;margin-bottom:4px}
h3{font-size:10pt;margin-top:8px;margin-bottom:2px}
table{border-collapse:collapse;margin-top:3px;margin-bottom:3px}
th{background-color:#eeeeee;font-weight:bold;padding:2px 5px;text-align:left}
td{padding:2px 5px;border-bottom:1px solid #dddddd;white-space:nowrap}
table.columns td{border-bottom:none;vertical-align:top;padding:0 6px 0 0}
td.best{font-weight:bold}
.note{color:#555555;font-size:7.5pt}
.lead{font-size:10pt}
.up{color:#1a7f37}.down{color:#b00020}
.warn{background-color:#fff4e0}
.sev-error{color:#b00020;font-weight:bold}.sev-warning{color:#a15c00}.sev-info{color:#555555}
pre{font-size:6.5pt}
code{font-size:6.5pt}
)CSS";

QFont bodyFont() {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    f.setPointSizeF(8.5);
    return f;
}

// Blocks laid down the pages: text (a QTextDocument, scaled down to the
// page's width when a table is wider) and figures, a heading kept with
// what follows it. Run twice: once to learn where each section starts (for
// the contents line), once to paint.
class Flow {
public:
    Flow(QPdfWriter* pdf, QPainter* painter, QSizeF page) : pdf_(pdf), painter_(painter), page_(page) {}

    int page() const { return pages_; }
    double width() const { return page_.width(); }

    void newPage() {
        if (pdf_) pdf_->newPage();
        ++pages_;
        y_ = 0;
    }

    // A new page unless this one is still empty.
    void breakPage() {
        if (y_ > 0) newPage();
    }

    // `keepNext`: the height of what must follow on the same page. Returns
    // the page the text starts on.
    int text(const QString& html, double keepNext = 0) {
        QTextDocument doc;
        doc.setDefaultFont(bodyFont());
        doc.setDefaultStyleSheet(QString::fromLatin1(kPdfStyle));
        doc.setDocumentMargin(2);
        doc.setHtml(html);
        doc.setTextWidth(page_.width());
        const double ideal = doc.idealWidth();
        const double scale = ideal > page_.width() ? std::max(0.55, page_.width() / ideal) : 1.0;
        if (scale < 1.0) doc.setTextWidth(page_.width() / scale);
        const double height = doc.size().height() * scale;
        // A heading with a little text stays with the figure after it; a
        // long text goes first and the figure follows where it fits.
        // A short text (a heading, a note, a small table) moves whole to the
        // next page; a long one is sliced from here on.
        if (height > kKeepWithNext) keepNext = 0;
        if (height + keepNext > page_.height() - y_ && y_ > 0 && height <= kKeepWhole) newPage();
        // Taller than what is left: sliced between lines (table rows whole
        // where they fit) over this page and the next ones.
        const std::vector<std::pair<double, double>> lines = lineSpans(doc);
        const double total = doc.size().height();
        double from = 0;
        int start = pages_;
        while (true) {
            const double room = (page_.height() - y_) / scale;
            if (total - from <= room) {
                draw(doc, scale, from, total - from);
                y_ += (total - from) * scale;
                return start;
            }
            double cut = safeCut(lines, from + room);
            if (cut - from < kSmallestSlice / scale) {
                if (y_ > 0) {  // too little room here: the next page
                    newPage();
                    if (from == 0) start = pages_;
                    continue;
                }
                cut = from + room;  // a line taller than a page: cut it
            }
            draw(doc, scale, from, cut - from);
            from = cut;
            newPage();
        }
    }

    // A row of figures side by side (one: the full width), `height` high.
    void figures(const std::vector<ChartPage*>& row, double height) {
        if (height > page_.height() - y_ && y_ > 0) newPage();
        const double gap = 14, cell = (page_.width() - gap * double(row.size() - 1)) / double(row.size());
        for (std::size_t i = 0; i < row.size() && painter_; ++i) {
            painter_->save();
            painter_->translate(double(i) * (cell + gap), y_);
            paint(*row[i], cell, height);
            painter_->restore();
        }
        y_ += height + 10;
    }

    // The height of a row of `n` figures starting with `f`.
    double rowHeight(const ChartPage& f, std::size_t n) const {
        if (f.forest) {
            QFont caption = bodyFont();
            caption.setPointSizeF(7.5);
            const QRectF box = QFontMetricsF(caption).boundingRect(QRectF(0, 0, page_.width(), 1000), Qt::TextWordWrap,
                                                                    f.caption);
            return combinedForestHeight(*f.forest, page_.width()) + box.height() + 6;
        }
        // A critical-difference diagram is a strip; two charts side by side 4:5, one alone 1:2.
        if (f.section == "cd") return page_.width() * 0.36;
        return n > 1 ? (page_.width() - 14) / 2 * 0.8 : page_.width() * 0.5;
    }

private:
    // A chart is laid out at least kChartLayout wide, then scaled to the cell:
    // side by side, its fonts shrink a little rather than its plot area.
    static constexpr double kChartLayout = 440;
    static constexpr double kKeepWithNext = 200;
    static constexpr double kSmallestSlice = 90;  // a heading and a few lines
    static constexpr double kKeepWhole = 300;

    // Every text line's top and bottom in document coordinates.
    static std::vector<std::pair<double, double>> lineSpans(QTextDocument& doc) {
        std::vector<std::pair<double, double>> spans;
        QAbstractTextDocumentLayout* layout = doc.documentLayout();
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
            const QRectF box = layout->blockBoundingRect(b);
            const QTextLayout* lines = b.layout();
            if (!lines) continue;
            for (int i = 0; i < lines->lineCount(); ++i) {
                const QTextLine line = lines->lineAt(i);
                spans.emplace_back(box.top() + line.y(), box.top() + line.y() + line.height());
            }
        }
        return spans;
    }

    // The lowest y ≤ limit that cuts no line.
    static double safeCut(const std::vector<std::pair<double, double>>& spans, double limit) {
        double y = limit;
        for (bool moved = true; moved;) {
            moved = false;
            for (const auto& [top, bottom] : spans)
                if (top < y && y < bottom) {
                    y = top;
                    moved = true;
                }
        }
        return y;
    }

    void paint(ChartPage& f, double width, double height) {
        if (f.forest) {
            const double h = combinedForestHeight(*f.forest, width);
            paintCombinedForest(*painter_, QRectF(0, 0, width, h), *f.forest);
            QFont caption = bodyFont();
            caption.setPointSizeF(7.5);
            painter_->setFont(caption);
            painter_->setPen(QColor(0x55, 0x55, 0x55));
            painter_->drawText(QRectF(0, h + 2, width, height - h), Qt::TextWordWrap, f.caption);
            return;
        }
        const double scale = std::min(1.0, width / kChartLayout);
        painter_->scale(scale, scale);
        paintChartOn(f.chart.get(), *painter_, QSizeF(width / scale, height / scale), f.caption);
    }

    void draw(QTextDocument& doc, double scale, double from, double height) {
        if (!painter_) return;
        painter_->save();
        painter_->translate(0, y_);
        painter_->scale(scale, scale);
        painter_->translate(0, -from);
        doc.drawContents(painter_, QRectF(0, from, doc.textWidth(), height));
        painter_->restore();
    }

    QPdfWriter* pdf_;
    QPainter* painter_;
    QSizeF page_;
    int pages_ = 1;
    double y_ = 0;
};

QString contentsLine(const std::vector<std::string>& sections, const std::map<std::string, int>& starts) {
    QString line = QStringLiteral("<p class=\"note\"><b>Contents</b>&#160;&#160; ");
    for (std::size_t i = 0; i < sections.size(); ++i) {
        const auto at = starts.find(sections[i]);
        line += (i ? QStringLiteral(" &#160;·&#160; ") : QString()) + QString::number(i + 1) + QStringLiteral(" ") +
                QString::fromUtf8(reportSectionTitle(sections[i])).toHtmlEscaped() + QStringLiteral(", p.&#160;") +
                QString::number(at == starts.end() ? 1 : at->second);
    }
    return line + QStringLiteral("</p>");
}

// Lays the report out on `flow`; `starts` receives each section's first page.
void layOut(Flow& flow, const HtmlReportInput& in, ReportCharts& charts, const std::map<std::string, int>& known,
            std::map<std::string, int>& starts) {
    const std::vector<std::string> sections = chosenReportSections(in);
    QString head = QStringLiteral("<h1>") + QString::fromStdString(in.title).toHtmlEscaped() +
                   QStringLiteral("</h1><p class=\"note\">RankLab ") +
                   QString::fromStdString(in.manifest.version).toHtmlEscaped() + QStringLiteral("</p>") +
                   contentsLine(sections, known);
    flow.text(head);
    for (std::size_t i = 0; i < sections.size(); ++i) {
        const std::string& s = sections[i];
        // The manifest is an appendix: on its own page.
        if (s == "manifest") flow.breakPage();
        std::vector<ChartPage*> figures;
        for (ChartPage& f : charts.pages)
            if (f.section == s) figures.push_back(&f);
        const QString html = QStringLiteral("<h2>") + QString::number(i + 1) + QStringLiteral(" ") +
                             QString::fromUtf8(reportSectionTitle(s)).toHtmlEscaped() + QStringLiteral("</h2>") +
                             QString::fromStdString(htmlSectionBody(in, s));
        // Curves and rank distributions two a row; the others alone.
        const std::size_t perRow = (s == "curves" || s == "ranks") && figures.size() > 1 ? 2 : 1;
        const double first = figures.empty() ? 0 : flow.rowHeight(*figures.front(), perRow);
        starts[s] = flow.text(html, first);  // the heading's page
        for (std::size_t at = 0; at < figures.size(); at += perRow) {
            const std::vector<ChartPage*> row(figures.begin() + std::ptrdiff_t(at),
                                              figures.begin() + std::ptrdiff_t(std::min(figures.size(), at + perRow)));
            flow.figures(row, flow.rowHeight(*row.front(), perRow));
        }
    }
}

} // namespace

int writePdfReport(HtmlReportInput input, ReportCharts& charts, const std::string& path) {
    input.chartsApart = true;
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
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(14, 14, 14, 14),
                                  QPageLayout::Millimeter));
    const QSizeF page = pdf.pageLayout().paintRectPixels(pdf.resolution()).size();

    // First where each section starts, then the pages themselves.
    std::map<std::string, int> starts, drawnStarts;
    {
        Flow dry(nullptr, nullptr, page);
        layOut(dry, input, charts, {}, starts);
    }
    QPainter painter;
    if (!painter.begin(&pdf)) throw Error("cannot write " + path + ": the PDF writer did not start");
    Flow flow(&pdf, &painter, page);
    layOut(flow, input, charts, starts, drawnStarts);
    painter.end();
    buffer.close();
    writeOutputFile(path, std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return flow.page();
}

} // namespace ranklab::ui

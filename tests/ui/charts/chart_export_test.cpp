// Chart exports: a PNG of the asked size and DPI, an SVG QtSvg parses, a
// one-page PDF; a bad path leaves no file and says why.
#include <QFile>
#include <QFontDatabase>
#include <QGraphicsScene>
#include <QImage>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "eval/metric_curve.h"
#include "ui/charts/chart_export.h"
#include "ui/charts/chart_theme.h"
#include "ui/charts/curve_chart.h"
#include "ui/chart_fixture.h"
#include "ui/model_colors.h"

namespace ranklab::ui {
namespace {

CurveResult twoCurves() { return test::ndcgCurves({0.1, 0.3, 0.4, 0.45}, {0.2, 0.25, 0.3, 0.5}); }

class ChartExportTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir_.isValid());
        applyPrintTheme(&chart_);
    }
    QString path(const QString& name) const { return dir_.filePath(name); }
    QByteArray read(const QString& file) const {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    QTemporaryDir dir_;
    CurveChart chart_{twoCurves(), {{"a", paletteColor(0), true}, {"b", paletteColor(1), true}}, {}};
};

TEST_F(ChartExportTest, FormatFollowsTheExtension) {
    EXPECT_EQ(chartFormatForPath("x/c.PNG"), ChartFormat::Png);
    EXPECT_EQ(chartFormatForPath("c.svg"), ChartFormat::Svg);
    EXPECT_EQ(chartFormatForPath("c.pdf"), ChartFormat::Pdf);
    EXPECT_FALSE(chartFormatForPath("c.jpg").has_value());
    EXPECT_FALSE(chartFormatForPath("c").has_value());
}

TEST_F(ChartExportTest, PngHasTheAskedSizeAndDpi) {
    ChartExportOptions o;
    o.pixels = QSize(900, 600);
    o.dpi = 200;
    o.caption = QStringLiteral("ndcg@k · ties: expected · users: relevant · 30 users");
    QString error;
    ASSERT_TRUE(exportChart(&chart_, path("c.png"), ChartFormat::Png, o, &error)) << error.toStdString();
    const QImage image(path("c.png"));
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(900, 600));
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 200, 0.5);
    // White page, something dark drawn on it (the text and axes).
    EXPECT_EQ(image.pixelColor(1, 1), QColor(Qt::white));
    int dark = 0;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (qGray(image.pixel(x, y)) < 100) ++dark;
    EXPECT_GT(dark, 100);
}

TEST_F(ChartExportTest, SvgParsesWithQtSvg) {
    QString error;
    ASSERT_TRUE(exportChart(&chart_, path("c.svg"), ChartFormat::Svg, {}, &error)) << error.toStdString();
    QSvgRenderer renderer(path("c.svg"));
    EXPECT_TRUE(renderer.isValid());
    EXPECT_GT(renderer.defaultSize().width(), 100);
}

TEST_F(ChartExportTest, SvgNamesTheFontTheChartWasDrawnInWithAGenericFallback) {
    QString error;
    ASSERT_TRUE(exportChart(&chart_, path("f.svg"), ChartFormat::Svg, {}, &error)) << error.toStdString();
    const QString svg = QString::fromUtf8(read(path("f.svg")));
    const QRegularExpression attribute(QStringLiteral("font-family=\"([^\"]*)\""));
    int seen = 0;
    for (auto it = attribute.globalMatch(svg); it.hasNext();) {
        const QString family = it.next().captured(1);
        ++seen;
        // Never Qt's generic request ("Sans Serif"), which browsers draw in a
        // serif font; the family Qt drew with, then a CSS generic family.
        EXPECT_NE(family, QStringLiteral("Sans Serif"));
        // The first name is a family installed here (the one Qt drew with).
        QString first = family.section(QLatin1Char(','), 0, 0);
        first.remove(QStringLiteral("&#39;")).remove(QLatin1Char('\''));
        EXPECT_TRUE(QFontDatabase::families().contains(first)) << first.toStdString();
        EXPECT_TRUE(family.endsWith(QStringLiteral(", sans-serif")) || family.endsWith(QStringLiteral(", serif")) ||
                    family.endsWith(QStringLiteral(", monospace")))
            << family.toStdString();
    }
    EXPECT_GT(seen, 0) << "the chart's text carries a font family";
    QSvgRenderer renderer(path("f.svg"));
    EXPECT_TRUE(renderer.isValid());
}

TEST_F(ChartExportTest, PdfHasOnePage) {
    ChartExportOptions o;
    o.caption = QStringLiteral("caption");
    QString error;
    ASSERT_TRUE(exportChart(&chart_, path("c.pdf"), ChartFormat::Pdf, o, &error)) << error.toStdString();
    const QByteArray pdf = read(path("c.pdf"));
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    // "/Type /Page" objects, not "/Type /Pages".
    const auto pages = QString::fromLatin1(pdf).count(QRegularExpression(QStringLiteral("/Type\\s*/Page(?!s)")));
    EXPECT_EQ(pages, 1);
}

TEST_F(ChartExportTest, AChartShownInASceneKeepsItsSceneAndGeometry) {
    QGraphicsScene scene;
    auto* chart = new CurveChart(twoCurves(), {{"a", paletteColor(0), true}}, {});
    scene.addItem(chart);  // the scene owns it
    chart->setGeometry(QRectF(0, 0, 640, 480));
    ASSERT_TRUE(exportChart(chart, path("c.png"), ChartFormat::Png, {}, nullptr));
    EXPECT_EQ(chart->scene(), &scene);
    EXPECT_EQ(chart->geometry(), QRectF(0, 0, 640, 480));
    EXPECT_EQ(QImage(path("c.png")).size(), QSize(1200, 800));
}

TEST_F(ChartExportTest, UnwritablePathFailsWithAReasonAndWritesNothing) {
    QString error;
    const QString bad = path("missing/folder/c.png");
    EXPECT_FALSE(exportChart(&chart_, bad, ChartFormat::Png, {}, &error));
    EXPECT_TRUE(error.contains(bad)) << error.toStdString();
    EXPECT_FALSE(QFile::exists(bad));
    ChartExportOptions tiny;
    tiny.pixels = QSize(4, 4);
    EXPECT_FALSE(exportChart(&chart_, path("t.png"), ChartFormat::Png, tiny, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("outside"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(path("t.png")));
}

} // namespace
} // namespace ranklab::ui

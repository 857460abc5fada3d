// The Per user chart drawn from binned counts: the density image has one
// pixel per cell coloured by that cell's brute-force count and lands where
// the axes put the cells; discrete data become one disc per distinct point
// whose size and colour grow with its users; hovering names a cell's range
// and count; the B − A histogram sits on a numeric axis with every non-empty
// bin drawn at its true height (checked in a render too); exports work.
#include <QAreaSeries>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QTemporaryDir>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "ui/charts/chart_export.h"
#include "ui/charts/density_item.h"
#include "ui/charts/user_scatter_chart.h"

namespace ranklab::ui {
namespace {

std::shared_ptr<Evaluation> makeEvaluation(const std::vector<double>& a, const std::vector<double>& b) {
    auto e = std::make_shared<Evaluation>();
    e->settings.metrics = {MetricSpec::parse("ndcg@10")};
    for (std::size_t i = 0; i < a.size(); ++i) e->users.push_back(UserId(i));
    e->models = {{"A", a, {}}, {"B", b, {}}};
    return e;
}

QList<ModelLook> looks() { return {{QStringLiteral("A"), QColor(31, 119, 180)}, {QStringLiteral("B"), QColor(214, 39, 40)}}; }

// The bin a scan of the reported edges finds for v.
std::size_t bruteBin(const stats::Bins& bins, double v) {
    for (std::size_t i = 0; i + 1 < bins.count(); ++i)
        if (v >= bins.edge(i) && v < bins.edge(i + 1)) return i;
    return bins.count() - 1;
}

// The chart laid out at 900 x 700 and rendered.
QImage render(QChart& chart) {
    QGraphicsScene scene;
    scene.addItem(&chart);
    chart.resize(900, 700);
    if (chart.layout()) chart.layout()->activate();
    QImage image(900, 700, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    scene.render(&painter, QRectF(0, 0, 900, 700), QRectF(0, 0, 900, 700));
    painter.end();
    scene.removeItem(&chart);
    return image;
}

bool near(QColor x, QColor y, int tolerance = 12) {
    return std::abs(x.red() - y.red()) <= tolerance && std::abs(x.green() - y.green()) <= tolerance &&
           std::abs(x.blue() - y.blue()) <= tolerance;
}

struct Continuous {
    std::vector<double> a, b;
    Continuous() {
        std::mt19937_64 rng(17);
        std::gamma_distribution<double> g(2.0, 0.1);
        std::uniform_real_distribution<double> u(0, 1);
        for (int i = 0; i < 20000; ++i) {
            const double x = std::min(1.0, g(rng));
            a.push_back(x);
            b.push_back(std::clamp(x + (u(rng) - 0.4) * 0.3, 0.0, 1.0));
        }
    }
};

TEST(DensityChartTest, ManyDistinctPointsAreBinnedIntoOneImageWithEachCellsCount) {
    const Continuous data;
    const auto e = makeEvaluation(data.a, data.b);
    auto plot = std::make_shared<const DensityPlot>(computeDensityPlot(*e, {0, 1, 0}, {}));
    ASSERT_FALSE(plot->discrete());
    const stats::DensityGrid& g = plot->grid;
    // Brute force: each user in the cell whose edges hold it.
    std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> brute;
    for (std::size_t i = 0; i < data.a.size(); ++i) ++brute[{bruteBin(g.columns, data.a[i]), bruteBin(g.rows, data.b[i])}];
    std::uint64_t max = 0;
    for (const auto& [cell, n] : brute) max = std::max(max, n);
    EXPECT_EQ(g.maxCount, max);

    UserScatterChart chart(plot, looks(), UserScatterChart::Kind::Scatter);
    ASSERT_NE(chart.density(), nullptr);
    const QImage& image = chart.density()->image();
    ASSERT_EQ(image.width(), int(g.columns.count()));
    ASSERT_EQ(image.height(), int(g.rows.count()));
    for (std::size_t r = 0; r < g.rows.count(); ++r)
        for (std::size_t c = 0; c < g.columns.count(); ++c) {
            const auto it = brute.find({c, r});
            const QColor pixel = image.pixelColor(int(c), int(g.rows.count() - 1 - r));
            if (it == brute.end()) {
                ASSERT_EQ(pixel.alpha(), 0) << c << "," << r;
            } else {
                ASSERT_EQ(pixel.alpha(), 255) << c << "," << r;
                ASSERT_EQ(pixel.rgb(), DensityItem::colorFor(it->second, max).rgb()) << c << "," << r;
            }
        }

    // On screen the fullest cell shows its colour where the axes put it,
    // and the diagonal is drawn over the cells.
    const QImage shown = render(chart);
    const auto fullest = std::max_element(brute.begin(), brute.end(),
                                          [](const auto& x, const auto& y) { return x.second < y.second; });
    const auto [c, r] = fullest->first;
    const QPointF centre = chart.mapToPosition(
        QPointF((g.columns.edge(c) + g.columns.edge(c + 1)) / 2, (g.rows.edge(r) + g.rows.edge(r + 1)) / 2), chart.diagonal());
    EXPECT_TRUE(near(shown.pixelColor(centre.toPoint()), DensityItem::colorFor(max, max)))
        << shown.pixelColor(centre.toPoint()).name().toStdString();
    bool red = false;  // the dashed diagonal: some pixel along it is its colour
    for (double t = 0.15; t < 0.35 && !red; t += 0.002) {
        const QPoint at = chart.mapToPosition(QPointF(t, t), chart.diagonal()).toPoint();
        const QColor pixel = shown.pixelColor(at);
        red = pixel.red() > pixel.green() + 80 && pixel.red() > pixel.blue() + 60;
    }
    EXPECT_TRUE(red);
}

TEST(DensityChartTest, DiscreteDataDrawOnePointPerDistinctValueSizedAndColouredByItsUsers) {
    // 3,000 users on a 3 x 3 lattice, most on (0, 0): nine points, not 3,000.
    std::vector<double> a, b;
    std::mt19937_64 rng(2);
    std::discrete_distribution<int> pick({60, 10, 5, 10, 8, 2, 3, 1, 1});
    for (int i = 0; i < 3000; ++i) {
        const int k = pick(rng);
        a.push_back((k % 3) * 0.5);
        b.push_back((k / 3) * 0.5);
    }
    std::map<std::pair<double, double>, std::uint64_t> brute;
    for (std::size_t i = 0; i < a.size(); ++i) ++brute[{a[i], b[i]}];
    const auto e = makeEvaluation(a, b);
    auto plot = std::make_shared<const DensityPlot>(computeDensityPlot(*e, {0, 1, 0}, {}));
    ASSERT_TRUE(plot->discrete());
    ASSERT_EQ(plot->points->size(), brute.size());
    std::uint64_t max = 0;
    for (const auto& p : *plot->points) {
        EXPECT_EQ(p.count, brute.at({p.x, p.y}));
        max = std::max(max, p.count);
    }
    UserScatterChart chart(plot, looks(), UserScatterChart::Kind::Scatter);
    DensityItem* item = chart.density();
    // The size grows with the count; the most crowded point is the biggest.
    for (const auto& p : *plot->points) {
        for (const auto& q : *plot->points) {
            if (p.count < q.count) {
                EXPECT_LT(item->radius(p.count), item->radius(q.count));
            }
        }
    }
    const QImage shown = render(chart);
    for (const auto& p : *plot->points) {
        EXPECT_EQ(item->describe(QPointF(p.x, p.y)),
                  QStringLiteral("A = %1, B = %2: %3 users").arg(p.x).arg(p.y).arg(p.count));
        // Off the dashed diagonal (drawn on top) for points on it.
        const double r = item->radius(p.count);
        const QPointF off = p.x == p.y ? QPointF(r * 0.4, r * 0.4) : QPointF();
        const QPoint at = (item->position(p.x, p.y) + off).toPoint();
        if (p.x == p.y && r < 5) continue;
        EXPECT_TRUE(near(shown.pixelColor(at), DensityItem::colorFor(p.count, max)))
            << p.x << "," << p.y << " " << shown.pixelColor(at).name().toStdString() << " expected "
            << DensityItem::colorFor(p.count, max).name().toStdString();
    }
}

TEST(DensityChartTest, HoverNamesTheCellsRangeAndCount) {
    const Continuous data;
    const auto e = makeEvaluation(data.a, data.b);
    auto plot = std::make_shared<const DensityPlot>(computeDensityPlot(*e, {0, 1, 0}, {}));
    UserScatterChart chart(plot, looks(), UserScatterChart::Kind::Scatter);
    const stats::DensityGrid& g = plot->grid;
    const double x = 0.1234, y = 0.1711;
    const std::size_t c = bruteBin(g.columns, x), r = bruteBin(g.rows, y);
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < data.a.size(); ++i)
        n += data.a[i] >= g.columns.edge(c) && data.a[i] < g.columns.edge(c + 1) && data.b[i] >= g.rows.edge(r) &&
             data.b[i] < g.rows.edge(r + 1);
    ASSERT_GT(n, 1u);
    const QString text = chart.describe(QPointF(x, y));
    EXPECT_TRUE(text.endsWith(QStringLiteral(": %1 users").arg(n))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::number(g.columns.edge(c), 'f', 3))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::number(g.rows.edge(r + 1), 'f', 3))) << text.toStdString();
    EXPECT_TRUE(chart.describe(QPointF(-5, -5)).isEmpty());
}

TEST(DensityChartTest, HistogramDrawsEveryNonEmptyBinAtItsTrueHeightOnANumericAxis) {
    // Many ties (B = A) and a long tail: the spike and the small bins all show.
    std::vector<double> a, b;
    std::mt19937_64 rng(9);
    std::normal_distribution<double> n(0.02, 0.15);
    std::uniform_real_distribution<double> u(0, 1);
    for (int i = 0; i < 8000; ++i) {
        const double x = u(rng);
        a.push_back(x);
        b.push_back(i % 3 == 0 ? x : x + n(rng));
    }
    const auto e = makeEvaluation(a, b);
    auto plot = std::make_shared<const DensityPlot>(computeDensityPlot(*e, {0, 1, 0}, {}));
    const stats::Bins& bins = plot->differenceBins;
    std::vector<std::uint64_t> brute(bins.count(), 0);
    for (std::size_t i = 0; i < a.size(); ++i) ++brute[bruteBin(bins, b[i] - a[i])];
    ASSERT_EQ(plot->differenceCounts, brute);
    ASSERT_GE(bins.count(), 25u);

    UserScatterChart chart(plot, looks(), UserScatterChart::Kind::Differences);
    ASSERT_NE(chart.histogram(), nullptr);
    const auto axes = chart.axes(Qt::Horizontal);
    ASSERT_EQ(axes.size(), 1);
    auto* x = qobject_cast<QValueAxis*>(axes.front());
    ASSERT_NE(x, nullptr);  // numeric, not categories
    EXPECT_LE(x->min(), bins.edge(0));
    EXPECT_GE(x->max(), bins.edge(bins.count()));
    auto* y = qobject_cast<QValueAxis*>(chart.axes(Qt::Vertical).front());
    const std::uint64_t max = *std::max_element(brute.begin(), brute.end());
    EXPECT_GE(y->max(), double(max));
    EXPECT_LE(y->max(), double(max) * 1.2);  // scaled to the bins drawn

    const QImage shown = render(chart);
    const QRectF plotArea = chart.plotArea();
    const QColor fill = looks()[1].color;
    int drawn = 0;
    for (std::size_t i = 0; i < bins.count(); ++i) {
        if (brute[i] == 0) continue;
        SCOPED_TRACE("bin " + std::to_string(i) + " count " + std::to_string(brute[i]));
        // The outline passes through the bin's top corners at its true count.
        const auto pts = chart.histogram()->upperSeries()->points();
        EXPECT_TRUE(pts.contains(QPointF(bins.edge(i), double(brute[i]))));
        EXPECT_TRUE(pts.contains(QPointF(bins.edge(i + 1), double(brute[i]))));
        const QRectF r = chart.binRect(i);
        EXPECT_TRUE(plotArea.adjusted(-1, -1, 1, 1).contains(r));
        const double expectedHeight = double(brute[i]) / (y->max() - y->min()) * plotArea.height();
        EXPECT_NEAR(r.height(), expectedHeight, 0.5);
        const double expectedWidth = (bins.edge(i + 1) - bins.edge(i)) / (x->max() - x->min()) * plotArea.width();
        EXPECT_NEAR(r.width(), expectedWidth, 0.5);
        if (r.height() < 6 || r.width() < 6) continue;
        // In the render: filled just under its top, empty just above it.
        const int px = int(r.left() + r.width() * 0.7);
        EXPECT_TRUE(near(shown.pixelColor(px, int(r.top() + 3)), fill, 40))
            << shown.pixelColor(px, int(r.top() + 3)).name().toStdString();
        EXPECT_FALSE(near(shown.pixelColor(px, int(r.top() - 3)), fill, 40));
        ++drawn;
    }
    EXPECT_GE(drawn, 10);
}

TEST(DensityChartTest, TheDensityChartExportsToPngSvgAndPdf) {
    const Continuous data;
    const auto e = makeEvaluation(data.a, data.b);
    auto plot = std::make_shared<const DensityPlot>(computeDensityPlot(*e, {0, 1, 0}, {}));
    QTemporaryDir dir;
    for (auto kind : {UserScatterChart::Kind::Scatter, UserScatterChart::Kind::Differences}) {
        UserScatterChart chart(plot, looks(), kind);
        QString error;
        const QString png = dir.filePath(QStringLiteral("d.png"));
        ChartExportOptions o;
        o.pixels = QSize(1000, 700);
        o.dpi = 96;
        ASSERT_TRUE(exportChart(&chart, png, ChartFormat::Png, o, &error)) << error.toStdString();
        const QImage image(png);
        ASSERT_EQ(image.size(), QSize(1000, 700));
        if (kind == UserScatterChart::Kind::Scatter) {
            // The densest cell's colour is in the picture.
            const QColor dense = DensityItem::colorFor(plot->grid.maxCount, plot->grid.maxCount);
            bool found = false;
            for (int yy = 0; yy < image.height() && !found; yy += 2)
                for (int xx = 0; xx < image.width() && !found; xx += 2) found = near(image.pixelColor(xx, yy), dense, 6);
            EXPECT_TRUE(found);
        }
        ASSERT_TRUE(exportChart(&chart, dir.filePath(QStringLiteral("d.svg")), ChartFormat::Svg, {}, &error));
        EXPECT_GT(QFileInfo(dir.filePath(QStringLiteral("d.svg"))).size(), 1000);
        ASSERT_TRUE(exportChart(&chart, dir.filePath(QStringLiteral("d.pdf")), ChartFormat::Pdf, {}, &error));
        EXPECT_GT(QFileInfo(dir.filePath(QStringLiteral("d.pdf"))).size(), 1000);
    }
}

} // namespace
} // namespace ranklab::ui

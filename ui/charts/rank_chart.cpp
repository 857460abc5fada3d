#include "ui/charts/rank_chart.h"

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/charts/model_look.h"

namespace ranklab::ui {
namespace {

const RankHistogram& histogramOf(const ModelRankDistribution& m, RankHistogramKind kind) {
    return kind == RankHistogramKind::All ? m.all : m.first;
}

// Label every `step`-th rank: 1, 5, 10, ... for a long axis.
int labelStep(std::uint32_t k) {
    for (int step : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000})
        if (double(k) / step <= 12) return step;
    return 10000;
}

} // namespace

QList<qreal> rankBarValues(const RankHistogram& histogram) {
    QList<qreal> values(histogram.counts.begin(), histogram.counts.end());
    values.append(histogram.notRetrieved);
    return values;
}

QList<QPointF> cdfPoints(const RankHistogram& histogram) {
    QList<QPointF> points;
    for (std::size_t i = 0; i < histogram.cdf.size(); ++i) points.append(QPointF(double(i), histogram.cdf[i]));
    return points;
}

RankChart::RankChart(const RankDistributions& result, const QList<ModelLook>& looks, const RankChartOptions& options,
                     QGraphicsItem* parent)
    : QChart(parent), options_(options), kmax_(result.kmax) {
    const bool all = options.kind == RankHistogramKind::All;
    setTitle(all ? QStringLiteral("Rank of every relevant item") : QStringLiteral("Rank of the first relevant item"));
    sets_.assign(result.models.size(), nullptr);
    cdfs_.assign(result.models.size(), nullptr);

    // x: bar index 0..K-1 for ranks 1..K, K for "not retrieved".
    auto* xAxis = new QCategoryAxis;
    xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    xAxis->setRange(-0.5, double(kmax_) + 0.5);
    xAxis->setStartValue(-0.5);
    const int step = labelStep(kmax_);
    for (std::uint32_t r = 1; r <= kmax_; ++r) {
        // A label too close to "n.r." would run into it.
        const bool crowded = step >= 5 && r > 1 && double(kmax_ - r) < step / 2.0;
        if ((r == 1 || r % std::uint32_t(step) == 0) && !crowded) xAxis->append(QString::number(r), double(r - 1));
    }
    xAxis->append(QStringLiteral("n.r."), double(kmax_));
    xAxis->setTitleText(QStringLiteral("rank (n.r.: not retrieved within the top %1)").arg(kmax_));
    xAxis->setGridLineVisible(false);
    addAxis(xAxis, Qt::AlignBottom);

    QAbstractAxis* yAxis = nullptr;
    QValueAxis* linearY = nullptr;
    QLogValueAxis* logY = nullptr;
    if (options.logCounts) {
        logY = new QLogValueAxis;
        logY->setBase(10);
        logY->setLabelFormat(QStringLiteral("%g"));
        yAxis = logY;
    } else {
        linearY = new QValueAxis;
        linearY->setLabelFormat(QStringLiteral("%g"));
        yAxis = linearY;
    }
    yAxis->setTitleText(all ? QStringLiteral("relevant items") : QStringLiteral("users"));
    addAxis(yAxis, Qt::AlignLeft);
    QValueAxis* cdfAxis = nullptr;
    if (options.cdf) {
        cdfAxis = new QValueAxis;
        cdfAxis->setRange(0, 1);
        cdfAxis->setLabelFormat(QStringLiteral("%.2f"));
        cdfAxis->setTitleText(QStringLiteral("cumulative share (dashed)"));
        cdfAxis->setGridLineVisible(false);
        addAxis(cdfAxis, Qt::AlignRight);
    }

    auto* bars = new QBarSeries;
    bars->setBarWidth(0.85);
    double top = 0, smallest = std::numeric_limits<double>::infinity();
    std::vector<std::size_t> shownModels;
    for (std::size_t m = 0; m < result.models.size(); ++m) {
        const ModelLook look = lookOf(looks, m, QString::fromStdString(result.models[m].model));
        if (!look.visible) continue;
        shownModels.push_back(m);
        const RankHistogram& h = histogramOf(result.models[m], options.kind);
        const QColor color = look.color;
        auto* set = new QBarSet(look.name);
        const QList<qreal> values = rankBarValues(h);
        set->append(values);
        set->setColor(color);
        set->setBorderColor(color.darker(130));
        bars->append(set);
        sets_[m] = set;
        for (qreal v : values) {
            top = std::max(top, double(v));
            if (v > 0) smallest = std::min(smallest, double(v));
        }
    }
    addSeries(bars);
    bars->attachAxis(xAxis);
    bars->attachAxis(yAxis);
    for (std::size_t m : shownModels) {
        if (!cdfAxis) break;
        const RankHistogram& h = histogramOf(result.models[m], options.kind);
        auto* line = new QLineSeries;
        line->setName(sets_[m]->label() + QStringLiteral(" CDF"));
        line->append(cdfPoints(h));
        line->setPen(QPen(sets_[m]->color().darker(115), 2, Qt::DashLine));
        addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(cdfAxis);
        cdfs_[m] = line;
        for (QLegendMarker* marker : legend()->markers(line)) marker->setVisible(false);
    }
    if (top <= 0) top = 1;
    if (linearY) {
        linearY->setRange(0, top * 1.05);
        linearY->applyNiceNumbers();
    } else {
        const double low = std::isfinite(smallest) ? smallest : 1.0;
        logY->setRange(std::pow(10.0, std::floor(std::log10(low))), std::pow(10.0, std::ceil(std::log10(top * 1.01))));
    }
    legend()->setAlignment(Qt::AlignBottom);
}

QBarSet* RankChart::barSet(std::size_t model) const { return model < sets_.size() ? sets_[model] : nullptr; }
QLineSeries* RankChart::cdfSeries(std::size_t model) const { return model < cdfs_.size() ? cdfs_[model] : nullptr; }

QString RankChart::description() const {
    return QStringLiteral("%1; ranks 1..%2 and not retrieved within %2%3")
        .arg(options_.kind == RankHistogramKind::All ? QStringLiteral("rank of every relevant item")
                                                     : QStringLiteral("rank of each user's first relevant item"))
        .arg(kmax_)
        .arg(options_.cdf ? QStringLiteral("; dashed: CDF") : QString());
}

} // namespace ranklab::ui

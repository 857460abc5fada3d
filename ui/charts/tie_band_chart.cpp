#include "ui/charts/tie_band_chart.h"

#include <QCategoryAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "rank/tie_policy.h"

#include "ui/charts/value_axis.h"

namespace ranklab::ui {

std::vector<TieBandRow> tieBandRows(const TieSensitivity& result, std::size_t metric, const QList<ModelLook>& looks) {
    std::vector<TieBandRow> rows;
    for (std::size_t m = 0; m < result.models.size(); ++m) {
        if (m < std::size_t(looks.size()) && !looks[int(m)].visible) continue;
        const ModelTieSensitivity& model = result.models[m];
        if (metric >= model.bands.size()) continue;
        const TieBand& b = model.bands[metric];
        rows.push_back({m, QString::fromStdString(model.name), b.pessimistic, b.chosen, b.optimistic});
    }
    return rows;
}

TieBandChart::TieBandChart(const TieSensitivity& result, std::size_t metric, const QList<ModelLook>& looks,
                           QGraphicsItem* parent)
    : QChart(parent), rows_(tieBandRows(result, metric, looks)),
      policy_(QString::fromLatin1(tiePolicyName(result.chosen))) {
    if (!result.models.empty() && metric < result.models.front().bands.size())
        metricId_ = QString::fromStdString(result.models.front().bands[metric].metricId);
    setTitle(QStringLiteral("Tie sensitivity of %1").arg(metricId_));

    // Rows top to bottom in evaluation order: row i at y = n - 1 - i.
    const double n = double(rows_.size());
    auto* yAxis = new QCategoryAxis;
    yAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    yAxis->setStartValue(-0.5);
    yAxis->setRange(-0.5, std::max(0.5, n - 0.5));
    for (std::size_t i = rows_.size(); i-- > 0;) yAxis->append(rows_[i].name, n - 1 - double(i));
    yAxis->setGridLineVisible(false);
    QCategoryAxis* xAxis = makeValueAxis();
    xAxis->setTitleText(QStringLiteral("mean %1").arg(metricId_));
    addAxis(xAxis, Qt::AlignBottom);
    addAxis(yAxis, Qt::AlignLeft);

    double lo = 1, hi = 0;
    chosen_ = new QScatterSeries;
    chosen_->setName(QStringLiteral("ties: %1").arg(policy_));
    chosen_->setMarkerSize(7);
    chosen_->setColor(QColor(0x20, 0x20, 0x20));
    chosen_->setBorderColor(Qt::white);
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const TieBandRow& r = rows_[i];
        const double y = n - 1 - double(i);
        auto* line = new QLineSeries;
        line->setName(r.name);
        line->append(r.pessimistic, y);
        line->append(r.optimistic, y);
        QColor color = r.model < std::size_t(looks.size()) ? looks[int(r.model)].color : QColor(Qt::darkGray);
        color.setAlpha(170);
        line->setPen(QPen(color, 16, Qt::SolidLine, Qt::RoundCap));
        addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(yAxis);
        for (QLegendMarker* marker : legend()->markers(line)) marker->setVisible(false);
        bands_.push_back(line);
        // Qt draws no zero-length line: discs at the ends show a band without width.
        auto* ends = new QScatterSeries;
        ends->append(r.pessimistic, y);
        ends->append(r.optimistic, y);
        ends->setMarkerSize(16);
        ends->setColor(color);
        ends->setBorderColor(Qt::transparent);
        addSeries(ends);
        ends->attachAxis(xAxis);
        ends->attachAxis(yAxis);
        for (QLegendMarker* marker : legend()->markers(ends)) marker->setVisible(false);
        chosen_->append(r.chosen, y);
        for (double v : {r.pessimistic, r.chosen, r.optimistic})
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    addSeries(chosen_);
    chosen_->attachAxis(xAxis);
    chosen_->attachAxis(yAxis);
    if (hi < lo) lo = 0, hi = 1;
    const double pad = std::max((hi - lo) * 0.08, 0.005);
    setValueAxisRange(xAxis, std::max(0.0, lo - pad), hi + pad);
    legend()->setAlignment(Qt::AlignBottom);
}

QString TieBandChart::description() const {
    return QStringLiteral("%1: bar from the pessimistic to the optimistic order of tied items; dot: the chosen policy")
        .arg(metricId_);
}

} // namespace ranklab::ui

#include "ui/charts/precision_recall_chart.h"

#include <QCategoryAxis>
#include <QCursor>
#include <QGraphicsSceneHoverEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QToolTip>

#include <algorithm>

#include "rank/tie_policy.h"
#include "ui/charts/line_hover.h"
#include "ui/charts/value_axis.h"

namespace ranklab::ui {

QList<QPointF> precisionRecallPoints(const PrecisionRecallCurve& curve, PrecisionRecallKind kind) {
    QList<QPointF> points;
    if (kind == PrecisionRecallKind::ElevenPoint) {
        for (std::size_t i = 0; i < kElevenPoints; ++i) points.append(QPointF(elevenPointRecall(i), curve.elevenPoint[i]));
        return points;
    }
    for (std::size_t i = 0; i < curve.recall.size(); ++i) {
        if (i > 0) points.append(QPointF(curve.recall[i - 1], curve.precision[i]));
        points.append(QPointF(curve.recall[i], curve.precision[i]));
    }
    return points;
}

PrecisionRecallChart::PrecisionRecallChart(const PrecisionRecallResult& result, const QList<ModelLook>& looks,
                                           PrecisionRecallKind kind, QGraphicsItem* parent)
    : QChart(parent), curves_(result.curves), kind_(kind), ties_(result.ties) {
    setTitle(kind == PrecisionRecallKind::ElevenPoint ? QStringLiteral("Interpolated precision–recall (11-point)")
                                                      : QStringLiteral("Interpolated precision–recall"));
    xAxis_ = makeValueAxis();
    xAxis_->setTitleText(QStringLiteral("recall"));
    setValueAxisRange(xAxis_, 0, 1, 10);
    yAxis_ = makeValueAxis();
    yAxis_->setTitleText(QStringLiteral("interpolated precision (mean over users)"));
    addAxis(xAxis_, Qt::AlignBottom);
    addAxis(yAxis_, Qt::AlignLeft);
    lines_.assign(curves_.size(), nullptr);
    double hi = 0;
    for (std::size_t m = 0; m < curves_.size(); ++m) {
        const bool shown = m < std::size_t(looks.size()) ? looks[int(m)].visible : true;
        if (!shown) continue;
        const QColor color = m < std::size_t(looks.size()) ? looks[int(m)].color : QColor(Qt::darkGray);
        auto* line = new QLineSeries;
        line->setName(m < std::size_t(looks.size()) ? looks[int(m)].name : QString::fromStdString(curves_[m].model));
        line->append(precisionRecallPoints(curves_[m], kind));
        line->setPen(QPen(color, 2.2));
        line->setPointsVisible(kind == PrecisionRecallKind::ElevenPoint);
        addSeries(line);
        line->attachAxis(xAxis_);
        line->attachAxis(yAxis_);
        lines_[m] = line;
        for (const QPointF& p : line->points()) hi = std::max(hi, p.y());
        connect(line, &QLineSeries::hovered, this, [this, line](const QPointF& at, bool entered) {
            if (entered) showHover(mapToPosition(at, line), QCursor::pos());
            else QToolTip::hideText();
        });
        for (QLegendMarker* marker : legend()->markers(line))
            connect(marker, &QLegendMarker::clicked, this, [line, marker] {
                line->setVisible(!line->isVisible());
                marker->setVisible(true);
                QColor text = marker->labelBrush().color();
                text.setAlphaF(line->isVisible() ? 1.0 : 0.35);
                marker->setLabelBrush(text);
            });
    }
    setValueAxisRange(yAxis_, 0, std::min(1.0, hi > 0 ? hi * 1.05 : 1.0));
    legend()->setAlignment(Qt::AlignBottom);
    setAcceptHoverEvents(true);
}

QLineSeries* PrecisionRecallChart::modelSeries(std::size_t model) const {
    return model < lines_.size() ? lines_[model] : nullptr;
}

QString PrecisionRecallChart::hoverTextAt(const QPointF& pos) const {
    std::vector<QXYSeries*> lines(lines_.begin(), lines_.end());
    const std::optional<LineHit> hit = nearestLine(*this, lines, pos);
    if (!hit) return {};
    const QPointF p = lines_[hit->line]->at(hit->point);
    return QStringLiteral("%1\nrecall %2: interpolated precision %3")
        .arg(QString::fromStdString(curves_[hit->line].model))
        .arg(p.x(), 0, 'f', kind_ == PrecisionRecallKind::ElevenPoint ? 1 : 3)
        .arg(p.y(), 0, 'f', 4);
}

void PrecisionRecallChart::showHover(const QPointF& pos, const QPoint& screen) {
    const QString text = hoverTextAt(pos);
    if (text.isEmpty()) {
        QToolTip::hideText();
        return;
    }
    lastHover_ = text;
    QToolTip::showText(screen, text);
}

void PrecisionRecallChart::hoverMoveEvent(QGraphicsSceneHoverEvent* event) {
    showHover(event->pos(), event->screenPos());
    QChart::hoverMoveEvent(event);
}

void PrecisionRecallChart::hoverLeaveEvent(QGraphicsSceneHoverEvent* event) {
    QToolTip::hideText();
    QChart::hoverLeaveEvent(event);
}

QString PrecisionRecallChart::description() const {
    return QStringLiteral("%1 interpolated precision vs recall, mean over users (trec_eval iprec_at_recall); "
                          "tied scores ordered %2")
        .arg(kind_ == PrecisionRecallKind::ElevenPoint ? QStringLiteral("11-point") : QStringLiteral("full"),
             QString::fromLatin1(tiePolicyName(ties_)));
}

} // namespace ranklab::ui

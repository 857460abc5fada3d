#include "ui/charts/precision_recall_chart.h"

#include <QCategoryAxis>
#include <QLineSeries>

#include <algorithm>

#include "rank/tie_policy.h"
#include "ui/charts/model_look.h"
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
    : ModelLinesChart(parent), curves_(result.curves), kind_(kind), ties_(result.ties) {
    setTitle(kind == PrecisionRecallKind::ElevenPoint ? QStringLiteral("Interpolated precision–recall (11-point)")
                                                      : QStringLiteral("Interpolated precision–recall"));
    xAxis_ = makeValueAxis();
    xAxis_->setTitleText(QStringLiteral("recall"));
    setValueAxisRange(xAxis_, 0, 1, 10);
    yAxis_ = makeValueAxis();
    yAxis_->setTitleText(QStringLiteral("interpolated precision (mean over users)"));
    addAxis(xAxis_, Qt::AlignBottom);
    addAxis(yAxis_, Qt::AlignLeft);
    resetModels(curves_.size());
    double hi = 0;
    for (std::size_t m = 0; m < curves_.size(); ++m) {
        const ModelLook look = lookOf(looks, m, QString::fromStdString(curves_[m].model));
        if (!look.visible) continue;
        auto* line = new QLineSeries;
        line->setName(look.name);
        line->append(precisionRecallPoints(curves_[m], kind));
        line->setPointsVisible(kind == PrecisionRecallKind::ElevenPoint);
        addModelLine(m, line, look.color, xAxis_, yAxis_);
        for (const QPointF& p : line->points()) hi = std::max(hi, p.y());
    }
    setValueAxisRange(yAxis_, 0, std::min(1.0, hi > 0 ? hi * 1.05 : 1.0));
    connectLegend();
    setAcceptHoverEvents(true);
}

QString PrecisionRecallChart::pointHoverText(std::size_t model, const QPointF& p) const {
    return QStringLiteral("%1\nrecall %2: interpolated precision %3")
        .arg(QString::fromStdString(curves_[model].model))
        .arg(p.x(), 0, 'f', kind_ == PrecisionRecallKind::ElevenPoint ? 1 : 3)
        .arg(p.y(), 0, 'f', 4);
}

QString PrecisionRecallChart::description() const {
    return QStringLiteral("%1 interpolated precision vs recall, mean over users (trec_eval iprec_at_recall); "
                          "tied scores ordered %2")
        .arg(kind_ == PrecisionRecallKind::ElevenPoint ? QStringLiteral("11-point") : QStringLiteral("full"),
             QString::fromLatin1(tiePolicyName(ties_)));
}

} // namespace ranklab::ui

#include "ui/charts/critical_difference_chart.h"

#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QPainterPath>
#include <QPen>

#include <algorithm>
#include <cmath>

namespace ranklab::ui {
namespace {

const QColor kText(0x20, 0x20, 0x20);
const QColor kAxis(0x40, 0x40, 0x40);

QFont labelFont() {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    f.setPointSizeF(10);
    return f;
}

QString number(double x) { return std::isfinite(x) ? QString::number(x, 'f', 2) : QStringLiteral("–"); }

// "p = 0.012" or "p < 0.0001".
QString pValue(double p) {
    if (!std::isfinite(p)) return QStringLiteral("p = –");
    return p < 1e-4 ? QStringLiteral("p < 0.0001") : QStringLiteral("p = ") + QString::number(p, 'g', 3);
}

QGraphicsSimpleTextItem* text(QGraphicsItem* parent, const QString& s) {
    auto* item = new QGraphicsSimpleTextItem(s, parent);
    item->setFont(labelFont());
    item->setBrush(kText);
    item->setZValue(5);
    return item;
}

QGraphicsLineItem* line(QGraphicsItem* parent, const QPen& pen) {
    auto* item = new QGraphicsLineItem(parent);
    item->setPen(pen);
    item->setZValue(4);
    return item;
}

} // namespace

CriticalDifferenceChart::CriticalDifferenceChart(stats::CriticalDifference d, const QString& metricId,
                                                 const QList<ModelLook>& looks, QGraphicsItem* parent)
    : QChart(parent), d_(std::move(d)) {
    legend()->hide();
    setTitle(QStringLiteral("%1: average ranks, Nemenyi CD = %2").arg(metricId, number(d_.criticalDifference)));
    description_ = QStringLiteral("%1, average rank over %2 users (1 = best); Friedman χ² = %3, %4; bars join "
                                  "models less than the Nemenyi critical difference CD = %5 apart (α = %6)")
                       .arg(metricId)
                       .arg(d_.n)
                       .arg(QString::number(d_.friedmanStatistic, 'g', 4), pValue(d_.friedmanP),
                            QString::number(d_.criticalDifference, 'g', 4), QString::number(d_.alpha, 'g', 3));

    axis_ = line(this, QPen(kAxis, 1.2));
    for (std::size_t i = 0; d_.k >= 2 && i <= 2 * (d_.k - 1); ++i) {  // ticks at 1, 1.5, 2, …, k
        ticks_.push_back(line(this, QPen(kAxis, 1.2)));
        if (i % 2 == 0) tickLabels_.push_back(text(this, QString::number(1 + i / 2)));
    }
    cdBar_ = line(this, QPen(kText, 1.6));
    cdEnds_[0] = line(this, QPen(kText, 1.6));
    cdEnds_[1] = line(this, QPen(kText, 1.6));
    cdLabel_ = text(this, QStringLiteral("CD = %1").arg(number(d_.criticalDifference)));
    for (std::size_t p = 0; p < d_.k; ++p) {
        const std::size_t model = p < d_.models.size() ? d_.models[p] : p;
        const bool known = model < std::size_t(looks.size());
        const QString name = known ? looks[qsizetype(model)].name : QString::number(model);
        const QColor color = known && looks[qsizetype(model)].color.isValid() ? looks[qsizetype(model)].color
                                                                               : QColor(Qt::darkGray);
        labels_.push_back(text(this, QStringLiteral("%1 (%2)").arg(name, number(d_.averageRanks[p]))));
        auto* leader = new QGraphicsPathItem(this);
        leader->setPen(QPen(color.darker(115), 1.6));
        leader->setZValue(3);
        leaders_.push_back(leader);
    }
    for (std::size_t c = 0; c < d_.cliques.size(); ++c) {
        QGraphicsLineItem* bar = line(this, QPen(kText, 4.5, Qt::SolidLine, Qt::RoundCap));
        bar->setZValue(6);
        cliqueBars_.push_back(bar);
    }
    connect(this, &QGraphicsWidget::geometryChanged, this, &CriticalDifferenceChart::layoutItems);
    layoutItems();
}

double CriticalDifferenceChart::rankX(double rank) const {
    if (d_.k < 2) return axisLeft_;
    return axisLeft_ + (rank - 1.0) / double(d_.k - 1) * (axisRight_ - axisLeft_);
}

void CriticalDifferenceChart::layoutItems() {
    const QFontMetricsF fm(labelFont());
    const double lineHeight = fm.height();
    QRectF area = rect().marginsRemoved(QMarginsF(margins()));
    if (!title().isEmpty()) area.setTop(area.top() + QFontMetricsF(titleFont()).height() + 10);
    double labelWidth = 0;
    for (const auto* l : labels_) labelWidth = std::max(labelWidth, fm.horizontalAdvance(l->text()));
    // The labels outside the axis on both sides; a narrow chart squeezes the axis, never below 80 px.
    const double side = std::min(labelWidth + 22, std::max(30.0, (area.width() - 80) / 2));
    axisLeft_ = area.left() + side;
    axisRight_ = std::max(axisLeft_ + 1, area.right() - side);

    // CD bar with its label above, then the axis with its tick labels above it.
    const double cdY = area.top() + lineHeight + 6;
    const double cdLeft = rankX(1.0), cdRight = rankX(1.0 + (std::isfinite(d_.criticalDifference)
                                                                  ? d_.criticalDifference
                                                                  : 0.0));
    cdBar_->setLine(cdLeft, cdY, cdRight, cdY);
    cdEnds_[0]->setLine(cdLeft, cdY - 4, cdLeft, cdY + 4);
    cdEnds_[1]->setLine(cdRight, cdY - 4, cdRight, cdY + 4);
    const bool hasCd = std::isfinite(d_.criticalDifference);
    for (auto* item : {cdBar_, cdEnds_[0], cdEnds_[1]}) item->setVisible(hasCd);
    cdLabel_->setPos((cdLeft + cdRight) / 2 - fm.horizontalAdvance(cdLabel_->text()) / 2, cdY - lineHeight - 3);

    const double axisY = cdY + lineHeight + 18;
    axis_->setLine(rankX(1.0), axisY, rankX(double(d_.k)), axisY);
    for (std::size_t i = 0, l = 0; i < ticks_.size(); ++i) {
        const double rank = 1.0 + 0.5 * double(i);
        const bool whole = i % 2 == 0;
        const double x = rankX(rank);
        ticks_[i]->setLine(x, axisY, x, axisY - (whole ? 7 : 4));
        if (whole && l < tickLabels_.size()) {
            QGraphicsSimpleTextItem* t = tickLabels_[l++];
            t->setPos(x - fm.horizontalAdvance(t->text()) / 2, axisY - 8 - lineHeight);
        }
    }

    // Clique bars just under the axis, one row each.
    const double cliqueTop = axisY + 9;
    for (std::size_t c = 0; c < cliqueBars_.size(); ++c) {
        const auto& members = d_.cliques[c];
        const double lo = rankX(d_.averageRanks[members.front()]) - 5;
        const double hi = rankX(d_.averageRanks[members.back()]) + 5;
        const double y = cliqueTop + 8 * double(c);
        cliqueBars_[c]->setLine(lo, y, hi, y);
    }

    // Leaders: down from the model's rank, then out to its label. The better
    // half (the first ⌈k/2⌉ in rank order) to the left, best on the top row;
    // the rest to the right, worst on the top row.
    const std::size_t k = d_.order.size();
    const std::size_t half = (k + 1) / 2;
    const double rowsTop = cliqueTop + 8 * double(cliqueBars_.size()) + lineHeight * 0.6;
    const double rowGap = std::clamp((area.bottom() - rowsTop) / double(std::max<std::size_t>(half, 1)),
                                     lineHeight + 2, lineHeight * 1.6);
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t p = d_.order[i];
        const bool left = i < half;
        const std::size_t row = left ? i : k - 1 - i;
        const double y = rowsTop + rowGap * double(row) + lineHeight / 2;
        const double x = std::isfinite(d_.averageRanks[p]) ? rankX(d_.averageRanks[p]) : axisLeft_;
        const double end = left ? axisLeft_ - 12 : axisRight_ + 12;
        QPainterPath path(QPointF(x, axisY));
        path.lineTo(x, y);
        path.lineTo(end, y);
        leaders_[p]->setPath(path);
        QGraphicsSimpleTextItem* label = labels_[p];
        const double w = fm.horizontalAdvance(label->text());
        label->setPos(left ? end - 4 - w : end + 4, y - lineHeight / 2);
    }
}

} // namespace ranklab::ui

#include "ui/charts/chart_theme.h"

#include <QAbstractAxis>
#include <QChart>
#include <QFont>
#include <QLegend>
#include <QPen>

namespace ranklab::ui {
namespace {

const QColor kText(0x20, 0x20, 0x20);
const QColor kAxisLine(0x60, 0x60, 0x60);
const QColor kGrid(0xdd, 0xdd, 0xdd);

QFont font(qreal points, bool bold = false) {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

} // namespace

void applyPrintTheme(QChart* chart) {
    chart->setBackgroundVisible(true);
    chart->setBackgroundBrush(Qt::white);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setDropShadowEnabled(false);
    chart->setTitleFont(font(13, true));
    chart->setTitleBrush(kText);
    chart->setMargins(QMargins(6, 6, 6, 6));
    const auto axes = chart->axes();
    for (QAbstractAxis* axis : axes) {
        axis->setLabelsFont(font(10));
        axis->setLabelsBrush(kText);
        axis->setTitleFont(font(11));
        axis->setTitleBrush(kText);
        axis->setLinePen(QPen(kAxisLine, 1));
        axis->setGridLinePen(QPen(kGrid, 1));
        axis->setMinorGridLinePen(QPen(kGrid.lighter(105), 0.5, Qt::DotLine));
        axis->setShadesVisible(false);
    }
    QLegend* legend = chart->legend();
    legend->setFont(font(10));
    legend->setLabelColor(kText);
    legend->setBackgroundVisible(false);
    legend->setBorderColor(Qt::transparent);
}

void applyScreenColors(QChart* chart, bool dark) {
    const QColor background = dark ? QColor(0x1f, 0x21, 0x23) : QColor(Qt::white);
    const QColor text = dark ? QColor(0xe6, 0xe6, 0xe6) : kText;
    const QColor line = dark ? QColor(0x9a, 0x9a, 0x9a) : kAxisLine;
    const QColor grid = dark ? QColor(0x44, 0x47, 0x4a) : kGrid;
    chart->setBackgroundVisible(true);
    chart->setBackgroundBrush(background);
    chart->setTitleBrush(text);
    const auto axes = chart->axes();
    for (QAbstractAxis* axis : axes) {
        axis->setLabelsBrush(text);
        axis->setTitleBrush(text);
        axis->setLinePen(QPen(line, 1));
        axis->setGridLinePen(QPen(grid, 1));
        axis->setMinorGridLinePen(QPen(grid.lighter(dark ? 90 : 105), 0.5, Qt::DotLine));
    }
    chart->legend()->setLabelColor(text);
}

} // namespace ranklab::ui

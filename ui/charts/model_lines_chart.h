#pragma once
// The base of the charts with one line per model over a numeric x (Curves'
// metric vs k, its difference to a baseline, precision vs recall): the
// models' lines and confidence bands, hovering by distance (the line
// nearest the cursor within kHoverRadius pixels, line_hover.h, says its
// value in a tooltip, on the stroke or beside it), and a legend whose click
// hides or shows a model, its entry greyed while hidden.
#include <QChart>
#include <QList>
#include <QPointF>
#include <QScatterSeries>
#include <QString>

#include <cstddef>
#include <vector>

class QAbstractAxis;
class QAreaSeries;
class QLineSeries;

namespace ranklab::ui {

class ModelLinesChart : public QChart {
    Q_OBJECT
public:
    QLineSeries* modelSeries(std::size_t model) const;  // null when left out (hidden, or the baseline)
    QAreaSeries* bandSeries(std::size_t model) const;   // null without a band

    // What a click on the model's legend entry does: hides or shows its line
    // and band; the entry stays, greyed while hidden, so it can be clicked back.
    void setModelShown(std::size_t model, bool shown);
    bool isModelShown(std::size_t model) const;

    // The tooltip for the cursor at `pos` (item coordinates): the line within
    // kHoverRadius pixels nearest it, at its data point nearest along x;
    // empty when no line is that near.
    QString hoverTextAt(const QPointF& pos) const;
    QString lastHoverText() const { return lastHover_; }

protected:
    explicit ModelLinesChart(QGraphicsItem* parent) : QChart(parent) {}

    // The tooltip for data point `at` of `model`'s line.
    virtual QString pointHoverText(std::size_t model, const QPointF& at) const = 0;
    // After setModelShown(): what depends on the models shown (crossing marks).
    virtual void modelsShownChanged() {}

    // Room for `models` lines and bands, none made yet.
    void resetModels(std::size_t models);
    // The model's line on the axes, in its colour, hovered like the chart.
    void addModelLine(std::size_t model, QLineSeries* line, const QColor& color, QAbstractAxis* x, QAbstractAxis* y);
    // The model's band between `lower` and `upper`, in its colour at `alpha`
    // (drawn under the line when added before it); null when there is no point.
    QAreaSeries* addModelBand(std::size_t model, const QList<QPointF>& lower, const QList<QPointF>& upper,
                              const QString& name, const QColor& color, int alpha, QAbstractAxis* x,
                              QAbstractAxis* y);
    // White marks with a dark border on the axes (where lines cross).
    QScatterSeries* addMarks(const QString& name, QScatterSeries::MarkerShape shape, qreal size, QAbstractAxis* x,
                             QAbstractAxis* y);
    // The legend at the bottom: bands left out, a click on a model toggles it.
    void connectLegend();

    void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    void showHover(const QPointF& pos, const QPoint& screen);

    std::vector<QLineSeries*> lines_;  // per model, null when left out
    std::vector<QAreaSeries*> bands_;
    QString lastHover_;
};

} // namespace ranklab::ui

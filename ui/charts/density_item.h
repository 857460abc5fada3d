#pragma once
// The Per user chart's users, drawn as one item over the plot area (the
// axes and the diagonal are ordinary series): the binned counts as ONE
// image, one pixel per cell, scaled onto the cells' value rectangle, or,
// when the distinct points are few, a disc per point whose area and colour
// grow with the users on it (and, when there are few, a label with the
// count). Colours follow a log scale of the count
// (a colour bar right of the plot area says which); the selected users'
// cells or points are drawn over in orange. Painting costs the cells or
// points, never the users.
#include <QColor>
#include <QGraphicsItem>
#include <QImage>

#include <memory>

#include "ui/charts/density_plot.h"

class QAbstractSeries;
class QChart;

namespace ranklab::ui {

class DensityItem : public QGraphicsItem {
public:
    static constexpr int kColorBarSpace = 86;  // px right of the plot area for the colour bar
    static inline const QColor kSelectedColor{245, 130, 20};
    static constexpr std::size_t kLabelledPoints = 40;  // up to this many points are labelled with their count

    // `anchor` is a series on the chart's value axes (maps values to pixels).
    DensityItem(QChart* chart, QAbstractSeries* anchor, std::shared_ptr<const DensityPlot> plot);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // The chart's size changed: the bounding rectangle follows.
    void chartResized();

    // One pixel per cell, the highest B row at the top (empty cells transparent).
    const QImage& image() const { return image_; }
    // Where the cells' value range [lo, hi]² lies in chart coordinates.
    QRectF cellsRect() const;
    // The centre of the point at value (a, b), in chart coordinates.
    QPointF position(double a, double b) const;
    // A disc's radius in pixels for `count` users.
    double radius(std::uint64_t count) const;
    // What the mouse at value `at` points to: the cell's range and count,
    // or the point under it with its count; empty over nothing.
    QString describe(QPointF at) const;

    // The colour of `count` on the log scale up to `max` (count >= 1).
    static QColor colorFor(std::uint64_t count, std::uint64_t max);

private:
    void paintColorBar(QPainter* painter, const QRectF& area) const;
    std::uint64_t maxCount() const;

    QChart* chart_;
    QAbstractSeries* anchor_;
    std::shared_ptr<const DensityPlot> plot_;
    QImage image_, selectedImage_;
    std::vector<std::size_t> drawOrder_;  // points, the most crowded first (small ones stay visible)
    QRectF bounds_;
};

} // namespace ranklab::ui

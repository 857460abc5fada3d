#pragma once
// Model A against model B per user, for one metric column, drawn from a
// DensityPlot computed in the background: the users as binned density (one
// image) or, when the distinct (A, B) points are few, as discs sized and
// coloured by their count, with the diagonal A = B on top and the selected
// users in orange. Or, instead, the histogram of B − A on a numeric axis
// with the true bin edges. Building it costs the bins, never the users.
// The users at (0, 0), hidden in the corner cell, get a ring sized by their
// share and a legend entry with their count; the histogram's exact ties
// (B = A) are counted in the legend and can be left out of the bars, and
// its counts can be drawn on a log axis.
#include <QChart>
#include <QList>
#include <QRectF>

#include <memory>
#include <vector>

#include "ui/charts/density_plot.h"
#include "ui/evaluation_result.h"

class QAreaSeries;
class QLineSeries;
class QScatterSeries;

namespace ranklab::ui {

class DensityItem;

struct UserScatterOptions {
    bool tiesApart = false;  // the histogram's bars leave the exact ties out
    bool logCounts = false;  // the histogram's count axis is logarithmic
    bool operator==(const UserScatterOptions&) const = default;
};

class UserScatterChart : public QChart {
    Q_OBJECT
public:
    enum class Kind { Scatter, Differences };
    using Options = UserScatterOptions;

    UserScatterChart(std::shared_ptr<const DensityPlot> plot, const QList<ModelLook>& looks, Kind kind,
                     Options options = {}, QGraphicsItem* parent = nullptr);

    Kind kind() const { return kind_; }
    const Options& options() const { return options_; }
    // The histogram's users per bin as drawn (without the exact ties when apart).
    const std::vector<std::uint64_t>& barCounts() const { return barCounts_; }
    // The ring over the users at (0, 0) (null when none or for Differences).
    QScatterSeries* originMarker() const { return origin_; }
    const DensityPlot& plot() const { return *plot_; }
    DensityItem* density() const { return density_; }  // null for Differences
    QLineSeries* diagonal() const { return diagonal_; }  // null for Differences
    QAreaSeries* histogram() const { return bars_; }     // null for Scatter
    // Where bin i of the histogram is drawn, in chart coordinates.
    QRectF binRect(std::size_t i) const;
    // What the mouse at value `at` points to (a cell, a point or a bin), or empty.
    QString describe(QPointF at) const;
    QString description() const;

private:
    void buildDensity(const QList<ModelLook>& looks);
    void buildHistogram(const QList<ModelLook>& looks);

    std::shared_ptr<const DensityPlot> plot_;
    Kind kind_;
    Options options_;
    std::vector<std::uint64_t> barCounts_;
    QScatterSeries* origin_ = nullptr;
    QString metricId_, nameA_, nameB_;
    DensityItem* density_ = nullptr;
    QLineSeries* diagonal_ = nullptr;
    QAreaSeries* bars_ = nullptr;
};

} // namespace ranklab::ui

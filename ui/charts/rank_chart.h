#pragma once
// Where the relevant items land: per shown model (in its colour) a bar at
// each rank 1..K and one "not retrieved" bar, the histogram of the rank of
// each user's first relevant item or of every relevant item, with the CDF as
// a dashed line on a second (right) axis; a linear or log count axis.
#include <QChart>
#include <QList>
#include <QPointF>
#include <QString>

#include <cstddef>
#include <vector>

#include "compare/rank_distribution.h"
#include "ui/evaluation_result.h"

class QBarSet;
class QLineSeries;

namespace ranklab::ui {

enum class RankHistogramKind { First, All };

struct RankChartOptions {
    RankHistogramKind kind = RankHistogramKind::First;
    bool logCounts = false;
    bool cdf = true;
};

// The bar heights: counts at ranks 1..K, then the not-retrieved count.
QList<qreal> rankBarValues(const RankHistogram& histogram);
// The CDF at bar positions: (r - 1, cdf[r - 1]) for r = 1..K.
QList<QPointF> cdfPoints(const RankHistogram& histogram);

class RankChart : public QChart {
    Q_OBJECT
public:
    // Models whose look is not visible are left out.
    RankChart(const RankDistributions& result, const QList<ModelLook>& looks, const RankChartOptions& options,
              QGraphicsItem* parent = nullptr);

    QBarSet* barSet(std::size_t model) const;       // null when left out
    QLineSeries* cdfSeries(std::size_t model) const;  // null when left out or without CDF
    QString description() const;

private:
    RankChartOptions options_;
    std::uint32_t kmax_ = 0;
    std::vector<QBarSet*> sets_;
    std::vector<QLineSeries*> cdfs_;
};

} // namespace ranklab::ui

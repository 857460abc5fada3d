#pragma once
// Model A against model B per user, for one metric column: one point per
// distinct (A, B) pair of values (users with equal values share a point; the
// tooltip says how many), the diagonal A = B, and the selected users' points
// drawn again on top. Or, instead, the histogram of the differences B − A.
// Pure helpers below compute what is drawn so tests can check it.
#include <QChart>
#include <QList>
#include <QPointF>
#include <QRectF>

#include <map>
#include <vector>

#include "eval/evaluation.h"
#include "ui/evaluation_result.h"

class QBarSet;
class QLineSeries;
class QScatterSeries;

namespace ranklab::ui {

struct UserPair {
    std::size_t a = 0, b = 0;  // model indices
    std::size_t metric = 0;    // evaluation column
};

// The distinct (A, B) points of every averaged user with how many users
// share each, in ascending (A, B) order.
std::map<std::pair<double, double>, std::size_t> scatterPoints(const Evaluation& e, const UserPair& pair);
// The users whose (A, B) lies inside `values` (value coordinates, edges
// included), ascending.
std::vector<UserId> usersInRect(const Evaluation& e, const UserPair& pair, const QRectF& values);

// The histogram of B − A: `bins` equal bins over [min, max] of the
// differences (a single bin when all are equal); counts sum to the users.
struct DifferenceHistogram {
    double lo = 0, width = 0;
    std::vector<std::size_t> counts;
};
DifferenceHistogram differenceHistogram(const Evaluation& e, const UserPair& pair, std::size_t bins = 30);

class UserScatterChart : public QChart {
    Q_OBJECT
public:
    enum class Kind { Scatter, Differences };

    UserScatterChart(const Evaluation& e, const UserPair& pair, const QList<ModelLook>& looks, Kind kind,
                     const std::vector<UserId>& selected, QGraphicsItem* parent = nullptr);

    Kind kind() const { return kind_; }
    QScatterSeries* points() const { return points_; }      // null for Differences
    QScatterSeries* selection() const { return selected_; }  // null for Differences or no selection
    QLineSeries* diagonal() const { return diagonal_; }
    QBarSet* bars() const { return bars_; }  // null for Scatter
    QString description() const;

private:
    Kind kind_;
    QString metricId_, nameA_, nameB_;
    QScatterSeries* points_ = nullptr;
    QScatterSeries* selected_ = nullptr;
    QLineSeries* diagonal_ = nullptr;
    QBarSet* bars_ = nullptr;
};

} // namespace ranklab::ui

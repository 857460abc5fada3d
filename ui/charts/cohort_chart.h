#pragma once
// The models within each cohort: per cohort (and first "all", every user)
// one bar per shown model in its colour at its mean of one metric, a CI
// whisker on each bar, and a pale band behind the cohorts whose best model
// is not the best over all users.
#include <QChart>
#include <QList>
#include <QString>

#include <cstddef>
#include <vector>

#include "compare/cohort_comparison.h"
#include "ui/evaluation_result.h"

class QAreaSeries;
class QBarSet;
class QLineSeries;

namespace ranklab::ui {

struct CohortChartOptions {
    std::size_t metric = 0;     // index into the comparison's metrics
    bool bootstrapCi = false;   // the percentile bootstrap CI instead of Student's t (when computed)
    bool showOverall = true;    // a first group "all (N)": every user
};

// One bar: the mean and its CI (NaN when undefined: a cohort without users
// or with one user).
struct CohortBar {
    double mean = 0, lo = 0, hi = 0;
};
struct CohortGroup {
    QString label;
    bool bestDiffers = false;
    std::vector<CohortBar> bars;  // per model, in evaluation order
};
std::vector<CohortGroup> cohortGroups(const CohortComparison& result, const CohortChartOptions& options);
// The comparison holds a set-level column only (coverage, gini, ...): the
// bars are its statistic with the bootstrap interval over the cohort's users.
bool showsSetLevel(const CohortComparison& result);

class CohortChart : public QChart {
    Q_OBJECT
public:
    CohortChart(const CohortComparison& result, const QList<ModelLook>& looks, const CohortChartOptions& options,
                QGraphicsItem* parent = nullptr);

    QBarSet* barSet(std::size_t model) const;  // null when the model is left out
    // The whisker of `model` in group `group` (a polyline: lower cap, stem,
    // upper cap); null when left out or the CI is undefined.
    QLineSeries* whisker(std::size_t model, std::size_t group) const;
    QAreaSeries* highlight() const { return highlight_; }  // null when no cohort's best differs
    const std::vector<CohortGroup>& groups() const { return groups_; }
    QString description() const;

private:
    CohortChartOptions options_;
    std::vector<CohortGroup> groups_;
    std::vector<QBarSet*> sets_;
    std::vector<std::vector<QLineSeries*>> whiskers_;  // [model][group]
    QAreaSeries* highlight_ = nullptr;
    QString metricId_;
};

} // namespace ranklab::ui

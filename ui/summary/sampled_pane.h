#pragma once
// Under the Summary table: the sampled-negative protocol's estimates of the
// full-catalogue metrics (eval/sampled_estimates.h), one row per model and
// metric, the naive sampled value first and then each estimate with its
// bootstrap interval, headed so that nobody reads them as measured values.
// Hidden when the evaluation declares no protocol. The numbers are computed
// in the evaluation job; this only lays out a few cells.
#include <QWidget>

#include <memory>

#include "eval/sampled_estimates.h"

class QLabel;
class QTableWidget;

namespace ranklab::ui {

class SampledPane : public QWidget {
    Q_OBJECT

public:
    explicit SampledPane(QWidget* parent = nullptr);
    void setEstimates(std::shared_ptr<const SampledEvaluation> estimates, int digits = 4);

    QLabel* heading() const { return heading_; }
    QTableWidget* table() const { return table_; }

private:
    QLabel* heading_;
    QTableWidget* table_;
};

} // namespace ranklab::ui

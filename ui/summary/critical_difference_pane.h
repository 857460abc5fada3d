#pragma once
// The Summary's "Critical difference" tab beside the forest plot: the
// critical-difference diagram (ui/charts/critical_difference_chart.h) of one
// metric column over the shown models, at the comparison's α. The average
// ranks rank every user's models, so they are computed in the background
// (the pane's own JobTracker) when the tab is shown and its inputs changed;
// a newer request supersedes an older one. Exported from the chart's
// context menu like every chart, or by exportWhenReady (the Summary's
// Export menu), which first waits for a diagram not drawn yet.
#include <QWidget>

#include <cstddef>
#include <memory>
#include <optional>

#include "compare/critical_difference.h"
#include "ui/evaluation_result.h"

class QChart;
class QComboBox;
class QLabel;

namespace ranklab::ui {

class ChartPanel;
class CriticalDifferenceChart;
class JobTracker;

class CriticalDifferencePane : public QWidget {
    Q_OBJECT

public:
    explicit CriticalDifferencePane(QWidget* parent = nullptr);
    ~CriticalDifferencePane() override;

    // The result shown and the Nemenyi test's level (the comparison's α).
    void setResult(std::shared_ptr<const EvaluationResult> result, double alpha);
    // Ranks on evaluation column `metric` (ignored when not a per-user column).
    void setMetric(std::size_t metric);
    std::optional<std::size_t> metric() const;

    CriticalDifferenceChart* chart() const;
    ChartPanel* chartPanel() const { return panel_; }
    QComboBox* metricBox() const { return metric_; }
    JobTracker* jobs() const { return jobs_; }
    // The inputs changed since the last diagram was asked for.
    bool isStale() const { return stale_; }
    // Starts the computation now, shown or not (tests; exports).
    void refreshNow();

    std::unique_ptr<QChart> makeExportChart() const;
    QString exportCaption() const;
    void exportChart();
    // Opens the export dialog for the diagram of the current inputs: at once
    // when it is drawn, else when its computation (started here if needed)
    // is done; says why not when there is none (fewer than two models, ...).
    void exportWhenReady();
    // An export waits for the computation.
    bool isExportPending() const { return exportPending_; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    void invalidate();
    void showDiagram(std::shared_ptr<const stats::CriticalDifference> diagram);

    QComboBox* metric_;
    QLabel* title_;
    ChartPanel* panel_;
    JobTracker* jobs_;
    std::shared_ptr<const EvaluationResult> result_;
    std::shared_ptr<const stats::CriticalDifference> diagram_;
    std::optional<std::size_t> diagramMetric_;
    double alpha_ = 0.05;
    bool stale_ = true;
    bool updating_ = false;
    bool exportPending_ = false;
};

} // namespace ranklab::ui

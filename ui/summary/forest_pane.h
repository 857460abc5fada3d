#pragma once
// The lower half of the Summary: the forest plot (ui/charts/forest_chart.h)
// of one metric column of the comparison shown, the column chosen in its
// own box or by clicking a cell or header of the table. Exported like every
// chart (the chart's context menu: PNG, SVG or PDF with a caption line).
#include <QWidget>

#include <cstddef>
#include <memory>
#include <optional>

#include "ui/evaluation_result.h"
#include "ui/summary/comparison_setup.h"

class QChart;
class QComboBox;
class QLabel;

namespace ranklab::ui {

class ChartPanel;
class ForestChart;

class ForestPane : public QWidget {
    Q_OBJECT

public:
    explicit ForestPane(QWidget* parent = nullptr);
    ~ForestPane() override;

    void setResult(std::shared_ptr<const EvaluationResult> result, CiKind interval);
    void setCiKind(CiKind interval);
    // Plots evaluation column `metric` (ignored when not compared).
    void setMetric(std::size_t metric);
    std::optional<std::size_t> metric() const;

    ForestChart* chart() const;
    ChartPanel* chartPanel() const { return panel_; }
    QComboBox* metricBox() const { return metric_; }
    // A new chart like the one shown (null when none is), and its caption.
    std::unique_ptr<QChart> makeExportChart() const;
    QString exportCaption() const;

    // The column a first look plots: the first with the largest cutoff ≤ 20
    // (ndcg@10 of ndcg@1,5,10,100), else the first.
    static std::size_t defaultMetric(const Evaluation& evaluation, const std::vector<std::size_t>& columns);

    // The chart export dialog, then the file (nothing without a chart).
    void exportChart();

private:
    void rebuild();

    QComboBox* metric_;
    QLabel* title_;
    ChartPanel* panel_;
    std::shared_ptr<const EvaluationResult> result_;
    CiKind interval_ = CiKind::T;
    bool updating_ = false;
};

} // namespace ranklab::ui

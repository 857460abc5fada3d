#pragma once
// The Cohorts tab: the models within groups of users — by number of
// relevant items, by activity (training interactions from the exclusions
// file) or by the cohort file's attribute — for one metric column: a bar
// chart with CI whiskers and a table of per-cohort means, CIs and users.
// Cohorts whose best model is not the best over all users are highlighted
// in both (with whether that difference is significant within the cohort).
// The per-user table is already in memory, so a selection restricts it
// without evaluating again; the comparisons run in the background.
#include <memory>

#include "compare/cohort_comparison.h"
#include "eval/cohort_grouping.h"
#include "ui/charts/cohort_chart.h"
#include "ui/views/analysis_view.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace ranklab::ui {

class ChartPanel;

class CohortsView : public AnalysisView {
    Q_OBJECT

public:
    static constexpr std::size_t kBootstrapResamples = 1000;

    explicit CohortsView(SelectedUsers* selection, QWidget* parent = nullptr);
    ~CohortsView() override;

    std::unique_ptr<QChart> makeExportChart() const override;
    QString exportCaption() const override;
    QString exportBaseName() const override;

    const std::shared_ptr<const CohortComparison>& cohorts() const { return cohorts_; }
    std::size_t metricColumn() const;  // the evaluation column shown
    CohortChart* chart() const;
    ChartPanel* chartPanel() const { return panel_; }
    QComboBox* groupingBox() const { return grouping_; }
    QComboBox* metricBox() const { return metric_; }
    QComboBox* intervalBox() const { return interval_; }
    // The bins of the count (relevant items, activity), as
    // `ranklab-cli cohorts --bins` takes them; empty: the default bins.
    QLineEdit* binsEdit() const { return bins_; }
    QLabel* binsError() const { return binsError_; }  // empty when the bins parse
    QTableWidget* table() const { return table_; }

protected:
    void refresh() override;
    void clearView() override;

private:
    struct Request {
        const Evaluation* evaluation = nullptr;
        int grouping = 0;
        std::size_t metric = 0;
        bool bootstrap = false;
        std::string bins;  // as typed, parsed; empty: the default bins
        std::shared_ptr<const std::vector<UserId>> only;
        bool operator==(const Request&) const = default;
    };
    Request request() const;
    void fillChoices();
    void showResult();
    void fillTable();
    void binsEdited();
    void updateBinsEnabled();
    CohortChartOptions chartOptions() const;

    QComboBox* grouping_;
    QComboBox* metric_;
    QComboBox* interval_;
    QLineEdit* bins_;
    QLabel* binsError_;
    std::string binsText_;  // the bins last accepted
    ChartPanel* panel_;
    QTableWidget* table_;
    std::shared_ptr<const CohortComparison> cohorts_;
    Request shown_;
    QList<ModelLook> looks_;
};

} // namespace ranklab::ui

#pragma once
// The summary table: one row per visible model, one column per compared
// metric@k (in the evaluation's order), each cell the model's mean with its
// confidence interval, the best of each column in bold (every model tying
// for the highest mean; none for a count such as num_ret or a lone model,
// as the exports do), and significance marks on the comparison's first test
// after its correction: against a baseline, ▲ significantly better and ▼
// significantly worse; for all pairs, each model has a letter (a, b, ...)
// and ▲bc says the model is significantly better than models b and c.
// Until the comparison arrives the cells show the evaluation's means alone.
// Against a baseline the cells can show the difference to it instead of the
// mean (Δ, Δ%, d_z: cell_display.h), and are filled by the effect size of a
// significant difference (effect_colors.h). Transposed, the rows are the
// metric columns and the columns the models; every cell keeps its value.
#include <QAbstractTableModel>
#include <QColor>
#include <QList>

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "eval/model_coverage.h"
#include "ui/evaluation_result.h"
#include "ui/summary/cell_display.h"
#include "ui/summary/comparison_setup.h"
#include "ui/summary/summary_cells.h"

namespace ranklab::ui {


class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    // The label column: the model names, or the metric ids when transposed.
    static constexpr int ModelColumn = 0;
    static constexpr int LabelColumn = 0;
    enum Role {
        SortRole = Qt::UserRole + 1,  // double: the mean, or the difference shown (the baseline's: 0); the model column: its name
        MeanRole,                     // double mean; invalid on the model column
        BestRole,                     // bool: a highest mean of the column
        SignificanceRole,             // int, against the baseline: +1 ▲, −1 ▼, 0 none, all pairs or not compared
        BetterThanRole,               // QString: all pairs, the letters of the models it is significantly better than
        BaselineRole,                 // bool: the row is the baseline
        ModelIndexRole,               // int: the model's index in the evaluation
        MetricIndexRole,              // int: the evaluation column (header and cells)
        DisplayedValueRole,           // double: the number the cell shows first (mean, Δ, Δ% or d_z)
        EffectSizeRole,               // double: Cohen's d_z of model − baseline (NaN: none)
        CoverageRole,                 // QString on the model column: "scored 612 of 3,000 users (20.4%)"; "" when complete
    };

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const EvaluationResult> result);
    void clear();
    void setCiKind(CiKind kind);
    CiKind ciKind() const { return ciKind_; }
    void setDisplay(CellDisplay display);
    CellDisplay display() const { return display_; }
    // What the cells show now: the display chosen, or the mean while there
    // is no baseline comparison to subtract (none yet, or all pairs).
    CellDisplay shownDisplay() const;
    void setTransposed(bool transposed);
    bool isTransposed() const { return transposed_; }

    const std::shared_ptr<const EvaluationResult>& result() const { return result_; }
    // The comparison shown, or null (none yet, or none set).
    const stats::Comparison* comparison() const;
    // Not transposed: the model index of a row, the evaluation column of a
    // column (≥ 1). Transposed, use modelOf/metricOf.
    std::size_t modelAt(int row) const { return rows_[std::size_t(row)]; }
    std::size_t metricAt(int column) const { return columns_[std::size_t(column - 1)]; }
    int metricColumnCount() const { return int(columns_.size()); }
    // The model and evaluation column of a cell (column ≥ 1), either orientation.
    std::size_t modelOf(const QModelIndex& index) const;
    std::size_t metricOf(const QModelIndex& index) const;
    // The model section (row, or column when transposed) of a model; −1 if hidden.
    int sectionOfModel(std::size_t model) const;
    // The metric section (column, or row when transposed) of an evaluation column; −1 if not shown.
    int sectionOfMetric(std::size_t metric) const;
    // The cell's numbers (model, evaluation column).
    const SummaryCell& cell(std::size_t model, std::size_t metric) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The mark of `model` on evaluation column `metric` against the baseline.
    int significance(std::size_t model, std::size_t metric) const;
    // Whether `model` has a highest mean of evaluation column `metric`.
    bool isBest(std::size_t model, std::size_t metric) const;
    // All pairs: the letters of the models `model` is significantly better than.
    QString betterThan(std::size_t model, std::size_t metric) const;
    // All pairs: a model's letter (0 → a, 25 → z, 26 → aa); empty against a baseline.
    QString letter(std::size_t model) const;

private:
    double mean(std::size_t model, std::size_t metric) const;
    QString cellText(std::size_t model, std::size_t metric) const;
    double displayedValue(std::size_t model, std::size_t metric) const;
    QVariant cellData(std::size_t model, std::size_t metric, int role) const;
    QVariant modelData(std::size_t model, int role) const;
    QVariant metricData(std::size_t metric, int role) const;
    bool isBaseline(std::size_t model) const;

    std::shared_ptr<const EvaluationResult> result_;
    std::vector<std::size_t> rows_;     // visible models
    std::vector<std::size_t> columns_;  // evaluation columns
    std::vector<std::size_t> columnOf_;  // evaluation column -> index in columns_
    SummaryCells cells_;
    std::vector<ModelCoverage> coverage_;  // per evaluation model; empty with repeated runs
    CiKind ciKind_ = CiKind::T;
    CellDisplay display_ = CellDisplay::Mean;
    bool transposed_ = false;
};

} // namespace ranklab::ui

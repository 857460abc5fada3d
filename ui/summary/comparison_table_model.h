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
#include <QAbstractTableModel>
#include <QColor>
#include <QList>

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "ui/evaluation_result.h"
#include "ui/summary/summary_cells.h"

namespace ranklab::ui {

// Which interval a cell shows after the mean.
enum class CiKind { T, Bootstrap, None };

class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int ModelColumn = 0;
    enum Role {
        SortRole = Qt::UserRole + 1,  // double mean (the model column: its name)
        MeanRole,                     // double mean; invalid on the model column
        BestRole,                     // bool: a highest mean of the column
        SignificanceRole,             // int, against the baseline: +1 ▲, −1 ▼, 0 none, all pairs or not compared
        BetterThanRole,               // QString: all pairs, the letters of the models it is significantly better than
        BaselineRole,                 // bool: the row is the baseline
        ModelIndexRole,               // int: the model's index in the evaluation
        MetricIndexRole,              // int: the evaluation column (header and cells)
    };

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const EvaluationResult> result);
    void clear();
    void setCiKind(CiKind kind);
    CiKind ciKind() const { return ciKind_; }

    const std::shared_ptr<const EvaluationResult>& result() const { return result_; }
    // The comparison shown, or null (none yet, or none set).
    const stats::Comparison* comparison() const;
    // The model index of a row, the evaluation column of a column (≥ 1).
    std::size_t modelAt(int row) const { return rows_[std::size_t(row)]; }
    std::size_t metricAt(int column) const { return columns_[std::size_t(column - 1)]; }
    int metricColumnCount() const { return int(columns_.size()); }

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
    const SummaryCell& cell(std::size_t model, std::size_t metric) const;
    QString cellText(std::size_t model, std::size_t metric) const;
    QVariant cellData(std::size_t model, int column, int role) const;
    QVariant modelData(std::size_t model, int role) const;

    std::shared_ptr<const EvaluationResult> result_;
    std::vector<std::size_t> rows_;     // visible models
    std::vector<std::size_t> columns_;  // evaluation columns
    std::vector<std::size_t> columnOf_;  // evaluation column -> index in columns_
    SummaryCells cells_;
    CiKind ciKind_ = CiKind::T;
};

} // namespace ranklab::ui

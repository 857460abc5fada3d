#pragma once
// The summary table: one row per visible model, one column per compared
// metric@k (in the evaluation's order), each cell the model's mean with its
// confidence interval, the best of each column in bold, and marks against
// the comparison's baseline (▲ significantly better, ▼ significantly
// worse, on the comparison's first test after its correction). Until the
// comparison arrives the cells show the evaluation's means alone.
#include <QAbstractTableModel>
#include <QColor>
#include <QList>

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "ui/evaluation_result.h"

namespace ranklab::ui {

// Which interval a cell shows after the mean.
enum class CiKind { T, Bootstrap, None };

class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int ModelColumn = 0;
    enum Role {
        SortRole = Qt::UserRole + 1,  // double mean (the model column: its name)
        MeanRole,                     // double mean, NaN-free; invalid on the model column
        BestRole,                     // bool: the column's best model (Comparison::best)
        SignificanceRole,             // int: +1 ▲, −1 ▼, 0 none or not compared
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
    // The best model of evaluation column `metric`.
    std::size_t best(std::size_t metric) const;

private:
    double mean(std::size_t model, std::size_t metric) const;
    // Position of an evaluation column in the comparison's metrics, or none.
    std::optional<std::size_t> comparedIndex(std::size_t metric) const;
    QString cellText(std::size_t model, std::size_t metric) const;
    QVariant cellData(std::size_t model, int column, int role) const;
    QVariant modelData(std::size_t model, int role) const;

    std::shared_ptr<const EvaluationResult> result_;
    std::vector<std::size_t> rows_;     // visible models
    std::vector<std::size_t> columns_;  // evaluation columns
    CiKind ciKind_ = CiKind::T;
};

} // namespace ranklab::ui

#pragma once
// The Per user tab's table: one row per averaged user, the user's id, the
// value of one metric column for every shown model, and B − A for the
// chosen pair. Reads the evaluation's per-user arrays in place (no copy, no
// per-cell allocation), so it stays fast at 100,000 users. SortRole gives
// numbers (and ids as text) for sorting. PerUserFilter keeps the rows whose
// id contains a text and whose B − A has a sign.
#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <memory>
#include <vector>

#include "ui/charts/user_scatter_chart.h"
#include "ui/evaluation_result.h"

namespace ranklab::ui {

class PerUserTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int SortRole = Qt::UserRole;

    explicit PerUserTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const EvaluationResult> result, const UserPair& pair);
    const UserPair& pair() const { return pair_; }
    UserId userAt(int row) const;
    int rowOf(UserId user) const;  // -1 when the user is not a row
    double difference(int row) const;  // B − A
    int differenceColumn() const { return int(models_.size()) + 1; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const EvaluationResult> result_;
    UserPair pair_;
    std::vector<std::size_t> models_;  // the shown models, one column each
};

class PerUserFilter : public QSortFilterProxyModel {
    Q_OBJECT

public:
    enum class Relation { Any, BBetter, ABetter, Equal };

    explicit PerUserFilter(QObject* parent = nullptr);
    void setIdText(const QString& text);
    void setRelation(Relation relation);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString idText_;
    Relation relation_ = Relation::Any;
};

} // namespace ranklab::ui

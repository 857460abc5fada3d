#pragma once
// The Per user tab's table: one row per shown user, the user's id, B − A
// for the chosen pair (second, so it stays in view), and the value of one
// metric column for every shown model. Reads the evaluation's per-user arrays in place through a
// row order computed in the background (perUserOrder: sorting and
// filtering never run on the GUI thread), so it stays fast at 100,000
// users. SortRole gives numbers (and ids as text). The window's selected
// users are highlighted (BackgroundRole), however many they are, without
// building a selection range per row.
#include <QAbstractTableModel>

#include <memory>
#include <vector>

#include "ui/charts/density_plot.h"
#include "ui/evaluation_result.h"

namespace ranklab::ui {

class PerUserTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int SelectedRole = Qt::UserRole + 1;  // bool: among the window's selected users

    explicit PerUserTableModel(QObject* parent = nullptr);

    // Every evaluated user in ascending id order until setOrder().
    void setResult(std::shared_ptr<const EvaluationResult> result, const UserPair& pair);
    // Another pair or column on the same result: the cells change, the rows stay.
    void setPair(const UserPair& pair);
    // The rows to show (evaluation rows, in order).
    void setOrder(std::shared_ptr<const std::vector<std::uint32_t>> order);
    void setSelected(std::shared_ptr<const std::vector<UserId>> users);  // ascending

    const UserPair& pair() const { return pair_; }
    const std::vector<std::size_t>& models() const { return models_; }
    // The evaluation row shown at `row`.
    std::size_t evaluationRow(int row) const { return order_ ? (*order_)[std::size_t(row)] : std::size_t(row); }
    UserId userAt(int row) const;
    double difference(int row) const;  // B − A
    static constexpr int differenceColumn() { return 1; }
    static constexpr int firstModelColumn() { return 2; }  // then one column per shown model

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const EvaluationResult> result_;
    UserPair pair_;
    std::vector<std::size_t> models_;  // the shown models, one column each
    std::shared_ptr<const std::vector<std::uint32_t>> order_;
    std::shared_ptr<const std::vector<UserId>> selected_;
};

} // namespace ranklab::ui

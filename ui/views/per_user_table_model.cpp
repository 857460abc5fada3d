#include "ui/views/per_user_table_model.h"

#include <QColor>


#include <algorithm>

namespace ranklab::ui {

PerUserTableModel::PerUserTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void PerUserTableModel::setResult(std::shared_ptr<const EvaluationResult> result, const UserPair& pair) {
    beginResetModel();
    result_ = std::move(result);
    pair_ = pair;
    order_.reset();
    models_.clear();
    if (result_)
        for (int m = 0; m < result_->models.size(); ++m)
            if (result_->models[m].visible) models_.push_back(std::size_t(m));
    endResetModel();
}

void PerUserTableModel::setPair(const UserPair& pair) {
    if (pair == pair_) return;
    pair_ = pair;
    if (rowCount() == 0) return;
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    Q_EMIT dataChanged(index(0, 1), index(rowCount() - 1, columnCount() - 1));
}

void PerUserTableModel::setOrder(std::shared_ptr<const std::vector<std::uint32_t>> order) {
    if (order == order_) return;
    beginResetModel();
    order_ = std::move(order);
    endResetModel();
}

void PerUserTableModel::setSelected(std::shared_ptr<const std::vector<UserId>> users) {
    selected_ = std::move(users);
    if (rowCount() > 0) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::BackgroundRole, SelectedRole});
}

UserId PerUserTableModel::userAt(int row) const { return result_->evaluation->users[evaluationRow(row)]; }

double PerUserTableModel::difference(int row) const {
    const Evaluation& e = *result_->evaluation;
    const std::size_t r = evaluationRow(row);
    return e.value(pair_.b, r, pair_.metric) - e.value(pair_.a, r, pair_.metric);
}

int PerUserTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !result_) return 0;
    return int(order_ ? order_->size() : result_->evaluation->users.size());
}

int PerUserTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !result_ ? 0 : int(models_.size()) + 2;
}

QVariant PerUserTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !result_) return {};
    const int col = index.column();
    if (role == Qt::BackgroundRole || role == SelectedRole) {
        const bool selected = selected_ && std::binary_search(selected_->begin(), selected_->end(), userAt(index.row()));
        if (role == SelectedRole) return selected;
        return selected ? QVariant(QColor(255, 226, 190)) : QVariant();
    }
    if (col == 0) {
        if (role != Qt::DisplayRole && role != SortRole) return {};
        return QString::fromUtf8(result_->dataset->ids.users.name(userAt(index.row())));
    }
    const double value = col == differenceColumn()
                             ? difference(index.row())
                             : result_->evaluation->value(models_[std::size_t(col - firstModelColumn())],
                                                          evaluationRow(index.row()),
                                                          pair_.metric);
    switch (role) {
    case Qt::DisplayRole: return QString::number(value, 'f', 4);
    case SortRole: return value;
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (col == differenceColumn() && value != 0) return value > 0 ? QColor(27, 120, 55) : QColor(178, 34, 34);
        return {};
    default: return {};
    }
}

QVariant PerUserTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || !result_) return {};
    if (section == 0) return tr("User");
    const auto& looks = result_->models;
    if (section == differenceColumn())
        return tr("%1 − %2").arg(looks[int(pair_.b)].name, looks[int(pair_.a)].name);
    return looks[int(models_[std::size_t(section - firstModelColumn())])].name;
}

} // namespace ranklab::ui

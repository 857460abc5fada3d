#include "ui/views/per_user_table_model.h"

#include <algorithm>

namespace ranklab::ui {

PerUserTableModel::PerUserTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void PerUserTableModel::setResult(std::shared_ptr<const EvaluationResult> result, const UserPair& pair) {
    beginResetModel();
    result_ = std::move(result);
    pair_ = pair;
    models_.clear();
    if (result_)
        for (int m = 0; m < result_->models.size(); ++m)
            if (result_->models[m].visible) models_.push_back(std::size_t(m));
    endResetModel();
}

UserId PerUserTableModel::userAt(int row) const { return result_->evaluation->users[std::size_t(row)]; }

int PerUserTableModel::rowOf(UserId user) const {
    if (!result_) return -1;
    const auto& users = result_->evaluation->users;  // ascending ids
    const auto it = std::lower_bound(users.begin(), users.end(), user);
    return it != users.end() && *it == user ? int(it - users.begin()) : -1;
}

double PerUserTableModel::difference(int row) const {
    const Evaluation& e = *result_->evaluation;
    return e.value(pair_.b, std::size_t(row), pair_.metric) - e.value(pair_.a, std::size_t(row), pair_.metric);
}

int PerUserTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !result_ ? 0 : int(result_->evaluation->users.size());
}

int PerUserTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !result_ ? 0 : int(models_.size()) + 2;
}

QVariant PerUserTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !result_) return {};
    const std::size_t row = std::size_t(index.row());
    const int col = index.column();
    if (col == 0) {
        if (role != Qt::DisplayRole && role != SortRole) return {};
        return QString::fromUtf8(result_->dataset->ids.users.name(userAt(index.row())));
    }
    const double value = col == differenceColumn()
                             ? difference(index.row())
                             : result_->evaluation->value(models_[std::size_t(col - 1)], row, pair_.metric);
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
    return looks[int(models_[std::size_t(section - 1)])].name;
}

PerUserFilter::PerUserFilter(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(PerUserTableModel::SortRole);
}

void PerUserFilter::setIdText(const QString& text) {
    idText_ = text;
    invalidateFilter();
}

void PerUserFilter::setRelation(Relation relation) {
    relation_ = relation;
    invalidateFilter();
}

bool PerUserFilter::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
    const auto* model = qobject_cast<const PerUserTableModel*>(sourceModel());
    if (!model) return true;
    if (!idText_.isEmpty() &&
        !model->index(sourceRow, 0).data().toString().contains(idText_, Qt::CaseInsensitive))
        return false;
    const double d = model->difference(sourceRow);
    switch (relation_) {
    case Relation::Any: return true;
    case Relation::BBetter: return d > 0;
    case Relation::ABetter: return d < 0;
    case Relation::Equal: return d == 0;
    }
    return true;
}

} // namespace ranklab::ui

#include "ui/summary/comparison_table_model.h"

#include <QBrush>
#include <QFont>

#include "ui/summary/cell_format.h"
#include "ui/summary/comparison_tooltips.h"
#include "ui/summary/metric_definitions.h"

namespace ranklab::ui {

ComparisonTableModel::ComparisonTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ComparisonTableModel::setResult(std::shared_ptr<const EvaluationResult> result) {
    beginResetModel();
    result_ = std::move(result);
    rows_.clear();
    columns_.clear();
    if (result_ && result_->evaluation) {
        const Evaluation& e = *result_->evaluation;
        for (std::size_t m = 0; m < e.models.size(); ++m) {
            const bool visible = m >= std::size_t(result_->models.size()) || result_->models[qsizetype(m)].visible;
            if (visible) rows_.push_back(m);
        }
        if (result_->comparison) {
            columns_ = result_->comparison->metrics;
        } else {
            for (std::size_t c = 0; c < e.metricCount(); ++c) columns_.push_back(c);
        }
        columnOf_.assign(e.metricCount(), 0);
        for (std::size_t i = 0; i < columns_.size(); ++i) columnOf_[columns_[i]] = i;
        cells_ = SummaryCells(*result_, columns_);
    } else {
        cells_ = SummaryCells();
    }
    endResetModel();
}

void ComparisonTableModel::clear() { setResult(nullptr); }

void ComparisonTableModel::setCiKind(CiKind kind) {
    if (kind == ciKind_) return;
    ciKind_ = kind;
    if (!rows_.empty() && !columns_.empty())
        Q_EMIT dataChanged(index(0, 1), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole});
}

const stats::Comparison* ComparisonTableModel::comparison() const {
    return result_ ? result_->comparison.get() : nullptr;
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !result_ ? 0 : 1 + int(columns_.size());
}

const SummaryCell& ComparisonTableModel::cell(std::size_t model, std::size_t metric) const {
    return cells_.at(model, columnOf_[metric]);
}

double ComparisonTableModel::mean(std::size_t model, std::size_t metric) const { return cell(model, metric).mean; }

bool ComparisonTableModel::isBest(std::size_t model, std::size_t metric) const { return cell(model, metric).best; }

int ComparisonTableModel::significance(std::size_t model, std::size_t metric) const {
    return cell(model, metric).mark;
}

QString ComparisonTableModel::betterThan(std::size_t model, std::size_t metric) const {
    return cell(model, metric).betterThan;
}

QString ComparisonTableModel::letter(std::size_t model) const {
    const stats::Comparison* c = comparison();
    return c && !c->options.baseline ? modelLetter(model) : QString();
}

QString ComparisonTableModel::cellText(std::size_t model, std::size_t metric) const {
    const SummaryCell& c = cell(model, metric);
    QString text = formatValue(c.mean);
    if (const stats::MeanSummary* s = c.summary) {
        if (ciKind_ == CiKind::T) text += QStringLiteral(" ± ") + formatValue(s->t.halfWidth);
        if (ciKind_ == CiKind::Bootstrap && s->bootstrap)
            text += QStringLiteral(" [%1, %2]").arg(formatValue(s->bootstrap->lo), formatValue(s->bootstrap->hi));
    }
    if (c.mark > 0) text += QStringLiteral(" ▲");
    if (c.mark < 0) text += QStringLiteral(" ▼");
    if (!c.betterThan.isEmpty()) text += QStringLiteral(" ▲") + c.betterThan;
    return text;
}

QVariant ComparisonTableModel::modelData(std::size_t model, int role) const {
    const stats::Comparison* c = comparison();
    const bool baseline = c && c->options.baseline && *c->options.baseline == model;
    const ModelLook* look = model < std::size_t(result_->models.size()) ? &result_->models[qsizetype(model)] : nullptr;
    const QString name = look ? look->name : QString::fromStdString(result_->evaluation->models[model].name);
    switch (role) {
    case Qt::DisplayRole:
        if (baseline) return name + QStringLiteral(" (baseline)");
        if (const QString l = letter(model); !l.isEmpty()) return QStringLiteral("%1 (%2)").arg(name, l);
        return name;
    case SortRole:
        return name;
    case Qt::DecorationRole:
        return look && look->color.isValid() ? QVariant(look->color) : QVariant();
    case Qt::FontRole:
        if (baseline) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        return modelToolTip(*result_, model);
    case BaselineRole:
        return baseline;
    default:
        return {};
    }
}

QVariant ComparisonTableModel::cellData(std::size_t model, int column, int role) const {
    const std::size_t metric = metricAt(column);
    switch (role) {
    case Qt::DisplayRole:
        return cellText(model, metric);
    case SortRole:
    case MeanRole:
        return mean(model, metric);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (isBest(model, metric)) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::BackgroundRole: {
        const int mark = significance(model, metric);
        if (mark > 0 || !betterThan(model, metric).isEmpty()) return QBrush(QColor(0x2c, 0xa0, 0x2c, 40));
        if (mark < 0) return QBrush(QColor(0xd6, 0x27, 0x28, 40));
        return {};
    }
    case Qt::ToolTipRole:
        return cellToolTip(*result_, model, metric);
    case BestRole:
        return isBest(model, metric);
    case SignificanceRole:
        return significance(model, metric);
    case BetterThanRole:
        return betterThan(model, metric);
    case BaselineRole: {
        const stats::Comparison* c = comparison();
        return c && c->options.baseline && *c->options.baseline == model;
    }
    case MetricIndexRole:
        return int(metric);
    default:
        return {};
    }
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const std::size_t model = modelAt(index.row());
    if (role == ModelIndexRole) return int(model);
    if (index.column() == ModelColumn) return modelData(model, role);
    return cellData(model, index.column(), role);
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || !result_ || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::InitialSortOrderRole)  // a first click on a metric puts the best on top
        return section == ModelColumn ? Qt::AscendingOrder : Qt::DescendingOrder;
    if (section == ModelColumn) {
        if (role == Qt::DisplayRole) return tr("Model");
        if (role == Qt::ToolTipRole)
            return tr("The models shown (hide one in the data panel). Sort by any column: click its header.");
        return {};
    }
    const std::size_t metric = metricAt(section);
    const MetricSpec& spec = result_->evaluation->settings.metrics[metric];
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(spec.id());
    case Qt::ToolTipRole:
        return metricDefinition(spec, result_->evaluation->settings.relevanceThreshold);
    case MetricIndexRole:
        return int(metric);
    default:
        return {};
    }
}

} // namespace ranklab::ui

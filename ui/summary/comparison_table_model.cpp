#include "ui/summary/comparison_table_model.h"

#include <QBrush>
#include <QFont>

#include <algorithm>
#include <cmath>

#include "ui/summary/cell_format.h"
#include "ui/summary/comparison_tooltips.h"
#include "ui/summary/effect_colors.h"
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
        coverage_ = result_->dataset ? modelCoverage(*result_->dataset, e) : std::vector<ModelCoverage>{};
    } else {
        cells_ = SummaryCells();
        coverage_.clear();
    }
    endResetModel();
}

void ComparisonTableModel::clear() { setResult(nullptr); }

void ComparisonTableModel::setCiKind(CiKind kind) {
    if (kind == ciKind_) return;
    ciKind_ = kind;
    if (rowCount() > 0 && columnCount() > 1)
        Q_EMIT dataChanged(index(0, 1), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole});
}

void ComparisonTableModel::setDisplay(CellDisplay display) {
    if (display == display_) return;
    display_ = display;
    if (rowCount() > 0 && columnCount() > 1)
        Q_EMIT dataChanged(index(0, 1), index(rowCount() - 1, columnCount() - 1));
}

CellDisplay ComparisonTableModel::shownDisplay() const {
    const stats::Comparison* c = comparison();
    return c && c->options.baseline ? display_ : CellDisplay::Mean;
}

void ComparisonTableModel::setTransposed(bool transposed) {
    if (transposed == transposed_) return;
    beginResetModel();
    transposed_ = transposed;
    endResetModel();
}

const stats::Comparison* ComparisonTableModel::comparison() const {
    return result_ ? result_->comparison.get() : nullptr;
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return int(transposed_ ? columns_.size() : rows_.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid() || !result_) return 0;
    return 1 + int(transposed_ ? rows_.size() : columns_.size());
}

std::size_t ComparisonTableModel::modelOf(const QModelIndex& index) const {
    return transposed_ ? rows_[std::size_t(index.column() - 1)] : rows_[std::size_t(index.row())];
}

std::size_t ComparisonTableModel::metricOf(const QModelIndex& index) const {
    return transposed_ ? columns_[std::size_t(index.row())] : columns_[std::size_t(index.column() - 1)];
}

int ComparisonTableModel::sectionOfModel(std::size_t model) const {
    const auto it = std::find(rows_.begin(), rows_.end(), model);
    if (it == rows_.end()) return -1;
    const int i = int(it - rows_.begin());
    return transposed_ ? i + 1 : i;
}

int ComparisonTableModel::sectionOfMetric(std::size_t metric) const {
    const auto it = std::find(columns_.begin(), columns_.end(), metric);
    if (it == columns_.end()) return -1;
    const int i = int(it - columns_.begin());
    return transposed_ ? i : i + 1;
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

bool ComparisonTableModel::isBaseline(std::size_t model) const {
    const stats::Comparison* c = comparison();
    return c && c->options.baseline && *c->options.baseline == model;
}

double ComparisonTableModel::displayedValue(std::size_t model, std::size_t metric) const {
    const SummaryCell& c = cell(model, metric);
    if (!c.compared) return c.mean;
    switch (shownDisplay()) {
    case CellDisplay::Mean: return c.mean;
    case CellDisplay::Delta: return c.diff;
    case CellDisplay::DeltaPercent: return relativeChange(c.diff, c.baselineMean);
    case CellDisplay::EffectSize: return c.dz;
    case CellDisplay::RankBiserial: return c.rankBiserial;
    }
    return c.mean;
}

QString ComparisonTableModel::cellText(std::size_t model, std::size_t metric) const {
    const SummaryCell& c = cell(model, metric);
    const CellDisplay display = c.compared ? shownDisplay() : CellDisplay::Mean;
    QString text;
    switch (display) {
    case CellDisplay::Mean:
        text = formatValue(c.mean);
        if (c.setInterval && ciKind_ != CiKind::None) {  // set-level: always the bootstrap over users
            text += QStringLiteral(" [%1, %2]").arg(formatValue(c.setInterval->first), formatValue(c.setInterval->second));
        } else if (const stats::MeanSummary* s = c.summary) {
            if (ciKind_ == CiKind::T) text += QStringLiteral(" ± ") + formatValue(s->t.halfWidth);
            if (ciKind_ == CiKind::Bootstrap && s->bootstrap)
                text += QStringLiteral(" [%1, %2]").arg(formatValue(s->bootstrap->lo), formatValue(s->bootstrap->hi));
        }
        break;
    case CellDisplay::Delta:
        text = formatSigned(c.diff);
        if (!c.method.isEmpty()) {  // set-level: the bootstrap interval whatever the choice
            if (ciKind_ != CiKind::None && c.diffBootstrap)
                text += QStringLiteral(" [%1, %2]").arg(formatSigned(c.diffBootstrap->first),
                                                        formatSigned(c.diffBootstrap->second));
            break;
        }
        if (ciKind_ == CiKind::T) text += QStringLiteral(" ± ") + formatValue((c.diffTHi - c.diffTLo) / 2);
        if (ciKind_ == CiKind::Bootstrap && c.diffBootstrap)
            text += QStringLiteral(" [%1, %2]").arg(formatSigned(c.diffBootstrap->first),
                                                    formatSigned(c.diffBootstrap->second));
        break;
    case CellDisplay::DeltaPercent: {
        const double percent = relativeChange(c.diff, c.baselineMean);
        text = formatSigned(percent, 2);
        if (!std::isnan(percent)) text += QLatin1Char('%');
        break;
    }
    case CellDisplay::EffectSize:
        text = formatSigned(c.dz, 3);
        break;
    case CellDisplay::RankBiserial:
        text = std::isnan(c.rankBiserial) ? QStringLiteral("—") : formatSigned(c.rankBiserial, 3);
        break;
    }
    if (c.mark > 0) text += QStringLiteral(" ▲");
    if (c.mark < 0) text += QStringLiteral(" ▼");
    if (!c.betterThan.isEmpty()) text += QStringLiteral(" ▲") + c.betterThan;
    return text;
}

QVariant ComparisonTableModel::modelData(std::size_t model, int role) const {
    const bool baseline = isBaseline(model);
    const ModelLook* look = model < std::size_t(result_->models.size()) ? &result_->models[qsizetype(model)] : nullptr;
    const QString name = look ? look->name : QString::fromStdString(result_->evaluation->models[model].name);
    const ModelCoverage* coverage = model < coverage_.size() && !coverage_[model].complete() ? &coverage_[model] : nullptr;
    switch (role) {
    case Qt::DisplayRole: {
        QString shown = name;
        if (const QString runs = runCount(*result_, model); !runs.isEmpty())
            shown += QStringLiteral(" · ") + runs;  // a model with repeated runs: its run count beside its name
        if (baseline) shown += QStringLiteral(" (baseline)");
        else if (const QString l = letter(model); !l.isEmpty()) shown = QStringLiteral("%1 (%2)").arg(shown, l);
        // A model that did not score every user: said on its row.
        if (coverage && coverage->scored != coverage->evaluated)
            shown += QStringLiteral(" ⚠ %1%").arg(100.0 * coverage->share(), 0, 'f', coverage->share() < 0.1 ? 1 : 0);
        else if (coverage)
            shown += QStringLiteral(" ⚠");
        return shown;
    }
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
        if (coverage)
            return modelToolTip(*result_, model) +
                   tr("<p>⚠ This model %1: the users it did not score count as 0 for it under the users "
                      "policy chosen. The note under the table offers the users every model scored.</p>")
                       .arg(QString::fromStdString(coverageText(*coverage)));
        return modelToolTip(*result_, model);
    case CoverageRole:
        return coverage ? QString::fromStdString(coverageText(*coverage)) : QString();
    case BaselineRole:
        return baseline;
    case ModelIndexRole:
        return int(model);
    default:
        return {};
    }
}

QVariant ComparisonTableModel::metricData(std::size_t metric, int role) const {
    const MetricSpec& spec = result_->evaluation->settings.metrics[metric];
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(spec.id());
    case SortRole:
        return int(columnOf_[metric]);
    case Qt::ToolTipRole:
        return metricDefinition(spec, result_->evaluation->settings.relevanceThreshold);
    case MetricIndexRole:
        return int(metric);
    default:
        return {};
    }
}

QVariant ComparisonTableModel::cellData(std::size_t model, std::size_t metric, int role) const {
    switch (role) {
    case Qt::DisplayRole:
        return cellText(model, metric);
    case SortRole: {
        // By what the cells show: the mean, or the difference (the baseline's own is 0).
        const CellDisplay shown = shownDisplay();
        if (shown == CellDisplay::Mean) return mean(model, metric);
        return isBaseline(model) ? 0.0 : displayedValue(model, metric);
    }
    case MeanRole:
        return mean(model, metric);
    case DisplayedValueRole:
        return displayedValue(model, metric);
    case EffectSizeRole:
        return cell(model, metric).dz;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole: {
        const bool best = isBest(model, metric);
        const bool baselineMean = shownDisplay() != CellDisplay::Mean && isBaseline(model);
        if (!best && !baselineMean) return {};
        QFont font;
        font.setBold(best);
        font.setItalic(baselineMean);  // the reference the other rows are differences to
        return font;
    }
    case Qt::BackgroundRole: {
        const SummaryCell& c = cell(model, metric);
        if (!c.compared) return {};
        // With a δ, the practical class: better, worse, equivalent or inconclusive.
        if (c.practical) {
            const QColor fill = practicalColor(*c.practical, c.dz);
            return fill.isValid() ? QVariant(QBrush(fill)) : QVariant();
        }
        // The hue says better or worse (for arp and gini, lower is better), the depth |d_z|.
        const QColor fill = effectColor(c.mark > 0 ? std::abs(c.dz) : -std::abs(c.dz), c.significant && c.mark != 0);
        return fill.isValid() ? QVariant(QBrush(fill)) : QVariant();
    }
    case Qt::ForegroundRole: {
        // Dark text on any fill (the fills are light, and a dark palette's
        // text is light too).
        const QVariant fill = cellData(model, metric, Qt::BackgroundRole);
        if (fill.isValid()) return QBrush(QColor(0x10, 0x10, 0x10));
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
    case BaselineRole:
        return isBaseline(model);
    case ModelIndexRole:
        return int(model);
    case MetricIndexRole:
        return int(metric);
    default:
        return {};
    }
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    if (index.column() == LabelColumn) {
        if (transposed_) return metricData(columns_[std::size_t(index.row())], role);
        return modelData(modelAt(index.row()), role);
    }
    return cellData(modelOf(index), metricOf(index), role);
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || !result_ || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::InitialSortOrderRole)  // a first click on a value column puts the highest on top
        return section == LabelColumn ? Qt::AscendingOrder : Qt::DescendingOrder;
    if (section == LabelColumn) {
        if (role == Qt::DisplayRole) return transposed_ ? tr("Metric") : tr("Model");
        if (role == Qt::ToolTipRole)
            return transposed_ ? tr("The metric columns compared, one per row. Sort by any model: click its header.")
                               : tr("The models shown (hide one in the data panel). Sort by any column: click its "
                                    "header.");
        return {};
    }
    if (transposed_) {
        const std::size_t model = rows_[std::size_t(section - 1)];
        if (role == Qt::DecorationRole || role == Qt::FontRole) return {};
        return modelData(model, role);
    }
    const std::size_t metric = metricAt(section);
    if (role == SortRole) return {};
    return metricData(metric, role);
}

} // namespace ranklab::ui

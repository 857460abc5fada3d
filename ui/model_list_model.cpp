#include "ui/model_list_model.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

#include "ui/model_colors.h"

namespace ranklab::ui {

ModelListModel::ModelListModel(QObject* parent) : QAbstractTableModel(parent) {}

void ModelListModel::setModels(const std::vector<WorkspaceModel>& models) {
    if (models == models_) {
        checkFiles();
        return;
    }
    if (models.size() != models_.size()) {
        beginResetModel();
        models_ = models;
        checkFiles();
        endResetModel();
        return;
    }
    models_ = models;
    checkFiles();
    if (!models_.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ModelListModel::checkFiles() {
    std::vector<bool> missing;
    for (const WorkspaceModel& m : models_) missing.push_back(!m.path.empty() && !dataFileExists(m.path));
    if (missing == missing_) return;
    const bool sameRows = missing.size() == missing_.size();
    missing_ = std::move(missing);
    if (sameRows && !models_.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

bool ModelListModel::isMissing(int row) const {
    return row >= 0 && std::size_t(row) < missing_.size() && missing_[std::size_t(row)];
}

void ModelListModel::setPath(int row, const QString& path) {
    if (row < 0 || row >= rowCount() || path.isEmpty()) return;
    const std::string text = QFileInfo(path).absoluteFilePath().toStdString();
    if (models_[std::size_t(row)].path == text) return;
    models_[std::size_t(row)].path = text;
    missing_.assign(models_.size(), false);
    checkFiles();
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    Q_EMIT edited();
}

void ModelListModel::setDetected(std::vector<Detected> detected) {
    detected_ = std::move(detected);
    if (!models_.empty()) Q_EMIT dataChanged(index(0, FileColumn), index(rowCount() - 1, FormatColumn));
}

namespace {

const ModelListModel::Detected* findDetected(const std::vector<ModelListModel::Detected>& all,
                                             const WorkspaceModel& m) {
    const std::string format = m.format.toString();
    for (const auto& d : all)
        if (d.path == m.path && d.format == format) return &d;
    return nullptr;
}

} // namespace

QString ModelListModel::formatText(int row) const {
    const WorkspaceModel& m = models_[std::size_t(row)];
    const Detected* d = findDetected(detected_, m);
    if (m.format.kind == FormatKind::Auto && d && !d->name.empty()) return QString::fromStdString(d->name);
    return QString::fromStdString(m.format.toString());
}

QColor ModelListModel::colorAt(int row) const {
    QColor own = QColor::fromString(QString::fromStdString(models_[std::size_t(row)].color));
    return own.isValid() ? own : paletteColor(std::size_t(row));
}

bool ModelListModel::setName(int row, const QString& name) {
    if (row < 0 || row >= rowCount()) return false;
    const std::string text = name.trimmed().toStdString();
    if (text.empty()) return false;
    if (models_[std::size_t(row)].name == text) return true;
    // A name another row has makes the two rows runs of one model (seeds or
    // folds): every row's tooltip may change.
    models_[std::size_t(row)].name = text;
    Q_EMIT dataChanged(index(0, NameColumn), index(rowCount() - 1, NameColumn));
    Q_EMIT edited();
    return true;
}

void ModelListModel::setColor(int row, const QColor& color) {
    if (row < 0 || row >= rowCount() || !color.isValid()) return;
    const std::string text = color.name(QColor::HexRgb).toStdString();
    if (models_[std::size_t(row)].color == text) return;
    models_[std::size_t(row)].color = text;
    Q_EMIT dataChanged(index(row, NameColumn), index(row, NameColumn));
    Q_EMIT edited();
}

void ModelListModel::setVisible(int row, bool visible) {
    if (row < 0 || row >= rowCount() || models_[std::size_t(row)].visible == visible) return;
    models_[std::size_t(row)].visible = visible;
    Q_EMIT dataChanged(index(row, NameColumn), index(row, NameColumn));
    Q_EMIT edited();
}

void ModelListModel::moveModel(int row, int delta) {
    const int to = row + delta;
    if (row < 0 || row >= rowCount() || to < 0 || to >= rowCount() || delta == 0) return;
    // Pinned colours: a model keeps its colour when it moves.
    for (int r : {row, to})
        if (models_[std::size_t(r)].color.empty())
            models_[std::size_t(r)].color = colorAt(r).name(QColor::HexRgb).toStdString();
    beginMoveRows({}, row, row, {}, delta > 0 ? to + 1 : to);
    std::swap(models_[std::size_t(row)], models_[std::size_t(to)]);
    endMoveRows();
    Q_EMIT edited();
}

void ModelListModel::removeModel(int row) {
    if (row < 0 || row >= rowCount()) return;
    for (int r = row + 1; r < rowCount(); ++r)  // the others keep their colours
        if (models_[std::size_t(r)].color.empty())
            models_[std::size_t(r)].color = colorAt(r).name(QColor::HexRgb).toStdString();
    beginRemoveRows({}, row, row);
    models_.erase(models_.begin() + row);
    endRemoveRows();
    Q_EMIT edited();
}

void ModelListModel::appendModel(const WorkspaceModel& model) {
    beginInsertRows({}, rowCount(), rowCount());
    models_.push_back(model);
    endInsertRows();
    Q_EMIT edited();
}

int ModelListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(models_.size());
}

int ModelListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ModelListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const WorkspaceModel& m = models_[std::size_t(index.row())];
    const QString path = QString::fromStdString(m.path);
    switch (index.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole) return QString::fromStdString(m.name);
        if (role == Qt::DecorationRole) return colorAt(index.row());
        if (role == Qt::CheckStateRole) return m.visible ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::ToolTipRole) {
            int runs = 0, at = 0;
            for (int i = 0; i < rowCount(); ++i) {
                if (models_[std::size_t(i)].name != m.name) continue;
                ++runs;
                if (i <= index.row()) at = runs;
            }
            if (runs > 1)
                return tr("%1 — run %2 of %3 rows named so: one model's runs (seeds or folds), averaged per user "
                          "in the Summary; rename it to make it a model of its own")
                    .arg(QString::fromStdString(m.name))
                    .arg(at)
                    .arg(runs);
            return tr("%1 — double-click to rename (a name another row has makes them one model's runs); the box "
                      "shows or hides it")
                .arg(QString::fromStdString(m.name));
        }
        break;
    case FileColumn:
        if (isMissing(index.row())) {
            if (role == Qt::DisplayRole) return tr("missing: %1").arg(QFileInfo(path).fileName());
            if (role == Qt::ToolTipRole)
                return tr("%1 was not found; use Locate… to point to where it is now").arg(path);
            if (role == Qt::ForegroundRole) return QColor(0xb0, 0x00, 0x20);
            if (role == Qt::DecorationRole) return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
            break;
        }
        {
            // Honest coverage: a model that scored part of the users, or
            // skipped bad lines, says so on its row as on the Summary's.
            const Detected* d = findDetected(detected_, m);
            const ModelCoverage* c = d && d->coverage && !d->coverage->complete() ? &*d->coverage : nullptr;
            if (role == Qt::DisplayRole) {
                QString shown = QFileInfo(path).fileName();
                if (c && c->scored != c->evaluated)
                    shown += QStringLiteral(" ⚠ %1%").arg(100.0 * c->share(), 0, 'f', c->share() < 0.1 ? 1 : 0);
                else if (c)
                    shown += QStringLiteral(" ⚠");
                return shown;
            }
            if (role == Qt::ToolTipRole) {
                if (!c) return path;
                return tr("%1\n⚠ This model %2: the users it did not score count as 0 for it under the users "
                          "policies \"relevant\" and \"all\". The Summary offers the users every model scored.")
                    .arg(path, QString::fromStdString(coverageText(*c)));
            }
            if (role == Qt::ForegroundRole && c) return QColor(0x8a, 0x5a, 0x00);
        }
        break;
    case FormatColumn:
        if (role == Qt::DisplayRole) return formatText(index.row());
        if (role == Qt::ToolTipRole) {
            const Detected* d = findDetected(detected_, m);
            if (!d) return tr("asked: %1 (not read yet)").arg(QString::fromStdString(m.format.toString()));
            return tr("read as: %1\nasked: %2")
                .arg(QString::fromStdString(d->description), QString::fromStdString(m.format.toString()));
        }
        break;
    default:
        break;
    }
    return {};
}

bool ModelListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.column() != NameColumn || index.row() >= rowCount()) return false;
    if (role == Qt::EditRole) return setName(index.row(), value.toString());
    if (role == Qt::CheckStateRole) {
        setVisible(index.row(), value.toInt() == Qt::Checked);
        return true;
    }
    if (role == Qt::DecorationRole) {
        QColor c = value.value<QColor>();
        if (!c.isValid()) return false;
        setColor(index.row(), c);
        return true;
    }
    return false;
}

Qt::ItemFlags ModelListModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == NameColumn) f |= Qt::ItemIsEditable | Qt::ItemIsUserCheckable;
    return f;
}

QVariant ModelListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Model");
    case FileColumn: return tr("File");
    case FormatColumn: return tr("Format");
    default: return {};
    }
}

} // namespace ranklab::ui

#include "ui/loaded_files_model.h"

#include <QApplication>
#include <QFileInfo>
#include <QLocale>
#include <QStyle>

#include "common/error.h"

namespace ranklab::ui {
namespace {

QString fileName(const std::string& path) { return QFileInfo(QString::fromStdString(path)).fileName(); }

QString plural(quint64 n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

bool isNumber(int column) {
    return column >= LoadedFilesModel::LinesColumn && column <= LoadedFilesModel::WarningsColumn;
}

} // namespace

LoadedFilesModel::LoadedFilesModel(QObject* parent) : QAbstractTableModel(parent) {}

void LoadedFilesModel::setDataset(std::shared_ptr<const Dataset> dataset, std::vector<QColor> modelColors) {
    beginResetModel();
    dataset_ = std::move(dataset);
    rows_.clear();
    if (dataset_) {
        const Dataset& d = *dataset_;
        rows_.push_back({tr("Ground truth"), fileName(d.judgmentsReport.path), &d.judgmentsReport, {}});
        for (std::size_t i = 0; i < d.models.size(); ++i) {
            QColor color = i < modelColors.size() ? modelColors[i] : QColor();
            rows_.push_back({tr("Model"), QString::fromStdString(d.models[i].name), &d.models[i].report, color});
        }
        if (d.exclusionsReport)
            rows_.push_back({tr("Training interactions"), fileName(d.exclusionsReport->path), &*d.exclusionsReport, {}});
        if (d.cohortsReport)
            rows_.push_back({tr("Cohorts"), fileName(d.cohortsReport->path), &*d.cohortsReport, {}});
        if (d.catalogReport)
            rows_.push_back({tr("Item catalogue"), fileName(d.catalogReport->path), &*d.catalogReport, {}});
        if (d.itemAttributesReport)
            rows_.push_back({tr("Item attributes"), fileName(d.itemAttributesReport->path), &*d.itemAttributesReport, {}});
    }
    endResetModel();
}

void LoadedFilesModel::clear() { setDataset(nullptr); }

const LoadReport* LoadedFilesModel::reportAt(int row) const {
    return row >= 0 && row < int(rows_.size()) ? rows_[std::size_t(row)].report : nullptr;
}

int LoadedFilesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int LoadedFilesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LoadedFilesModel::value(const Row& row, int column) const {
    const LoadReport& r = *row.report;
    switch (column) {
    case RoleColumn: return row.role;
    case NameColumn: return row.name;
    case PathColumn: return QString::fromStdString(r.path);
    case FormatColumn: return QString::fromStdString(r.format);
    case CompressionColumn: return QString::fromLatin1(compressionName(r.compression));
    case LinesColumn: return qulonglong(r.lines);
    case EntriesColumn: return qulonglong(r.records);
    case UsersColumn: return qulonglong(r.users);
    case ItemsColumn: return qulonglong(r.items);
    case SkippedColumn: return qulonglong(r.skippedLines);
    case DuplicatesColumn: return qulonglong(r.duplicatesDropped + r.identicalDuplicates);
    case WarningsColumn: return qulonglong(r.warnings.size());
    default: return {};
    }
}

QVariant LoadedFilesModel::toolTip(const Row& row, int column) const {
    const LoadReport& r = *row.report;
    switch (column) {
    case PathColumn: return QString::fromStdString(r.path);
    case ItemsColumn:
        return r.role == Role::Cohorts ? tr("Distinct groups in this file") : tr("Distinct items in this file");
    case SkippedColumn: {
        if (r.skippedLines == 0) return tr("No lines skipped");
        QStringList lines{tr("%1 skipped:").arg(plural(r.skippedLines, "bad line", "bad lines"))};
        for (const BadLine& b : r.firstSkipped)
            lines << tr("line %1, column %2: %3 (found \"%4\")")
                         .arg(b.line)
                         .arg(b.column)
                         .arg(QString::fromStdString(b.problem), QString::fromStdString(printable(b.text)));
        if (r.skippedLines > r.firstSkipped.size()) lines << tr("…");
        return lines.join(QLatin1Char('\n'));
    }
    case DuplicatesColumn:
        return tr("%1 resolved by the duplicates setting\n%2 merged")
            .arg(plural(r.duplicatesDropped, "repeated entry", "repeated entries"),
                 plural(r.identicalDuplicates, "identical repeated line", "identical repeated lines"));
    case WarningsColumn: {
        if (r.warnings.empty()) return tr("No warnings");
        QStringList lines;
        for (const std::string& w : r.warnings) lines << QString::fromStdString(w);
        return lines.join(QLatin1Char('\n'));
    }
    default: return {};
    }
}

QVariant LoadedFilesModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = rows_[std::size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (isNumber(column)) return QLocale().toString(value(row, column).toULongLong());
        return value(row, column);
    case ValueRole: return value(row, column);
    case Qt::ToolTipRole: return toolTip(row, column);
    case Qt::TextAlignmentRole:
        return isNumber(column) ? int(Qt::AlignRight | Qt::AlignVCenter) : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::DecorationRole:
        if (column == NameColumn && row.color.isValid()) return row.color;
        if (column == WarningsColumn && (!row.report->warnings.empty() || row.report->skippedLines > 0))
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    default: return {};
    }
}

QVariant LoadedFilesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    static const char* const titles[ColumnCount] = {
        QT_TR_NOOP("Role"),  QT_TR_NOOP("Name"),    QT_TR_NOOP("Path"),          QT_TR_NOOP("Format"),
        QT_TR_NOOP("Compression"), QT_TR_NOOP("Lines"), QT_TR_NOOP("Entries"),   QT_TR_NOOP("Users"),
        QT_TR_NOOP("Items"), QT_TR_NOOP("Skipped"), QT_TR_NOOP("Duplicates"),    QT_TR_NOOP("Warnings")};
    static const char* const tips[ColumnCount] = {
        QT_TR_NOOP("What the file is for"),
        QT_TR_NOOP("The model's name, or the file's name"),
        QT_TR_NOOP("Where the file was read from"),
        QT_TR_NOOP("The layout detected or chosen"),
        QT_TR_NOOP("gzip or zstd, detected from the first bytes"),
        QT_TR_NOOP("Lines in the (decompressed) file"),
        QT_TR_NOOP("Entries kept"),
        QT_TR_NOOP("Distinct users in the file"),
        QT_TR_NOOP("Distinct items (groups for cohorts) in the file"),
        QT_TR_NOOP("Bad lines skipped (with \"skip bad lines\" on)"),
        QT_TR_NOOP("Repeated (user, item) entries: resolved by the duplicates setting or merged"),
        QT_TR_NOOP("Warnings while reading")};
    if (role == Qt::DisplayRole) return tr(titles[section]);
    if (role == Qt::ToolTipRole) return tr(tips[section]);
    if (role == Qt::TextAlignmentRole)
        return isNumber(section) ? int(Qt::AlignRight | Qt::AlignVCenter) : int(Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

} // namespace ranklab::ui

#include "ui/sharded/sharded_per_user_model.h"

#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "common/user_key.h"

namespace ranklab::ui {

ShardedPerUserModel::ShardedPerUserModel(std::vector<shard::EvalPartial::PerUserFile> files, QStringList metrics,
                                         QObject* parent)
    : QAbstractTableModel(parent), files_(std::move(files)), metrics_(std::move(metrics)) {
    connect(&watcher_, &QFutureWatcher<Read>::finished, this, &ShardedPerUserModel::finished);
}

ShardedPerUserModel::~ShardedPerUserModel() { watcher_.waitForFinished(); }

int ShardedPerUserModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ShardedPerUserModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstMetricColumn + static_cast<int>(metrics_.size());
}

QVariant ShardedPerUserModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) return {};
    const auto& row = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= BucketColumn && index.column() != ModelColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case UserColumn: return QString::fromStdString(row.user);
    case BucketColumn: return buckets_[static_cast<std::size_t>(index.row())];
    case ModelColumn: return QString::fromStdString(row.model);
    default: {
        const double v = row.values.at(static_cast<std::size_t>(index.column() - FirstMetricColumn));
        if (std::isnan(v)) return QStringLiteral("—");
        return role == Qt::ToolTipRole ? QString::number(v, 'g', 17) : QString::number(v, 'f', 4);
    }
    }
}

QVariant ShardedPerUserModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section == UserColumn) return tr("User");
    if (section == BucketColumn) return tr("Bucket");
    if (section == ModelColumn) return tr("Model");
    return metrics_.value(section - FirstMetricColumn);
}

bool ShardedPerUserModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && error_.isEmpty() && next_ < files_.size() && !watcher_.isRunning();
}

void ShardedPerUserModel::fetchMore(const QModelIndex& parent) {
    if (!canFetchMore(parent)) return;
    const std::string path = files_[next_].file;
    const shard::BucketRange range = files_[next_].buckets;
    const std::uint64_t offset = offset_;
    const std::size_t line = line_, pieceBytes = pieceBytes_;
    const std::string header = header_;
    watcher_.setFuture(QtConcurrent::run([path, range, offset, line, pieceBytes, header]() {
        Read read;
        try {
            std::ifstream in(path, std::ios::binary);
            if (!in) throw Error(path + ": cannot open the per-user values");
            read.header = header;
            if (offset == 0) {  // the header line first
                if (!std::getline(in, read.header)) throw Error(path + ": empty: expected the per-user values of "
                                                                       "`ranklab-cli eval --per-user`");
                if (!read.header.empty() && read.header.back() == '\r') read.header.pop_back();
            } else {
                in.seekg(static_cast<std::streamoff>(offset));
            }
            const auto start = static_cast<std::uint64_t>(in.tellg());
            std::string piece(pieceBytes, '\0');
            in.read(piece.data(), static_cast<std::streamsize>(piece.size()));
            piece.resize(static_cast<std::size_t>(in.gcount()));
            read.end = in.eof() || piece.size() < pieceBytes;
            if (!read.end) {  // whole lines only: the rest starts the next piece
                const std::size_t lastNewline = piece.rfind('\n');
                if (lastNewline == std::string::npos) {
                    // A line longer than a piece: read on to its end.
                    std::string rest;
                    std::getline(in, rest);
                    piece += rest + '\n';
                    read.end = in.peek() == std::char_traits<char>::eof();
                } else {
                    piece.resize(lastNewline + 1);
                }
            }
            read.next = start + piece.size();
            for (char c : piece) read.lines += c == '\n';
            read.rows = std::make_shared<shard::PerUserRows>(
                shard::readPerUserFile(read.header + '\n' + piece, path, line));
            // Each user's bucket, which must be the file's.
            for (const auto& row : read.rows->rows) {
                read.buckets.push_back(static_cast<std::uint16_t>(userKey(row.user).bucket()));
                if (!range.contains(read.buckets.back()))
                    throw Error(path + ": user " + row.user + " is not in buckets " + shard::toString(range));
            }
        } catch (const std::exception& e) {
            read.error = e.what();
        }
        return read;
    }));
}

void ShardedPerUserModel::finished() {
    const Read result = watcher_.result();
    if (!result.error.empty() || !result.rows) {
        error_ = QString::fromStdString(result.error);
        Q_EMIT failed(error_);
        return;
    }
    const std::shared_ptr<shard::PerUserRows>& read = result.rows;
    QStringList metrics;
    for (const auto& m : read->metrics) metrics << QString::fromStdString(m);
    if (metrics != metrics_) {
        error_ = tr("%1: its metrics (%2) are not the states' (%3)")
                     .arg(QString::fromStdString(files_[next_].file), metrics.join(QStringLiteral(", ")),
                          metrics_.join(QStringLiteral(", ")));
        Q_EMIT failed(error_);
        return;
    }
    header_ = result.header;
    const int first = static_cast<int>(rows_.size());
    if (!read->rows.empty()) {
        beginInsertRows({}, first, first + static_cast<int>(read->rows.size()) - 1);
        buckets_.insert(buckets_.end(), result.buckets.begin(), result.buckets.end());
        for (auto& row : read->rows) rows_.push_back(std::move(row));
        endInsertRows();
    }
    offset_ = result.next;
    line_ += result.lines;
    if (result.end) {
        offset_ = 0;
        line_ = 2;
        header_.clear();
        Q_EMIT fileRead(static_cast<int>(next_++));
    }
}

} // namespace ranklab::ui

#pragma once
// The users' values of a sharded evaluation, where the shards left them
// (`ranklab-cli eval --buckets a:b --partial STATE --per-user FILE`): a
// table model that reads nothing until a view asks for rows, then the next
// piece of the shards' files (up to 16 MB of whole lines) on a pool thread
// (canFetchMore/fetchMore: a view asks again as it is scrolled to the end),
// so opening 100 million users' results costs the summary alone, the window
// never waits for a file, and memory grows only with the rows scrolled to.
#include <QAbstractTableModel>
#include <QFutureWatcher>
#include <QString>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

#include "shard/eval_partial.h"
#include "shard/per_user_file.h"

namespace ranklab::ui {

class ShardedPerUserModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { UserColumn, BucketColumn, ModelColumn, FirstMetricColumn };

    // `files` in bucket order; `metrics` the states' metric ids (a file
    // with other columns is refused).
    ShardedPerUserModel(std::vector<shard::EvalPartial::PerUserFile> files, QStringList metrics,
                        QObject* parent = nullptr);
    ~ShardedPerUserModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

    std::size_t fileCount() const { return files_.size(); }
    // Files read to their end.
    std::size_t filesRead() const { return next_; }
    // The bytes of text read at most per fetch (whole lines; tests make it small).
    void setPieceBytes(std::size_t bytes) { pieceBytes_ = bytes; }
    bool isReading() const { return watcher_.isRunning(); }
    // The first file that could not be read (empty: none), with why.
    const QString& error() const { return error_; }

Q_SIGNALS:
    void fileRead(int file);
    void failed(const QString& message);

private:
    void finished();

    std::vector<shard::EvalPartial::PerUserFile> files_;
    QStringList metrics_;
    std::size_t next_ = 0;       // files read to their end
    std::uint64_t offset_ = 0;   // in file next_: where the next piece starts (0: the header)
    std::size_t line_ = 2;       // the file line the next piece starts at
    std::string header_;         // file next_'s header line
    std::size_t pieceBytes_ = std::size_t{16} << 20;
    std::vector<shard::PerUserRows::Row> rows_;
    std::vector<std::uint16_t> buckets_;  // per row
    QString error_;
    // A file read on the pool: its rows, or why not (exceptions stay on the pool thread).
    struct Read {
        std::shared_ptr<shard::PerUserRows> rows;
        std::vector<std::uint16_t> buckets;  // per row
        std::string error;
        std::string header;        // the file's header line
        std::uint64_t next = 0;    // where the next piece starts
        std::size_t lines = 0;     // whole lines read (header left out)
        bool end = false;          // the file is read to its end
    };
    QFutureWatcher<Read> watcher_;
};

} // namespace ranklab::ui

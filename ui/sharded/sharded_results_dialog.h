#pragma once
// File → Open Sharded Results…: the partial states of a sharded evaluation
// (`ranklab-cli eval|compare --buckets a:b --partial STATE`, or a merged
// one), merged as `ranklab-cli merge` merges them. The means (from the
// states' exact sums: the single evaluation's numbers) show at once; the
// users' values stay in the shards' per-user files the states name
// (`--per-user FILE`) and are read one file at a time as the table is
// scrolled (ShardedPerUserModel). States that leave out buckets, overlap or
// disagree are named in the dialog instead of a table.
#include <QDialog>
#include <QStringList>

class QLabel;
class QTableView;
class QTableWidget;

namespace ranklab::ui {

class ShardedPerUserModel;

class ShardedResultsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShardedResultsDialog(const QStringList& statePaths, QWidget* parent = nullptr);

    QLabel* status() const { return status_; }
    QTableWidget* means() const { return means_; }
    QTableView* perUser() const { return perUser_; }
    ShardedPerUserModel* perUserModel() const { return model_; }  // null without per-user files

private:
    QLabel* status_ = nullptr;
    QTableWidget* means_ = nullptr;
    QTableView* perUser_ = nullptr;
    QLabel* perUserNote_ = nullptr;
    ShardedPerUserModel* model_ = nullptr;
};

} // namespace ranklab::ui

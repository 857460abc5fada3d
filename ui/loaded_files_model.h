#pragma once
// The files of the loaded workspace, one row each (ground truth, models,
// exclusions, cohorts), with what reading them found.
#include <QAbstractTableModel>
#include <QColor>

#include <memory>
#include <vector>

#include "io/dataset.h"

namespace ranklab::ui {

class LoadedFilesModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        RoleColumn,
        NameColumn,
        PathColumn,
        FormatColumn,
        CompressionColumn,
        LinesColumn,
        EntriesColumn,
        UsersColumn,
        ItemsColumn,
        SkippedColumn,
        DuplicatesColumn,
        WarningsColumn,
        ColumnCount
    };
    // The plain value of a cell (numbers as qulonglong), for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit LoadedFilesModel(QObject* parent = nullptr);

    // Shows the files of `dataset`; `modelColors` (by model index, "#rrggbb"
    // or empty) colour the models' names.
    void setDataset(std::shared_ptr<const Dataset> dataset, std::vector<QColor> modelColors = {});
    void clear();
    const std::shared_ptr<const Dataset>& dataset() const { return dataset_; }

    // The report of a row, or nullptr.
    const LoadReport* reportAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString role;
        QString name;
        const LoadReport* report = nullptr;
        QColor color;
    };

    QVariant value(const Row& row, int column) const;
    QVariant toolTip(const Row& row, int column) const;

    std::shared_ptr<const Dataset> dataset_;
    std::vector<Row> rows_;
};

} // namespace ranklab::ui

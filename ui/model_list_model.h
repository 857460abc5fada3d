#pragma once
// The models of a workspace as the data panel edits them, one row each:
// the name (editable, with the model's colour and a show/hide check box),
// the file and its format. Edits change the model's own list and emit
// edited(); the owner applies the list to the workspace.
#include <QAbstractTableModel>
#include <QColor>

#include <optional>
#include <string>
#include <vector>

#include "eval/model_coverage.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui {

class ModelListModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { NameColumn, FileColumn, FormatColumn, ColumnCount };

    explicit ModelListModel(QObject* parent = nullptr);

    // Shows `models`. Unchanged rows stay (views keep their selection).
    void setModels(const std::vector<WorkspaceModel>& models);
    const std::vector<WorkspaceModel>& models() const { return models_; }
    // The colour a row is drawn in (its own, else the palette's).
    QColor colorAt(int row) const;
    // Whether the row's file did not exist when the models were set (it is
    // shown as missing, and left out of the load).
    bool isMissing(int row) const;
    // What reading found for the models loaded, keyed by file and asked-for
    // format: the short name ("trec", "tsv", "parquet") the Format column
    // shows for a model asked as "auto", and the description for its tip.
    struct Detected {
        std::string path, format;  // the model's path and format.toString()
        std::string name, description;
        // Once evaluated: the users it scored of those averaged and the bad
        // lines skipped (eval/model_coverage.h), shown on the File column
        // as the Summary shows it ("⚠ 20%"); none while not evaluated.
        std::optional<ModelCoverage> coverage;
    };
    void setDetected(std::vector<Detected> detected);
    // The Format column's text for a row: the detected format for "auto",
    // else the format asked for.
    QString formatText(int row) const;
    // Re-points a row to `path` (format and reading stay); emits edited().
    void setPath(int row, const QString& path);

    // Edits; each emits edited() when it changed something.
    // False for an empty name. A name another row has makes the rows one
    // model's repeated runs (eval/run_groups.h).
    bool setName(int row, const QString& name);
    void setColor(int row, const QColor& color);
    void setVisible(int row, bool visible);
    void moveModel(int row, int delta);  // -1 up, +1 down
    void removeModel(int row);
    void appendModel(const WorkspaceModel& model);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void edited();

private:
    void checkFiles();

    std::vector<WorkspaceModel> models_;
    std::vector<bool> missing_;
    std::vector<Detected> detected_;
};

} // namespace ranklab::ui

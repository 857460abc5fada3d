#pragma once
// Shows the loaded workspace: its name and totals, and the table of its
// files. Before anything is loaded it says how to open a workspace.
#include <QWidget>

#include "ui/load_result.h"

class QLabel;
class QStackedLayout;
class QTableView;

namespace ranklab::ui {

class LoadedFilesModel;

class LoadedFilesPanel : public QWidget {
    Q_OBJECT

public:
    explicit LoadedFilesPanel(LoadedFilesModel* model, QWidget* parent = nullptr);

    // Shows `loaded` (the model must hold its dataset already).
    void showWorkspace(const LoadedWorkspace& loaded);
    void showEmpty();

    // The selected rows (or all) as tab-separated text with a header line.
    QString selectionAsText() const;

    QTableView* table() const { return table_; }
    QLabel* totalsLabel() const { return totals_; }
    QLabel* titleLabel() const { return title_; }
    // The bad lines skipped while reading: per file, the count and the first ones.
    QLabel* skippedLabel() const { return skipped_; }

protected:
    // The rows' height is final once the panel is shown (style and font
    // applied): the table's fit is taken again then.
    void showEvent(QShowEvent* event) override;

private:
    void fitTableHeight();

    LoadedFilesModel* model_;
    QStackedLayout* pages_;
    QLabel* title_;
    QLabel* path_;
    QLabel* totals_;
    QLabel* skipped_;
    QTableView* table_;
};

} // namespace ranklab::ui

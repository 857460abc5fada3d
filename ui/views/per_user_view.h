#pragma once
// The Per user tab: every averaged user's value of one metric column for the
// shown models, in a sortable, filterable table, and model A against model
// B per user as a scatter (or the histogram of B − A). Selecting rows, or
// dragging a rectangle on the scatter, selects those users for the whole
// window (the other views can then be restricted to them); the table and
// the scatter show the window's selection. Double-clicking a row opens the
// user in the User tab. This is where the selection is made, so the view
// itself always shows every user.
#include <memory>

#include "ui/charts/user_scatter_chart.h"
#include "ui/views/analysis_view.h"

class QComboBox;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ranklab::ui {

class PerUserFilter;
class PerUserTableModel;
class ScatterPanel;

class PerUserView : public AnalysisView {
    Q_OBJECT

public:
    explicit PerUserView(SelectedUsers* selection, QWidget* parent = nullptr);
    ~PerUserView() override;

    std::unique_ptr<QChart> makeExportChart() const override;
    QString exportCaption() const override;
    QString exportBaseName() const override;

    UserPair pair() const;
    UserScatterChart* chart() const;
    PerUserTableModel* tableModel() const { return model_; }
    PerUserFilter* filterModel() const { return filter_; }
    QTableView* table() const { return table_; }
    ScatterPanel* chartPanel() const { return panel_; }
    QComboBox* metricBox() const { return metric_; }
    QComboBox* modelABox() const { return modelA_; }
    QComboBox* modelBBox() const { return modelB_; }
    QComboBox* kindBox() const { return kind_; }
    QComboBox* relationBox() const { return relation_; }
    QLineEdit* idFilter() const { return idFilter_; }

    // Selects the users whose (A, B) lies in `values` (as a drag does).
    void selectRectangle(const QRectF& values);

Q_SIGNALS:
    // A row was double-clicked or "Show User" pressed: open that user.
    void userActivated(ranklab::UserId user);

protected:
    void refresh() override;
    void clearView() override;
    bool followsSelection() const override { return false; }

private:
    void fillChoices();
    void rebuild();       // the model and the chart for the chosen column and pair
    void showChart();
    void showSelection();  // the window's selection in the table
    void tableSelectionChanged();
    void activateCurrent();

    QComboBox* metric_;
    QComboBox* modelA_;
    QComboBox* modelB_;
    QComboBox* kind_;
    QLineEdit* idFilter_;
    QComboBox* relation_;
    QPushButton* showUser_;
    QTableView* table_;
    PerUserTableModel* model_;
    PerUserFilter* filter_;
    ScatterPanel* panel_;
    const Evaluation* filled_ = nullptr;
    bool syncing_ = false;  // the table follows the window's selection: not a user action
};

} // namespace ranklab::ui

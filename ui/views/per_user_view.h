#pragma once
// The Per user tab: every averaged user's value of one metric column for the
// shown models, in a sortable, filterable table, and model A against model
// B per user as a density plot (or the histogram of B − A). Everything that
// touches every user (the binned counts, the table's sort and filters, the
// users inside a dragged rectangle) runs in the background, so the window
// stays interactive at 100,000 users. Selecting rows, or dragging a
// rectangle on the chart, selects those users for the whole window (the
// other views can then be restricted to them); the table highlights and the
// chart marks the window's selection. Hovering the chart says what is under
// the mouse. Double-clicking a row opens the user in the User tab. This is
// where the selection is made, so the window's selection never restricts
// it; its own filters (id text, B against A) restrict the table and the
// chart alike. The histogram can leave the exact ties out of its bars and
// count on a log axis. Beside the table, "Most different" lists the users
// where A and B differ most (most_different_panel.h).
#include <memory>

#include "ui/charts/user_scatter_chart.h"
#include "ui/views/analysis_view.h"
#include "ui/views/per_user_counts.h"
#include "ui/views/per_user_order.h"

class QCheckBox;
class QComboBox;
class QTabWidget;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ranklab::ui {

class MostDifferentPanel;
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
    QTableView* table() const { return table_; }
    ScatterPanel* chartPanel() const { return panel_; }
    QComboBox* metricBox() const { return metric_; }
    QComboBox* modelABox() const { return modelA_; }
    QComboBox* modelBBox() const { return modelB_; }
    QComboBox* kindBox() const { return kind_; }
    QComboBox* relationBox() const { return relation_; }
    QComboBox* tiesBox() const { return ties_; }           // the histogram: ties in the bars, or apart
    QCheckBox* logCountsBox() const { return logCounts_; }  // the histogram's count axis on a log scale
    QTabWidget* leftTabs() const { return leftTabs_; }      // "Users" (the table) and "Most different"
    MostDifferentPanel* mostDifferent() const { return different_; }
    // The evaluation rows the chart shows (the filters' rows), ascending.
    const std::shared_ptr<const std::vector<std::uint32_t>>& chartRows() const { return plotRows_; }
    QLineEdit* idFilter() const { return idFilter_; }
    QLabel* hoverLabel() const { return hover_; }
    // The users inside a dragged rectangle are found here, off the GUI thread.
    JobTracker* rectangleJobs() const { return rectJobs_; }

    // Selects the users whose (A, B) lies in `values` (as a drag does; on
    // the histogram, whose B − A lies in its x range), in the background.
    void selectRectangle(const QRectF& values);

Q_SIGNALS:
    // A row was double-clicked or "Show User" pressed: open that user.
    void userActivated(ranklab::UserId user);
    // "Most different" asked for `user`'s lists from models a and b side by side.
    void userCompared(ranklab::UserId user, std::size_t a, std::size_t b);

protected:
    void refresh() override;
    void clearView() override;
    bool followsSelection() const override { return false; }

private:
    void fillChoices();
    PerUserOrderSpec orderSpec() const;
    void showChart();
    UserScatterChart::Options chartOptions() const;
    void fitColumns();
    void selectionChanged();
    void tableSelectionChanged();
    void activateCurrent();

    QComboBox* metric_;
    QComboBox* modelA_;
    QComboBox* modelB_;
    QComboBox* kind_;
    QLineEdit* idFilter_;
    QComboBox* relation_;
    QComboBox* ties_;
    QCheckBox* logCounts_;
    QTabWidget* leftTabs_;
    MostDifferentPanel* different_;
    QPushButton* showUser_;
    QTableView* table_;
    PerUserTableModel* model_;
    ScatterPanel* panel_;
    QLabel* hover_;
    QLabel* shown_;  // "1,204 of 3,000 users shown"
    JobTracker* rectJobs_;
    const Evaluation* filled_ = nullptr;
    const EvaluationResult* modelResult_ = nullptr;  // the result the table reads
    bool syncing_ = false;  // the table's selection is cleared by the view: not a user action

    // What is shown, and what it was computed for.
    std::shared_ptr<const DensityPlot> plot_;
    std::shared_ptr<const Evaluation> plotEvaluation_;
    std::shared_ptr<const std::vector<UserId>> plotSelection_;
    std::shared_ptr<const std::vector<std::uint32_t>> plotRows_;  // the rows drawn
    PerUserOrderSpec plotSpec_;                                    // whose filter they are
    std::shared_ptr<const std::vector<std::uint32_t>> order_;
    std::shared_ptr<const Evaluation> orderEvaluation_;
    PerUserOrderSpec orderSpec_;
    std::shared_ptr<const EvaluationResult> chartResult_;  // whose names and colours the chart shows
    // B better / A better / ties of the pair shown, on the relation filter's entries.
    PerUserCounts counts_;
    std::shared_ptr<const Evaluation> countsEvaluation_;
    UserPair countsPair_;
    void showCounts();

public:
    // "1,204 of 3,000 users shown" under the filters.
    QLabel* shownLabel() const { return shown_; }
    const PerUserCounts& counts() const { return counts_; }
};

} // namespace ranklab::ui

#pragma once
// The base of the workbench's analysis tabs (Curves, Rank distribution, Per
// user, User, Cohorts, Checks). A view gets every new EvaluationResult but
// computes only when it is shown: a hidden tab costs nothing, and a tab
// shown again after a change refreshes once. Work a view computes from the
// core runs on its own JobTracker (newest request wins; stale results are
// dropped). Views that follow the selection average only the selected
// users while the window restricts to them.
#include <QChart>
#include <QString>
#include <QWidget>

#include <cstdint>
#include <initializer_list>
#include <memory>

#include "eval/eval_settings.h"
#include "ui/evaluation_result.h"


class QComboBox;
class QLayout;
class QSplitter;
class QVBoxLayout;

namespace ranklab::ui {

class ChartPanel;
class JobTracker;
class SelectedUsers;

class AnalysisView : public QWidget {
    Q_OBJECT

public:
    // The largest cutoff the default column may have.
    static constexpr std::uint32_t kDefaultCutoffLimit = 20;

    AnalysisView(SelectedUsers* selection, QWidget* parent = nullptr);
    ~AnalysisView() override;

    // The newest result (null clears the view). Refreshes now when shown,
    // else the next time the view is shown.
    void setResult(std::shared_ptr<const EvaluationResult> result);
    const std::shared_ptr<const EvaluationResult>& result() const { return result_; }
    SelectedUsers* selection() const { return selection_; }
    JobTracker* jobs() const { return jobs_; }

    // The inputs changed since the view last refreshed.
    bool isStale() const { return stale_; }
    // Refreshes now, shown or not (tests; exports of a hidden view).
    void refreshNow();

    // For File → Export: a new chart built like the one shown (so the
    // print theme never touches the screen), or null when the view shows
    // none. The caption says what made it.
    virtual std::unique_ptr<QChart> makeExportChart() const { return nullptr; }
    virtual QString exportCaption() const { return {}; }
    // A file name without extension for the export dialog ("ndcg-curves").
    virtual QString exportBaseName() const { return QStringLiteral("chart"); }

    // The column a metric chooser starts on: the first column with the
    // largest cutoff ≤ 20 (ndcg@10 rather than ndcg@1 of ndcg@1,5,10,100),
    // or column 0 when no column has a cutoff ≤ 20 (only @all, or larger).
    static std::size_t defaultMetricColumn(const std::vector<MetricSpec>& metrics);

    // The workspace's metric column (a canonical id; empty: the default).
    // A tab with a metric chooser shows it when the evaluation has it.
    void setFocusMetric(const QString& id);
    QString focusMetric() const { return focusMetric_; }

Q_SIGNALS:
    // The chart's context menu asked for the export dialog.
    void exportRequested();
    // The view shows the newest inputs (computed work included); tests wait for it.
    void refreshed();
    // A short status for the window's status bar ("Computing curves…").
    void statusMessage(const QString& text);
    // The analyst chose `id` in this tab's metric chooser.
    void focusMetricChosen(const QString& id);

protected:
    // Shows result() (never null here; clearView() handles null). Work
    // started on jobs() calls finishRefresh() when its result is shown.
    virtual void refresh() = 0;
    virtual void clearView() {}
    // Whether the selection restricts this view (default: yes).
    virtual bool followsSelection() const { return true; }
    // The result's evaluation settings, restricted to the selection when the
    // window restricts views and this view follows it. No metrics.
    EvalSettings analysisSettings() const;
    // The selection restricts what this view averages.
    bool restricted() const;
    // Layout pieces every tab shares: two panes in a splitter that keeps
    // both visible, with their stretch; the tab's layout (controls above,
    // then `widgets`, the first stretching); and a chart panel whose context
    // menu export goes to exportRequested().
    QSplitter* splitPanes(Qt::Orientation orientation, QWidget* first, int firstStretch, QWidget* second,
                          int secondStretch);
    QVBoxLayout* layOut(QLayout* controls, std::initializer_list<QWidget*> widgets);
    void exportFrom(ChartPanel* panel);
    // Fills `box` with the evaluation's metric columns (canonical ids, the
    // column index as data), choosing the focus metric if it is there, else
    // keeping the column chosen before, else defaultMetricColumn().
    void fillMetricColumns(QComboBox* box, const Evaluation& evaluation) const;
    // `box` is this tab's metric chooser: a choice there becomes the focus
    // metric (focusMetricChosen), and a new focus metric selects it there
    // and refreshes the tab.
    void watchMetricChooser(QComboBox* box);
    // The column `box` (filled as above) has chosen.
    static std::size_t chosenColumn(const QComboBox* box);

    // `caption` with " · restricted to N selected users" when restricted().
    QString withRestriction(const QString& caption) const;
    // Marks the inputs changed: refreshes now when shown, else later.
    void invalidate();
    // Emits refreshed(); call when what refresh() started is on screen.
    void finishRefresh();
    void showEvent(QShowEvent* event) override;

private:
    SelectedUsers* selection_;
    JobTracker* jobs_;
    std::shared_ptr<const EvaluationResult> result_;
    bool stale_ = false;
    QString focusMetric_;
    QComboBox* metricChooser_ = nullptr;
};

} // namespace ranklab::ui

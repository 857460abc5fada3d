#pragma once
// The workbench's first tab: the comparison table of the models (means with
// intervals or differences to the baseline, the best per column,
// significance marks and effect-size fills against a baseline; the model
// column frozen while the metrics scroll; transposable), its own toolbar, a
// note and legend saying what was computed, and exports (files, clipboard,
// image); under it, split off, the forest plot or the critical-difference
// diagram of one metric column (tabs).
#include <QImage>
#include <QStringList>
#include <QWidget>

#include <memory>

#include "compare/comparison.h"
#include "ui/evaluation_result.h"
#include "ui/summary/summary_format.h"

class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolButton;

namespace ranklab::ui {

class ComparisonTableModel;
class PowerDialog;
class CriticalDifferencePane;
class ForestPane;
class SampledPane;
class FrozenColumnTableView;
class SummaryToolBar;
struct ComparisonSetup;

class SummaryView : public QWidget {
    Q_OBJECT

public:
    explicit SummaryView(QWidget* parent = nullptr);
    ~SummaryView() override;

    // Shows `result`; its comparison may be null (computed later: call again
    // with it). A result of a lower generation than the one shown is ignored
    // (clear() first to go back).
    void setResult(std::shared_ptr<const EvaluationResult> result);
    // The workspace's models left out because their file was not found:
    // the note says so first (a model never vanishes from the Summary
    // without a word).
    void setMissingModels(const QStringList& names);
    void clear();
    const std::shared_ptr<const EvaluationResult>& result() const;
    // The options the toolbar shows: the last comparison's, with the user's
    // later choices applied (the defaults before any comparison).
    const stats::ComparisonOptions& comparisonOptions() const;
    // The toolbar's whole set-up (comparison and display), for the workspace.
    ComparisonSetup setup() const;
    void setSetup(const ComparisonSetup& setup);

    // Writes the table to `path` atomically. Files are what `ranklab-cli
    // compare` writes for the same comparison; Text is the aligned table,
    // Png the picture of copyAsImage(). When the cells show Δ, Δ% or d_z,
    // Markdown, LaTeX and Text start with the table as shown and a line
    // saying what its cells are, then the comparison report; CSV and JSON
    // stay the report (it carries every difference, interval and d_z).
    // False with `error` set when there is nothing to export or the file
    // cannot be written.
    bool exportTo(const QString& path, SummaryFormat format, QString* error = nullptr) const;
    // The export's bytes (Png excluded); empty when there is nothing to show.
    QByteArray exportText(SummaryFormat format) const;
    // The table as shown (sorted, visible models): TSV and HTML on the
    // clipboard. With nothing shown the clipboard is left alone.
    void copyAsText() const;
    void copyAsMarkdown() const;
    // The whole table with its note rendered into an image, and to the clipboard.
    QImage renderImage() const;
    void copyAsImage() const;

    ComparisonTableModel* tableModel() const { return model_; }
    QSortFilterProxyModel* proxyModel() const { return proxy_; }
    QTableView* tableView() const;
    FrozenColumnTableView* frozenTableView() const { return table_; }
    ForestPane* forestPane() const { return forest_; }
    CriticalDifferencePane* criticalDifferencePane() const { return cd_; }
    // The tabs under the table: the forest plot, the critical-difference diagram.
    QTabWidget* plotTabs() const { return plots_; }
    QSplitter* splitter() const { return splitter_; }
    SummaryToolBar* toolBar() const { return toolBar_; }
    QLabel* noteLabel() const { return note_; }
    const QStringList& missingModels() const { return missing_; }
    QToolButton* exportButton() const { return exportButton_; }
    QToolButton* powerButton() const { return powerButton_; }
    // Opens the power dialog (non-modal, deleted when closed) on the result
    // shown, the toolbar's baseline and α and the plotted column; null
    // without an evaluation.
    PowerDialog* openPowerDialog();
    SampledPane* sampledPane() const { return sampled_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    // The user chose another baseline, test, correction or alpha (or asked
    // for bootstrap intervals): compute the comparison again with these.
    void comparisonOptionsChanged(ranklab::stats::ComparisonOptions options);
    // The note's "compare only the users every model scored": the window
    // evaluates again under the users policy "trec".
    void commonUsersRequested();

private:
    void updateNote();
    void chooseExportFile(SummaryFormat format);
    void showMetricOf(const QModelIndex& proxyIndex);
    // Sizes the table pane to its table unless the user moved the handle (or `force`).
    void fitSplitter(bool force = false);

    ComparisonTableModel* model_;
    QSortFilterProxyModel* proxy_;
    FrozenColumnTableView* table_;
    ForestPane* forest_;
    CriticalDifferencePane* cd_;
    QTabWidget* plots_;
    SampledPane* sampled_;
    QSplitter* splitter_;
    QWidget* tablePane_;
    bool userSized_ = false;
    SummaryToolBar* toolBar_;
    QStringList missing_;
    QLabel* note_;
    QLabel* placeholder_;
    QToolButton* exportButton_;
    QToolButton* powerButton_;
};

} // namespace ranklab::ui

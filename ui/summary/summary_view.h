#pragma once
// The workbench's first tab: the comparison table of the models (means with
// intervals, the best per column, significance marks against a baseline),
// its own toolbar for the baseline, test, correction, alpha and interval, a
// note saying what was computed, and exports (files, clipboard, image).
#include <QImage>
#include <QWidget>

#include <memory>

#include "stats/comparison.h"
#include "ui/evaluation_result.h"
#include "ui/summary/summary_format.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace ranklab::ui {

class ComparisonTableModel;
class SummaryToolBar;

class SummaryView : public QWidget {
    Q_OBJECT

public:
    explicit SummaryView(QWidget* parent = nullptr);
    ~SummaryView() override;

    // Shows `result`; its comparison may be null (computed later: call again
    // with it). A result of a lower generation than the one shown is ignored
    // (clear() first to go back).
    void setResult(std::shared_ptr<const EvaluationResult> result);
    void clear();
    const std::shared_ptr<const EvaluationResult>& result() const;
    // The options the toolbar shows: the last comparison's, with the user's
    // later choices applied (the defaults before any comparison).
    const stats::ComparisonOptions& comparisonOptions() const;

    // Writes the table to `path` atomically. Files are what `ranklab-cli
    // compare` writes for the same comparison; Text is the aligned table,
    // Png the picture of copyAsImage(). False with `error` set when there
    // is nothing to export or the file cannot be written.
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
    QTableView* tableView() const { return table_; }
    SummaryToolBar* toolBar() const { return toolBar_; }
    QLabel* noteLabel() const { return note_; }
    QToolButton* exportButton() const { return exportButton_; }

Q_SIGNALS:
    // The user chose another baseline, test, correction or alpha (or asked
    // for bootstrap intervals): compute the comparison again with these.
    void comparisonOptionsChanged(ranklab::stats::ComparisonOptions options);

private:
    void updateNote();
    void chooseExportFile(SummaryFormat format);

    ComparisonTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    SummaryToolBar* toolBar_;
    QLabel* note_;
    QLabel* placeholder_;
    QToolButton* exportButton_;
};

} // namespace ranklab::ui

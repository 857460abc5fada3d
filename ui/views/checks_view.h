#pragma once
// The Checks tab: the pre-flight validation of the loaded data (every check,
// passing ones too, worst first: severity, subject, count, examples, what it
// means) and the tie-sensitivity band of one metric column — per model the
// interval from the pessimistic to the optimistic mean with the chosen tie
// policy's mean marked, and the share of users whose value ties can move.
// Validation describes the files, so it ignores the selection; the tie band
// follows it. Both run in the background.
#include <memory>

#include "eval/tie_sensitivity.h"
#include "eval/validation.h"
#include "ui/charts/tie_band_chart.h"
#include "ui/views/analysis_view.h"

class QComboBox;
class QLabel;
class QTableWidget;

namespace ranklab::ui {

class ChartPanel;

class ChecksView : public AnalysisView {
    Q_OBJECT

public:
    explicit ChecksView(SelectedUsers* selection, QWidget* parent = nullptr);
    ~ChecksView() override;

    std::unique_ptr<QChart> makeExportChart() const override;
    QString exportCaption() const override;
    QString exportBaseName() const override;

    const std::shared_ptr<const ValidationReport>& validation() const { return validation_; }
    const std::shared_ptr<const TieSensitivity>& ties() const { return ties_; }
    std::size_t metricColumn() const;
    TieBandChart* chart() const;
    QTableWidget* findingsTable() const { return findings_; }
    QLabel* findingsSummary() const { return summary_; }
    QLabel* tieSummary() const { return tieSummary_; }
    QComboBox* metricBox() const { return metric_; }

protected:
    void refresh() override;
    void clearView() override;

private:
    struct Computed {
        std::shared_ptr<const ValidationReport> validation;
        std::shared_ptr<const TieSensitivity> ties;
    };
    void fillFindings();
    void showTies();

    QTableWidget* findings_;
    QLabel* summary_;
    QComboBox* metric_;
    QLabel* tieSummary_;
    ChartPanel* panel_;
    std::shared_ptr<const ValidationReport> validation_;
    const Dataset* validated_ = nullptr;  // the dataset validation_ describes
    std::shared_ptr<const TieSensitivity> ties_;
    const Evaluation* tiesOf_ = nullptr;
    std::shared_ptr<const std::vector<UserId>> tiesOnly_;
    QList<ModelLook> looks_;
};

} // namespace ranklab::ui

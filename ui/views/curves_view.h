#pragma once
// The Curves tab, in four modes:
//  * metric vs k: one metric family vs k = 1..K for every shown model, with
//    an optional 95% band (Student's t, cheap; or the percentile bootstrap
//    with 1,000 resamples), a linear or log k axis and the crossovers marked;
//  * difference to a baseline: Δ(k) = model − baseline with its paired band
//    (paired t, or the paired bootstrap) and the k where Δ crosses zero;
//  * interpolated precision–recall, 11-point or full (trec_eval's
//    iprec_at_recall averaged over users).
// Everything is computed in the background from the cached rankings, and
// only when what it depends on changes (mode, family, band kind, K,
// baseline, selection, a new evaluation); each mode keeps its last result,
// so switching back, a new colour or name, the log axis or the crossovers
// only redraw.
#include <memory>
#include <string>
#include <vector>

#include "eval/curve_difference.h"
#include "eval/metric_curve.h"
#include "trec/precision_recall_curve.h"
#include "ui/charts/curve_chart.h"
#include "ui/charts/precision_recall_chart.h"
#include "ui/views/analysis_view.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace ranklab::ui {

class ChartPanel;
class DifferenceChart;

enum class CurvesMode { MetricVsK, Difference, PrecisionRecall11, PrecisionRecallFull };

class CurvesView : public AnalysisView {
    Q_OBJECT

public:
    static constexpr std::size_t kBootstrapResamples = 1000;
    static constexpr std::uint32_t kDefaultKmax = 100;

    explicit CurvesView(SelectedUsers* selection, QWidget* parent = nullptr);
    ~CurvesView() override;

    std::unique_ptr<QChart> makeExportChart() const override;
    QString exportCaption() const override;
    QString exportBaseName() const override;

    // The numbers on screen per mode (null before the first arrive).
    const std::shared_ptr<const CurveResult>& curves() const { return curves_; }
    const std::shared_ptr<const CurveDifferenceResult>& differences() const { return differences_; }
    const std::shared_ptr<const PrecisionRecallResult>& precisionRecall() const { return precisionRecall_; }
    CurveChart* chart() const;  // null while none is shown (or another mode is)
    DifferenceChart* differenceChart() const;
    PrecisionRecallChart* precisionRecallChart() const;
    ChartPanel* chartPanel() const { return panel_; }
    QComboBox* modeBox() const { return mode_; }
    QComboBox* baselineBox() const { return baseline_; }
    QComboBox* familyBox() const { return family_; }
    QComboBox* bandBox() const { return band_; }
    QSpinBox* kmaxBox() const { return kmax_; }
    QCheckBox* logBox() const { return logK_; }
    QCheckBox* crossoversBox() const { return crossovers_; }

    CurvesMode mode() const;
    // What computeCurves is asked for with the controls as they are.
    CurveOptions curveOptions() const;
    CurveBand band() const;

protected:
    void refresh() override;
    void clearView() override;

private:
    // Everything the numbers depend on; equal requests reuse the result.
    struct Request {
        const Evaluation* evaluation = nullptr;
        std::string family;
        bool bands = false, bootstrap = false;
        std::uint32_t kmax = 0;
        std::size_t baseline = 0;
        std::shared_ptr<const std::vector<UserId>> only;
        bool operator==(const Request&) const = default;
    };
    Request request() const;
    void fillFamilies();
    void fillBaselines();
    void updateControls();
    void showChart();
    void refreshCurves(const Request& wanted);
    void refreshDifferences(const Request& wanted);
    void refreshPrecisionRecall(const Request& wanted);
    CurveChartOptions chartOptions() const;
    std::unique_ptr<QChart> makeChart() const;

    QComboBox* mode_;
    QComboBox* baseline_;
    QLabel* baselineLabel_;
    QComboBox* family_;
    QComboBox* band_;
    QSpinBox* kmax_;
    QCheckBox* logK_;
    QCheckBox* crossovers_;
    QLabel* hint_;
    ChartPanel* panel_;
    std::shared_ptr<const CurveResult> curves_;
    std::shared_ptr<const CurveDifferenceResult> differences_;
    std::shared_ptr<const PrecisionRecallResult> precisionRecall_;
    Request curvesShown_, differencesShown_, precisionRecallShown_;
    const Evaluation* filledFor_ = nullptr;
    QList<ModelLook> looks_;  // of the shown chart
};

} // namespace ranklab::ui

#pragma once
// The Curves tab: one metric family vs k = 1..K for every shown model, with
// an optional 95% band (Student's t, cheap; or the percentile bootstrap with
// 1,000 resamples), a linear or log k axis and the crossovers marked. The
// curves are computed in the background from the cached rankings, and only
// when what they depend on changes (family, band kind, K, selection, a new
// evaluation); a new colour or name, the log axis or the crossovers only
// redraw.
#include <memory>
#include <string>
#include <vector>

#include "eval/metric_curve.h"
#include "ui/charts/curve_chart.h"
#include "ui/views/analysis_view.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace ranklab::ui {

class ChartPanel;

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

    // The numbers on screen (null before the first curves arrive).
    const std::shared_ptr<const CurveResult>& curves() const { return curves_; }
    CurveChart* chart() const;  // null while none is shown
    ChartPanel* chartPanel() const { return panel_; }
    QComboBox* familyBox() const { return family_; }
    QComboBox* bandBox() const { return band_; }
    QSpinBox* kmaxBox() const { return kmax_; }
    QCheckBox* logBox() const { return logK_; }
    QCheckBox* crossoversBox() const { return crossovers_; }

    // What computeCurves is asked for with the controls as they are.
    CurveOptions curveOptions() const;
    CurveBand band() const;

protected:
    void refresh() override;
    void clearView() override;

private:
    // Everything the numbers depend on; equal requests reuse the curves.
    struct Request {
        const Evaluation* evaluation = nullptr;
        std::string family;
        bool bands = false, bootstrap = false;
        std::uint32_t kmax = 0;
        std::shared_ptr<const std::vector<UserId>> only;
        bool operator==(const Request&) const = default;
    };
    Request request() const;
    void fillFamilies();
    void showChart();
    CurveChartOptions chartOptions() const;

    QComboBox* family_;
    QComboBox* band_;
    QSpinBox* kmax_;
    QCheckBox* logK_;
    QCheckBox* crossovers_;
    ChartPanel* panel_;
    std::shared_ptr<const CurveResult> curves_;
    Request shown_;
    QList<ModelLook> looks_;  // of the shown curves
};

} // namespace ranklab::ui

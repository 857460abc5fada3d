#pragma once
// The Rank distribution tab: where each shown model puts the relevant
// items — the histogram of the rank of each user's first relevant item (or
// of every relevant item) over ranks 1..K with a "not retrieved" bar, its
// CDF, a linear or log count axis — and a line per model with the mean and
// median rank of the first relevant item. Computed in the background from
// the cached rankings when K, the selection or the evaluation change.
#include <memory>
#include <vector>

#include "compare/rank_distribution.h"
#include "ui/charts/rank_chart.h"
#include "ui/views/analysis_view.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace ranklab::ui {

class ChartPanel;

class RankView : public AnalysisView {
    Q_OBJECT

public:
    static constexpr std::uint32_t kDefaultKmax = 20;

    explicit RankView(SelectedUsers* selection, QWidget* parent = nullptr);
    ~RankView() override;

    std::unique_ptr<QChart> makeExportChart() const override;
    QString exportCaption() const override;
    QString exportBaseName() const override;

    const std::shared_ptr<const RankDistributions>& distributions() const { return distributions_; }
    RankChart* chart() const;
    ChartPanel* chartPanel() const { return panel_; }
    QComboBox* kindBox() const { return kind_; }
    QSpinBox* kmaxBox() const { return kmax_; }
    QCheckBox* cdfBox() const { return cdf_; }
    QCheckBox* logBox() const { return log_; }
    QLabel* summaryLabel() const { return summary_; }
    RankChartOptions chartOptions() const;

protected:
    void refresh() override;
    void clearView() override;

private:
    struct Request {
        const Evaluation* evaluation = nullptr;
        std::uint32_t kmax = 0;
        std::shared_ptr<const std::vector<UserId>> only;
        bool operator==(const Request&) const = default;
    };
    Request request() const;
    void showChart();

    QComboBox* kind_;
    QSpinBox* kmax_;
    QCheckBox* cdf_;
    QCheckBox* log_;
    QLabel* summary_;
    ChartPanel* panel_;
    std::shared_ptr<const RankDistributions> distributions_;
    Request shown_;
    QList<ModelLook> looks_;
};

} // namespace ranklab::ui

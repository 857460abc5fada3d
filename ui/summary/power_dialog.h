#pragma once
// The Summary's "Power…" dialog: for one pair of models on one metric
// column, the two-sided paired t-test's power and sample size
// (stats/power.h) from the evaluation's users: n and the SD of the per-user
// differences observed, the minimum detectable difference at α and the
// power wanted, the users needed to detect δ, and the post-hoc power at the
// observed mean difference. The per-user differences are formed in the
// background (the dialog's own JobTracker); every change of a choice asks
// again and a newer answer supersedes an older one.
#include <QDialog>

#include <cstddef>
#include <memory>
#include <optional>

#include "stats/power.h"
#include "stats/practical_significance.h"
#include "ui/evaluation_result.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace ranklab::ui {

class JobTracker;

// What one computation answers.
struct PowerAnswer {
    stats::ObservedPower observed;   // n, mean, SD, d_z, post-hoc power, MDD
    double mddEffect = stats::kNaN;  // d* at n
    double usersNeeded = stats::kNaN;  // fractional n for δ (NaN: SD 0)
    double delta = stats::kNaN;
};

class PowerDialog : public QDialog {
    Q_OBJECT

public:
    // `baseline`, `metric`, `alpha`: where the Summary stands (the pair is
    // the first other model against the baseline).
    PowerDialog(std::shared_ptr<const EvaluationResult> result, std::optional<std::size_t> baseline,
                std::optional<std::size_t> metric, double alpha, QWidget* parent = nullptr);
    ~PowerDialog() override;

    QComboBox* metricBox() const { return metric_; }
    QComboBox* modelBox() const { return model_; }
    QComboBox* baselineBox() const { return baseline_; }
    QDoubleSpinBox* alphaBox() const { return alpha_; }
    QDoubleSpinBox* powerBox() const { return power_; }
    QDoubleSpinBox* deltaBox() const { return delta_; }
    QLabel* answerLabel() const { return answerText_; }
    QLabel* deltaSourceLabel() const { return deltaSource_; }
    QPushButton* useDeltaButton() const { return useDelta_; }

    // The Summary's δ: δ follows it for the metric chosen (a percentage as
    // that share of the baseline's mean), and says so; called again when
    // the Summary's δ changes.
    void followMinEffects(const stats::MinEffects& effects);
    JobTracker* jobs() const { return jobs_; }
    // The answer shown (none while computing or after an error).
    const std::optional<PowerAnswer>& answer() const { return answer_; }

Q_SIGNALS:
    // "Use in the Summary": δ (absolute, in the metric's units) for the
    // metric `metricId`.
    void minEffectChosen(const QString& metricId, double delta);

private:
    void recompute();
    void takeSummaryDelta();  // δ from effects_ for the metric and baseline chosen
    void showAnswer(const PowerAnswer& answer);

    std::shared_ptr<const EvaluationResult> result_;
    QComboBox* metric_;
    QComboBox* model_;
    QComboBox* baseline_;
    QDoubleSpinBox* alpha_;
    QDoubleSpinBox* power_;
    QDoubleSpinBox* delta_;
    QLabel* answerText_;
    QLabel* deltaSource_;
    QPushButton* useDelta_;
    stats::MinEffects effects_;
    JobTracker* jobs_;
    std::optional<PowerAnswer> answer_;
};

} // namespace ranklab::ui

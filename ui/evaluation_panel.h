#pragma once
// What to evaluate: the metric families of the core registry (checked ones
// are computed) with their parameters, the cutoff list, the tie policy, the
// users policy and the relevance threshold. The parameter widgets are made
// from the current family's declared parameters (metric_record.h): a combo
// box for a choice, a spin box for a number, with the record's labels,
// defaults and ranges. Every change is emitted as a new WorkspaceEvaluation.
#include <QWidget>

#include <map>
#include <string>
#include <vector>

#include "metrics/metric_spec.h"
#include "workspace/workspace_file.h"

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QSpinBox;

namespace ranklab::ui {

class EvaluationPanel : public QWidget {
    Q_OBJECT

public:
    explicit EvaluationPanel(QWidget* parent = nullptr);

    // Shows `evaluation` without emitting evaluationEdited().
    void setEvaluation(const WorkspaceEvaluation& evaluation);
    // What the panel shows now.
    WorkspaceEvaluation evaluation() const;

    QListWidget* metricList() const { return metrics_; }
    QLineEdit* cutoffEdit() const { return cutoffs_; }
    QComboBox* tieBox() const { return ties_; }
    QComboBox* usersBox() const { return users_; }
    // The definition profile (docs/profiles.md): "None" (data "") or a tool's
    // name; a profile decides the ties and users, so those boxes follow it.
    QComboBox* profileBox() const { return profile_; }
    QSpinBox* sampledNegativesBox() const { return sampledNegatives_; }
    QSpinBox* catalogSizeBox() const { return catalogSize_; }
    QDoubleSpinBox* thresholdBox() const { return threshold_; }
    // The current family's widget for parameter `name` (a QComboBox, a
    // QDoubleSpinBox or a QSpinBox), or nullptr when it has no such parameter.
    QWidget* parameterWidget(const QString& name) const;
    // Selects the row of a family ("ndcg") so its parameters show.
    void selectFamily(const QString& family);

Q_SIGNALS:
    void evaluationEdited(const ranklab::WorkspaceEvaluation& evaluation);

private:
    QWidget* buildMetrics();
    QWidget* buildOptions();
    void showParameters();
    void showParameterValues();  // the shown family's widgets, updated in place
    void parameterChanged(std::size_t index, double value);
    void cutoffsEdited();
    void changed();
    void showProfile();  // ties and users boxes as the chosen profile sets them
    std::string familyAt(const QListWidgetItem* item) const;

    QListWidget* metrics_ = nullptr;
    QGroupBox* params_ = nullptr;
    std::vector<QWidget*> paramWidgets_;  // the current family's, in declared order
    std::string shownFamily_;             // whose widgets paramWidgets_ are
    QLineEdit* cutoffs_ = nullptr;
    QComboBox* ties_ = nullptr;
    QComboBox* users_ = nullptr;
    QComboBox* profile_ = nullptr;
    QDoubleSpinBox* threshold_ = nullptr;
    QSpinBox* sampledNegatives_ = nullptr;  // N of the sampled-negative protocol (0: none)
    QSpinBox* catalogSize_ = nullptr;       // M
    QLabel* cutoffProblem_ = nullptr;

    std::map<std::string, MetricSpec> specs_;  // by family: its parameters
    std::vector<std::string> order_;           // families in the order chosen (checked ones count)
    std::vector<std::string> extras_;          // entries the picker cannot show ("ndcg@3"), kept as they are
    std::vector<std::uint32_t> cutoffList_;
    bool updating_ = false;
};

} // namespace ranklab::ui

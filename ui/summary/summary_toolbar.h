#pragma once
// The summary's own small toolbar: the baseline (a model or all pairs), the
// significance test, the correction, alpha, which interval the cells show,
// what the cells show (mean, Δ, Δ%, d_z), whether the table is transposed,
// and δ, the smallest difference that matters (absolute, a percentage of
// the baseline's mean, or per metric: stats::parseMinEffects). Changing
// the first four or δ asks for a new comparison.
#include <QStringList>
#include <QWidget>

#include "compare/comparison.h"
#include "ui/summary/comparison_table_model.h"

class QComboBox;
class QLineEdit;
class QToolButton;

namespace ranklab::ui {

class SummaryToolBar : public QWidget {
    Q_OBJECT

public:
    explicit SummaryToolBar(QWidget* parent = nullptr);

    // Shows `options` (as a comparison used them) for `models`, without
    // emitting anything.
    void setOptions(const QStringList& models, const stats::ComparisonOptions& options);
    // The options with the user's choices applied; before any comparison
    // ComparisonOptions' defaults against the first model, as the CLI.
    const stats::ComparisonOptions& options() const { return options_; }
    CiKind ciKind() const;
    // Shows `kind` (a workspace's saved set-up); emits ciKindChanged() if it changes.
    void setCiKind(CiKind kind);
    CellDisplay display() const;
    bool isTransposed() const;

    // The whole set-up (for the workspace file). setState shows `setup` and
    // emits what changed, optionsChanged at most once (a baseline beyond the
    // models shown is kept for the next setOptions).
    ComparisonSetup state() const;
    void setState(const ComparisonSetup& setup);

    QComboBox* baselineBox() const { return baseline_; }
    QComboBox* testBox() const { return test_; }
    QComboBox* correctionBox() const { return correction_; }
    QComboBox* alphaBox() const { return alpha_; }
    QComboBox* ciBox() const { return ci_; }
    QComboBox* displayBox() const { return display_; }
    QToolButton* transposeButton() const { return transpose_; }
    QLineEdit* minEffectEdit() const { return minEffect_; }
    // δ for one metric (absolute), keeping the others': as if typed.
    void setMinEffectFor(const std::string& metricId, double delta);

Q_SIGNALS:
    void optionsChanged(const ranklab::stats::ComparisonOptions& options);
    void ciKindChanged(ranklab::ui::CiKind kind);
    void displayChanged(ranklab::ui::CellDisplay display);
    void transposedChanged(bool transposed);
    // A δ that does not parse (the field shows the δ in force again).
    void minEffectRejected(const QString& message);

private:
    void onComparisonChoice();
    void onCiChoice();
    void onMinEffectEdited();

    stats::ComparisonOptions options_;
    QComboBox* baseline_;
    QComboBox* test_;
    QComboBox* correction_;
    QComboBox* alpha_;
    QComboBox* ci_;
    QComboBox* display_;
    QToolButton* transpose_;
    QLineEdit* minEffect_;
    bool updating_ = false;
};

} // namespace ranklab::ui

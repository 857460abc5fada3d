#pragma once
// The summary's own small toolbar: the baseline (a model or all pairs), the
// significance test, the correction, alpha, and which interval the cells
// show. Changing any of the first four asks for a new comparison.
#include <QStringList>
#include <QWidget>

#include "stats/comparison.h"
#include "ui/summary/comparison_table_model.h"

class QComboBox;

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

    QComboBox* baselineBox() const { return baseline_; }
    QComboBox* testBox() const { return test_; }
    QComboBox* correctionBox() const { return correction_; }
    QComboBox* alphaBox() const { return alpha_; }
    QComboBox* ciBox() const { return ci_; }

Q_SIGNALS:
    void optionsChanged(const ranklab::stats::ComparisonOptions& options);
    void ciKindChanged(ranklab::ui::CiKind kind);

private:
    void onComparisonChoice();
    void onCiChoice();

    stats::ComparisonOptions options_;
    QComboBox* baseline_;
    QComboBox* test_;
    QComboBox* correction_;
    QComboBox* alpha_;
    QComboBox* ci_;
    bool updating_ = false;
};

} // namespace ranklab::ui

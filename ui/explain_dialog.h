#pragma once
// Evaluate → Explain Profiles…: why two tools' definitions give different
// numbers (docs/profiles.md), on the workbench's loaded data and chosen
// metrics. For each model and metric: both profiles' means, the difference
// and how many users differ, and under it one row per clause (ties, users,
// gain, ideal, norm) with its contribution to the difference and the users
// it moves. The clauses are switched one at a time from A to B
// (eval/profile_explain.h), so the contributions add up to B − A. Computed in
// the background (the dialog's own JobTracker); a newer choice supersedes an
// older one.
#include <QDialog>

#include <memory>
#include <optional>

#include "eval/profile_explain.h"
#include "ui/evaluation_result.h"

class QComboBox;
class QLabel;
class QTreeWidget;

namespace ranklab::ui {

class JobTracker;

class ExplainDialog : public QDialog {
    Q_OBJECT

public:
    ExplainDialog(std::shared_ptr<const EvaluationResult> result, QWidget* parent = nullptr);
    ~ExplainDialog() override;

    QComboBox* profileABox() const { return a_; }
    QComboBox* profileBBox() const { return b_; }
    QTreeWidget* tree() const { return tree_; }
    QLabel* statusLabel() const { return status_; }
    JobTracker* jobs() const { return jobs_; }
    // The explanation shown (none while computing or after an error).
    const std::optional<ProfileExplanation>& explanation() const { return explanation_; }

Q_SIGNALS:
    void explained();

private:
    void recompute();
    void showExplanation(const ProfileExplanation& x);

    std::shared_ptr<const EvaluationResult> result_;
    QComboBox* a_;
    QComboBox* b_;
    QTreeWidget* tree_;
    QLabel* status_;
    JobTracker* jobs_;
    std::optional<ProfileExplanation> explanation_;
};

} // namespace ranklab::ui

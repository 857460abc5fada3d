// The Per user tab and the window's selection (split from per_user_view.cpp):
// rows selected in the table or a rectangle dragged on the chart (found in
// the background) select those users for the whole window; a selection made
// elsewhere is highlighted; a double-click or "Show User" opens a user.
#include <QComboBox>
#include <QItemSelection>
#include <QTableView>

#include "ui/job_tracker.h"
#include "ui/views/per_user_table_model.h"
#include "ui/views/per_user_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {

void PerUserView::selectionChanged() {
    model_->setSelected(selection()->users());
    if (selection()->origin() != tr("per-user table")) {
        // Made elsewhere (a rectangle, another tab): the rows are highlighted,
        // the table's own row selection no longer applies.
        syncing_ = true;
        table_->selectionModel()->clearSelection();
        syncing_ = false;
    }
    if (result()) invalidate();
}

void PerUserView::tableSelectionChanged() {
    if (syncing_ || !result()) return;
    std::vector<UserId> users;
    for (const QItemSelectionRange& range : table_->selectionModel()->selection())
        for (int row = range.top(); row <= range.bottom(); ++row) users.push_back(model_->userAt(row));
    selection()->setUsers(std::move(users), tr("per-user table"));
}

void PerUserView::selectRectangle(const QRectF& values) {
    if (!result()) return;
    const std::shared_ptr<const EvaluationResult> r = result();
    const UserPair p = pair();
    const bool differences = UserScatterChart::Kind(kind_->currentData().toInt()) == UserScatterChart::Kind::Differences;
    // Among the users drawn: the chart follows the filters.
    const auto rows = plot_ && plotEvaluation_ == r->evaluation ? plotRows_ : nullptr;
    rectJobs_->start<std::vector<UserId>>(
        tr("Selecting users…"),
        [r, p, values, differences, rows](const Progress&) {
            const QRectF v = values.normalized();
            return differences ? usersWithDifferenceIn(*r->evaluation, p, v.left(), v.right(), rows.get())
                               : usersInRect(*r->evaluation, p, v, rows.get());
        },
        [this, differences](std::vector<UserId> users) {
            selection()->setUsers(std::move(users), differences ? tr("histogram") : tr("scatter"));
        });
}

void PerUserView::activateCurrent() {
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid()) return;
    Q_EMIT userActivated(model_->userAt(current.row()));
}

} // namespace ranklab::ui

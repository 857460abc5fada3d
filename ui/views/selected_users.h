#pragma once
// The users the analyst picked (rows of the Per user table, points of its
// scatter) and whether the other views are restricted to them. One per
// window; views read it and listen to changed(). Ids are the dataset's
// UserIds, kept sorted ascending (what EvalSettings::onlyUsers expects).
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

#include "data/id_space.h"

namespace ranklab::ui {

class SelectedUsers : public QObject {
    Q_OBJECT

public:
    explicit SelectedUsers(QObject* parent = nullptr);

    // Sorted ascending, no duplicates; empty when nothing is selected.
    const std::shared_ptr<const std::vector<UserId>>& users() const { return users_; }
    std::size_t count() const { return users_->size(); }
    bool isEmpty() const { return users_->empty(); }
    // Where the selection was made ("per-user table", "scatter"), for the status line.
    const QString& origin() const { return origin_; }

    // The views that follow the selection average only the selected users.
    // With nothing selected they show every user, restricted or not.
    bool isRestricting() const { return restricting_; }
    bool restrictsViews() const { return restricting_ && !users_->empty(); }
    // What restricted views should average: the selection, or null for all.
    std::shared_ptr<const std::vector<UserId>> restriction() const;

    // Any order, duplicates allowed: stored sorted and unique. Emits
    // changed() only when the set differs.
    void setUsers(std::vector<UserId> users, const QString& origin = {});
    void clear();
    void setRestricting(bool restricting);

Q_SIGNALS:
    void changed();
    void restrictingChanged(bool restricting);

private:
    std::shared_ptr<const std::vector<UserId>> users_;
    QString origin_;
    bool restricting_ = false;
};

} // namespace ranklab::ui

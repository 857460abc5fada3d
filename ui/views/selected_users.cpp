#include "ui/views/selected_users.h"

#include <algorithm>

namespace ranklab::ui {

SelectedUsers::SelectedUsers(QObject* parent)
    : QObject(parent), users_(std::make_shared<const std::vector<UserId>>()) {}

std::shared_ptr<const std::vector<UserId>> SelectedUsers::restriction() const {
    return restrictsViews() ? users_ : nullptr;
}

void SelectedUsers::setUsers(std::vector<UserId> users, const QString& origin) {
    std::sort(users.begin(), users.end());
    users.erase(std::unique(users.begin(), users.end()), users.end());
    origin_ = origin;
    if (users == *users_) return;
    users_ = std::make_shared<const std::vector<UserId>>(std::move(users));
    Q_EMIT changed();
}

void SelectedUsers::clear() { setUsers({}, {}); }

void SelectedUsers::setRestricting(bool restricting) {
    if (restricting == restricting_) return;
    restricting_ = restricting;
    Q_EMIT restrictingChanged(restricting);
}

} // namespace ranklab::ui

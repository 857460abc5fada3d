#pragma once
// A user attribute (`user group`): which group each user belongs to.
#include <memory>

#include "data/id_space.h"

namespace ranklab {

class Cohorts {
public:
    static constexpr std::uint32_t none = Interner::npos;

    Cohorts() : groups_(std::make_shared<Interner>()) {}
    Cohorts(std::vector<std::uint32_t> groupOfUser, std::shared_ptr<Interner> groups)
        : groupOfUser_(std::move(groupOfUser)), groups_(std::move(groups)) {}

    // The group id of `u`, or `none`.
    std::uint32_t groupOf(UserId u) const { return u < groupOfUser_.size() ? groupOfUser_[u] : none; }
    std::size_t groupCount() const { return groups_->size(); }
    std::string_view groupName(std::uint32_t g) const { return groups_->name(g); }
    std::size_t assignedUsers() const;

private:
    std::vector<std::uint32_t> groupOfUser_;
    std::shared_ptr<Interner> groups_;
};

} // namespace ranklab

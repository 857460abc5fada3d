#pragma once
// Items to drop from each user's ranked list before ranking (typically the
// training interactions). Per user, sorted item ids without duplicates.
#include <algorithm>

#include "data/user_lists.h"

namespace ranklab {

class Exclusions {
public:
    Exclusions() = default;
    Exclusions(UserIndex index, Column<ItemId> items)
        : index_(std::move(index)), items_(std::move(items)) {}

    const UserIndex& index() const { return index_; }
    std::span<const ItemId> items(UserId u) const { return slice(items_, index_, u); }
    bool contains(UserId u, ItemId item) const {
        auto list = items(u);
        return std::binary_search(list.begin(), list.end(), item);
    }
    std::size_t size() const { return items_.size(); }

private:
    UserIndex index_;
    Column<ItemId> items_;
};

} // namespace ranklab

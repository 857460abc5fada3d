#pragma once
// The ground truth: per user, the judged items (sorted by item id) and their
// grades. Grade >= the relevance threshold means relevant (docs/metrics.md).
#include <optional>

#include "data/user_lists.h"

namespace ranklab {

class Judgments {
public:
    Judgments() = default;
    // items/grades of each user must be sorted by item id, without duplicates.
    Judgments(UserIndex index, Column<ItemId> items, Column<double> grades)
        : index_(std::move(index)), items_(std::move(items)), grades_(std::move(grades)) {}

    const UserIndex& index() const { return index_; }
    std::span<const ItemId> items(UserId u) const { return slice(items_, index_, u); }
    std::span<const double> grades(UserId u) const { return slice(grades_, index_, u); }
    bool hasUser(UserId u) const { return index_.count(u) > 0; }
    std::size_t size() const { return items_.size(); }
    // The grade of `item` for `u`, if judged.
    std::optional<double> grade(UserId u, ItemId item) const;

private:
    UserIndex index_;
    Column<ItemId> items_;
    Column<double> grades_;
};

} // namespace ranklab

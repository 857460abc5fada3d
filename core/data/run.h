#pragma once
// One model's scores: per user, the scored items in the order of the file
// (the `input` tie policy needs it). 12 bytes per line plus 8 per user.
#include <string>

#include "data/user_lists.h"

namespace ranklab {

class Run {
public:
    Run() = default;
    Run(UserIndex index, Column<ItemId> items, Column<double> scores)
        : index_(std::move(index)), items_(std::move(items)), scores_(std::move(scores)) {}

    const UserIndex& index() const { return index_; }
    std::span<const ItemId> items(UserId u) const { return slice(items_, index_, u); }
    std::span<const double> scores(UserId u) const { return slice(scores_, index_, u); }
    bool hasUser(UserId u) const { return index_.count(u) > 0; }
    std::size_t size() const { return items_.size(); }
    // Bytes held by the arrays (not the id strings).
    std::size_t memoryBytes() const;

private:
    UserIndex index_;
    Column<ItemId> items_;
    Column<double> scores_;
};

} // namespace ranklab

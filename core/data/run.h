#pragma once
// One model's scores: per user, the scored items in the order of the file
// (the `input` tie policy needs it). 12 bytes per line plus 8 per user.
// A Run never changes once built, so copies share its arrays (copying a
// Dataset to add or remove a model copies no scores) and keep its
// identity(), which caches of rankings key on.
#include <cstdint>
#include <memory>
#include <string>

#include "data/user_lists.h"

namespace ranklab {

class Run {
public:
    Run();
    Run(UserIndex index, Column<ItemId> items, Column<double> scores);

    const UserIndex& index() const { return data_->index; }
    std::span<const ItemId> items(UserId u) const { return slice(data_->items, data_->index, u); }
    std::span<const double> scores(UserId u) const { return slice(data_->scores, data_->index, u); }
    bool hasUser(UserId u) const { return data_->index.count(u) > 0; }
    std::size_t size() const { return data_->items.size(); }
    // Bytes held by the arrays (not the id strings).
    std::size_t memoryBytes() const;
    // A number no other Run of this process has; copies share it.
    std::uint64_t identity() const { return data_->identity; }

private:
    struct Data {
        UserIndex index;
        Column<ItemId> items;
        Column<double> scores;
        std::uint64_t identity = 0;
    };
    std::shared_ptr<const Data> data_;
};

} // namespace ranklab

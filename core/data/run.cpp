#include "data/run.h"

#include <atomic>

namespace ranklab {
namespace {

std::uint64_t newRunIdentity() {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}

} // namespace

Run::Run() : Run(UserIndex(), {}, {}) {}

Run::Run(UserIndex index, Column<ItemId> items, Column<double> scores)
    : data_(std::make_shared<const Data>(Data{std::move(index), std::move(items), std::move(scores), newRunIdentity()})) {}

// Entries held, not capacity: a run read from a file keeps the address space
// reserved for the most lines the file could hold, but only the pages its
// entries fill are memory.
std::size_t Run::memoryBytes() const {
    return data_->index.offsets().size() * sizeof(std::uint64_t) + data_->items.size() * sizeof(ItemId) +
           data_->scores.size() * sizeof(double);
}

} // namespace ranklab

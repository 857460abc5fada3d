#pragma once
// Per-user lists in compressed sparse row form: the entries of user u are
// [offsets[u], offsets[u+1]). Users past the end of `offsets` have none,
// which is how ids interned after this table was built read.
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "data/id_space.h"

namespace ranklab {

// An allocator whose value-less construct() leaves the element
// uninitialized: a large column can be sized without first writing zeros
// over it, and its pages are first touched by the threads that fill it.
template <typename T> struct DefaultInitAllocator : std::allocator<T> {
    template <typename U> struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    DefaultInitAllocator() = default;
    template <typename U> DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
    template <typename U> void construct(U* p) noexcept { ::new (static_cast<void*>(p)) U; }
    template <typename U, typename... Args> void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

// One value per entry of a UserIndex (an item, score or grade column).
template <typename T> using Column = std::vector<T, DefaultInitAllocator<T>>;

class UserIndex {
public:
    UserIndex() : offsets_{0} {}
    explicit UserIndex(std::vector<std::uint64_t> offsets) : offsets_(std::move(offsets)) {}

    // Number of user ids covered (ids >= this have no entries).
    std::size_t userCount() const { return offsets_.size() - 1; }
    std::uint64_t begin(UserId u) const { return u < userCount() ? offsets_[u] : 0; }
    std::uint64_t end(UserId u) const { return u < userCount() ? offsets_[u + 1] : 0; }
    std::size_t count(UserId u) const { return static_cast<std::size_t>(end(u) - begin(u)); }
    std::uint64_t entries() const { return offsets_.back(); }
    // Users with at least one entry.
    std::size_t nonEmptyUsers() const;
    const std::vector<std::uint64_t>& offsets() const { return offsets_; }

private:
    std::vector<std::uint64_t> offsets_;
};

template <typename T, typename A>
std::span<const T> slice(const std::vector<T, A>& values, const UserIndex& index, UserId u) {
    return {values.data() + index.begin(u), index.count(u)};
}

} // namespace ranklab

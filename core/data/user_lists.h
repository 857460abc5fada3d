#pragma once
// Per-user lists in compressed sparse row form: the entries of user u are
// [offsets[u], offsets[u+1]). Users past the end of `offsets` have none,
// which is how ids interned after this table was built read.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "data/column.h"
#include "data/id_space.h"

namespace ranklab {

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

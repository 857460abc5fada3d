#pragma once
// Item attributes (`item attribute` lines, --items): per item id the sorted
// attribute ids, for the diversity metrics (ILD, serendipity). Items with no
// line have none. Attribute names live in their own Interner.
#include <memory>
#include <span>

#include "data/id_space.h"
#include "data/user_lists.h"

namespace ranklab {

class ItemAttributes {
public:
    ItemAttributes() : names_(std::make_shared<Interner>()) {}
    // index: by item id; attributes of each item sorted, without duplicates.
    ItemAttributes(UserIndex index, Column<std::uint32_t> attributes, std::shared_ptr<Interner> names)
        : index_(std::move(index)), attributes_(std::move(attributes)), names_(std::move(names)) {}

    std::span<const std::uint32_t> of(ItemId item) const { return slice(attributes_, index_, item); }
    std::size_t attributeCount() const { return names_->size(); }
    std::string_view attributeName(std::uint32_t a) const { return names_->name(a); }
    std::size_t size() const { return attributes_.size(); }

private:
    UserIndex index_;
    Column<std::uint32_t> attributes_;
    std::shared_ptr<Interner> names_;
};

// 1 - |A ∩ B| / |A ∪ B| for sorted id lists; two empty sets are identical (0).
inline double jaccardDistance(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
    std::size_t i = 0, j = 0, common = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] < b[j]) ++i;
        else if (b[j] < a[i]) ++j;
        else { ++common; ++i; ++j; }
    }
    const std::size_t unionSize = a.size() + b.size() - common;
    return unionSize == 0 ? 0.0 : 1.0 - double(common) / double(unionSize);
}

} // namespace ranklab

#pragma once
// What the beyond-accuracy metrics know about items (docs/metrics.md, "Beyond
// accuracy"): the catalogue I, the popularity n_i of each item in the
// training interactions (the exclusions file), N and P, the short head, the
// optional item attributes and each user's training items.
#include <cstdint>
#include <span>
#include <vector>

#include "data/exclusions.h"
#include "data/id_space.h"
#include "data/item_attributes.h"
#include "data/judgments.h"

namespace ranklab {


struct ItemContext {
    // The catalogue I, sorted item ids, and a flag per item id.
    std::vector<ItemId> catalog;
    std::vector<std::uint8_t> inCatalog;
    // By item id: the item's position in `catalog` (its slot), or kNoSlot.
    static constexpr std::uint32_t kNoSlot = 0xffffffffu;
    std::vector<std::uint32_t> slotOf;
    std::vector<std::uint8_t> trainingSlot;  // by slot: the item is in the training file
    std::uint32_t slot(ItemId i) const { return i < slotOf.size() ? slotOf[i] : kNoSlot; }
    bool catalogFromFile = false;  // --catalog, else training ∪ ground-truth items

    // Training interactions; null when there are none (popularity metrics refuse).
    const Exclusions* training = nullptr;
    std::vector<std::uint32_t> popularity;  // n_i by item id: distinct training users with item i
    std::uint64_t trainingUsers = 0;        // N
    std::uint64_t trainingPairs = 0;        // P = Σ_{i∈I} n_i
    std::size_t trainingItems = 0;          // distinct items of the training file

    // --items; null when not given (ILD and serendipity refuse).
    const ItemAttributes* attributes = nullptr;

    // −log2(max(n_i, 1) / N) and −log2(max(n_i, 1) / P) by item id (novelty,
    // EFD); an item past the tables has n_i = 0.
    std::vector<double> selfInformation, freeDiscovery;
    double noveltyOf(ItemId i) const { return i < selfInformation.size() ? selfInformation[i] : unseenNovelty; }
    double freeDiscoveryOf(ItemId i) const { return i < freeDiscovery.size() ? freeDiscovery[i] : unseenDiscovery; }
    double unseenNovelty = 0, unseenDiscovery = 0;

    bool contains(ItemId i) const { return i < inCatalog.size() && inCatalog[i]; }
    std::uint32_t pop(ItemId i) const { return i < popularity.size() ? popularity[i] : 0; }
    bool inTraining(ItemId i) const { return pop(i) > 0; }
    std::span<const ItemId> trainingOf(UserId u) const {
        return training ? training->items(u) : std::span<const ItemId>{};
    }

    // The short head for `share` in (0, 1]: catalogue items by n_i
    // descending up to the first where the cumulative share of P reaches
    // `share`, plus every item as popular as that one. Returns the smallest
    // n_i of the head: an item is in the head iff n_i >= it; UINT32_MAX
    // (empty head) when P = 0.
    std::uint32_t headThreshold(double share) const;
    // In the tail: in I and not in the head.
    bool inTail(ItemId i, std::uint32_t threshold) const { return contains(i) && pop(i) < threshold; }

    // Built by buildItemContext: catalogue popularity sorted descending and
    // its prefix sums (for headThreshold in O(log |I|)).
    std::vector<std::uint32_t> popularityDescending;
    std::vector<std::uint64_t> popularityPrefix;  // size |I| + 1
};

// From the exclusions (training), ground truth, --catalog and --items (a
// loaded dataset: eval/item_inputs.h): `catalog` null means training ∪ judged items.
ItemContext buildItemContext(std::size_t itemCount, const Exclusions* training, const Judgments& judgments,
                             const std::vector<ItemId>* catalog, const ItemAttributes* attributes);

} // namespace ranklab

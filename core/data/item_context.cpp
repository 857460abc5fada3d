#include "data/item_context.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>


namespace ranklab {

std::uint32_t ItemContext::headThreshold(double share) const {
    if (trainingPairs == 0 || popularityDescending.empty()) return std::numeric_limits<std::uint32_t>::max();
    const double P = double(trainingPairs);
    // The first j with prefix[j + 1] / P >= share (prefix is non-decreasing).
    auto reaches = [&](std::uint64_t cumulative) { return double(cumulative) / P >= share; };
    auto it = std::partition_point(popularityPrefix.begin() + 1, popularityPrefix.end(),
                                   [&](std::uint64_t c) { return !reaches(c); });
    std::size_t j = static_cast<std::size_t>(it - (popularityPrefix.begin() + 1));
    if (j >= popularityDescending.size()) j = popularityDescending.size() - 1;
    return popularityDescending[j];
}

ItemContext buildItemContext(std::size_t itemCount, const Exclusions* training, const Judgments& judgments,
                             const std::vector<ItemId>* catalog, const ItemAttributes* attributes) {
    ItemContext out;
    out.training = training;
    out.attributes = attributes;
    out.popularity.assign(itemCount, 0);
    if (training) {
        const UserIndex& index = training->index();
        for (UserId u = 0; u < index.userCount(); ++u) {
            auto items = training->items(u);
            if (!items.empty()) ++out.trainingUsers;
            for (ItemId i : items)
                if (i < itemCount) ++out.popularity[i];
        }
        out.trainingItems = static_cast<std::size_t>(
            std::count_if(out.popularity.begin(), out.popularity.end(), [](std::uint32_t n) { return n > 0; }));
    }
    out.inCatalog.assign(itemCount, 0);
    if (catalog) {
        out.catalogFromFile = true;
        for (ItemId i : *catalog)
            if (i < itemCount) out.inCatalog[i] = 1;
    } else {
        for (std::size_t i = 0; i < itemCount; ++i) out.inCatalog[i] = out.popularity[i] > 0;
        const UserIndex& index = judgments.index();
        for (UserId u = 0; u < index.userCount(); ++u)
            for (ItemId i : judgments.items(u))
                if (i < itemCount) out.inCatalog[i] = 1;
    }
    out.slotOf.assign(itemCount, ItemContext::kNoSlot);
    for (std::size_t i = 0; i < itemCount; ++i)
        if (out.inCatalog[i]) {
            out.slotOf[i] = static_cast<std::uint32_t>(out.catalog.size());
            out.trainingSlot.push_back(out.popularity[i] > 0);
            out.catalog.push_back(static_cast<ItemId>(i));
            out.popularityDescending.push_back(out.popularity[i]);
            out.trainingPairs += out.popularity[i];
        }
    std::sort(out.popularityDescending.begin(), out.popularityDescending.end(), std::greater<>());
    out.popularityPrefix.assign(out.popularityDescending.size() + 1, 0);
    for (std::size_t j = 0; j < out.popularityDescending.size(); ++j)
        out.popularityPrefix[j + 1] = out.popularityPrefix[j] + out.popularityDescending[j];
    if (training) {
        const double N = double(out.trainingUsers), P = double(out.trainingPairs);
        out.unseenNovelty = -std::log2(1.0 / N);
        out.unseenDiscovery = P > 0 ? -std::log2(1.0 / P) : 0.0;
        out.selfInformation.resize(itemCount);
        out.freeDiscovery.resize(itemCount);
        for (std::size_t i = 0; i < itemCount; ++i) {
            const double n = std::max<double>(out.popularity[i], 1.0);
            out.selfInformation[i] = -std::log2(n / N);
            out.freeDiscovery[i] = P > 0 ? -std::log2(n / P) : 0.0;
        }
    }
    return out;
}

} // namespace ranklab

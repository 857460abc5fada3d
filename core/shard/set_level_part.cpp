#include "shard/set_level_part.h"

#include <cstdio>

#include "common/error.h"
#include "shard/user_bucket.h"

namespace ranklab::shard {

using Json = nlohmann::ordered_json;

SetLevelCatalog SetLevelCatalog::of(const std::vector<std::string>& itemIds, std::vector<std::uint8_t> trainingSlot) {
    std::string ids;
    for (const std::string& item : itemIds) ids.append(item).append("\n");
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a64(ids)));
    return {itemIds.size(), hash, std::move(trainingSlot)};
}

void requireSameCatalog(const SetLevelCatalog& part, const SetLevelCatalog& first, const std::string& name,
                        const std::string& firstName) {
    if (part != first)
        throw Error(name + ": its set-level counts are over another catalogue (" + std::to_string(part.items) +
                    " items) than " + firstName + "'s (" + std::to_string(first.items) +
                    "): give every shard the same catalogue (--catalog, or the same training and ground-truth items)");
}

Json catalogJson(const SetLevelCatalog& c) {
    std::string training;
    for (std::uint8_t t : c.trainingSlot) training += t ? '1' : '0';
    return {{"items", c.items}, {"hash", c.hash}, {"training", training}};
}

SetLevelCatalog catalogFromJson(const Json& j, const std::string& where) {
    SetLevelCatalog c;
    c.items = j.at("items").get<std::size_t>();
    c.hash = j.at("hash").get<std::string>();
    const std::string training = j.at("training").get<std::string>();
    if (training.size() != c.items || training.find_first_not_of("01") != std::string::npos)
        throw Error(where + ": set_level.catalog.training must hold one 0 or 1 per item (" + std::to_string(c.items) +
                    ")");
    for (char t : training) c.trainingSlot.push_back(t == '1');
    return c;
}

Json setLevelCountsJson(const SetLevelCounts& c) {
    Json whole = Json::array();
    for (std::size_t i = 0; i < c.whole.size(); ++i)
        if (c.whole[i] > 0) whole.push_back({i, c.whole[i]});
    Json part = Json::array();
    for (std::size_t i = 0; i < c.part.size(); ++i)
        if (!c.part[i].isZero() || !c.partSquares[i].isZero())
            part.push_back({i, c.part[i].high(), c.part[i].low(), c.partSquares[i].high(), c.partSquares[i].low()});
    return {{"users", c.users}, {"longest", c.longest}, {"whole", std::move(whole)}, {"part", std::move(part)}};
}

SetLevelCounts setLevelCountsFromJson(const Json& j, std::size_t items, const std::string& where) {
    SetLevelCounts c;
    c.users = j.at("users").get<std::uint64_t>();
    c.longest = j.at("longest").get<std::uint32_t>();
    const auto slotOf = [&](const Json& entry) {
        const auto slot = entry.at(0).get<std::size_t>();
        if (slot >= items)
            throw Error(where + ": item slot " + std::to_string(slot) + " outside the catalogue of " +
                        std::to_string(items) + " items");
        return slot;
    };
    for (const auto& w : j.at("whole")) {
        const std::size_t slot = slotOf(w);
        if (c.whole.empty()) c.whole.assign(items, 0);
        c.whole[slot] += w.at(1).get<std::uint32_t>();
    }
    for (const auto& p : j.at("part")) {
        const std::size_t slot = slotOf(p);
        if (c.part.empty()) {
            c.part.assign(items, {});
            c.partSquares.assign(items, {});
        }
        c.part[slot].merge({p.at(1).get<std::uint64_t>(), p.at(2).get<std::uint64_t>()});
        c.partSquares[slot].merge({p.at(3).get<std::uint64_t>(), p.at(4).get<std::uint64_t>()});
    }
    return c;
}

} // namespace ranklab::shard

#pragma once
// The set-level counts in partial states (eval's set-level columns, the
// set-level curves): the catalogue they are counted over, kept as its size,
// a hash of its item ids (FNV-1a 64 of the ids, each followed by "\n", in
// hexadecimal) and its training flags, and the counts themselves in JSON:
//   catalogue: {"items", "hash", "training": one 0 or 1 per item}
//   counts:    {"users", "longest", "whole": [[slot, users], ...],
//               "part": [[slot, Σshare high, low, Σshare² high, low], ...]}
// (metrics/set_level_counts.h: the sums of the shares below 1 as 64.64
// fixed-point integers, two unsigned 64-bit words each). States over other catalogues do not merge.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/set_level_state.h"

namespace ranklab::shard {

struct SetLevelCatalog {
    std::size_t items = 0;
    std::string hash;
    std::vector<std::uint8_t> trainingSlot;  // by slot

    static SetLevelCatalog of(const std::vector<std::string>& itemIds, std::vector<std::uint8_t> trainingSlot);
    bool operator==(const SetLevelCatalog&) const = default;
};

// Throws ranklab::Error naming `name` (and `first`) when the catalogues differ.
void requireSameCatalog(const SetLevelCatalog& part, const SetLevelCatalog& first, const std::string& name,
                        const std::string& firstName);

nlohmann::ordered_json catalogJson(const SetLevelCatalog& catalog);
SetLevelCatalog catalogFromJson(const nlohmann::ordered_json& j, const std::string& where);
nlohmann::ordered_json setLevelCountsJson(const SetLevelCounts& counts);
// Throws ranklab::Error naming `where` for a slot outside the catalogue or a bad group size.
SetLevelCounts setLevelCountsFromJson(const nlohmann::ordered_json& j, std::size_t items, const std::string& where);

} // namespace ranklab::shard

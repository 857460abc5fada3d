#pragma once
// One synthetic user: a hidden preference (1–3 topics with weights), the
// training interactions and the graded test items, both drawn from the
// preference, and an activity group. A pure function of (seed, user index),
// so users can be made in any order, on any thread.
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "synth/catalog.h"
#include "synth/item_set.h"

namespace ranklab::synth {

// Share of a user's interactions drawn by global popularity rather than topic.
inline constexpr double kExploration = 0.2;

// Activity groups by number of training interactions: < 8, < 25, < 70, more.
inline constexpr std::array<std::string_view, 4> kGroupNames = {"light", "regular", "heavy", "power"};

struct Judged {
    ItemIndex item;
    std::uint8_t grade;  // 1..3
};

struct UserTruth {
    static constexpr std::size_t kMaxTopics = 3;
    std::uint32_t topicCount = 0;
    std::array<std::uint32_t, kMaxTopics> topics{};  // strongest first
    std::array<double, kMaxTopics> weights{};  // sum to 1, descending
    std::vector<ItemIndex> train;  // sorted
    std::vector<Judged> test;  // sorted by item, disjoint from train
    std::uint32_t group = 0;  // index into kGroupNames

    // P(item | user) under the preference: what the truth is drawn from.
    double probability(const Catalog& catalog, ItemIndex item) const;
};

// The largest training / test sizes a catalog of `items` allows.
std::uint32_t maxTrainItems(std::uint32_t items);
std::uint32_t maxTestItems(std::uint32_t items);

// Fills `out` with user `user`'s truth. `scratch` has the catalog's size; its
// contents are replaced (it holds the training items afterwards).
void makeUserTruth(const Catalog& catalog, std::uint64_t seed, std::uint32_t user, ItemSet& scratch,
                   UserTruth& out);

} // namespace ranklab::synth

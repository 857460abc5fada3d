#pragma once
// A set of item indices that clears in O(1): one stamp per item of the
// catalog, and a set member is an item whose stamp is the current epoch.
// One per worker, reused for every user of a block.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace ranklab::synth {

class ItemSet {
public:
    explicit ItemSet(std::uint32_t items) : stamp_(items, 0) {}

    void clear() {
        if (++epoch_ == 0) {  // wrapped: forget every old stamp
            std::fill(stamp_.begin(), stamp_.end(), 0u);
            epoch_ = 1;
        }
    }
    bool contains(std::uint32_t item) const { return stamp_[item] == epoch_; }
    // Adds `item`; false if it was already there.
    bool insert(std::uint32_t item) {
        if (stamp_[item] == epoch_) return false;
        stamp_[item] = epoch_;
        return true;
    }

private:
    std::vector<std::uint32_t> stamp_;
    std::uint32_t epoch_ = 1;
};

} // namespace ranklab::synth

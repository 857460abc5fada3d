#pragma once
// Bins of a per-user count (relevant items, training interactions): closed
// integer ranges such as 1, 2, 3-5, 6-10, 11+, given as text or cut at
// quantiles of the observed values.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ranklab {

struct CountBin {
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;  // inclusive; kOpenEnd for "lo+"
    std::string label;     // "3-5", "11+", "7"

    static constexpr std::uint64_t kOpenEnd = ~std::uint64_t(0);
    bool contains(std::uint64_t value) const { return value >= lo && value <= hi; }
};

// The default bins of the number of relevant items: 1, 2, 3-5, 6-10, 11+.
std::vector<CountBin> defaultRelevantBins();

// "1,2,3-5,6-10,11+" -> the bins in that order. Each entry is N, N-M (N ≤ M)
// or N+; bins must not overlap. Throws Error naming the bad entry.
std::vector<CountBin> parseCountBins(std::string_view text);

// At most `quantiles` bins of about equal size over `values`: the cut before
// the value at sorted position ⌊q·n/quantiles⌋ for q = 1..quantiles−1,
// dropping cuts that would leave a bin empty. The bins cover [min, max] of
// the values and are labelled with their ranges ("0-3", "4-10", "11").
// Empty `values`: no bins. Throws Error when quantiles < 1.
std::vector<CountBin> quantileBins(std::span<const std::uint64_t> values, std::size_t quantiles);
// The same from a histogram: each distinct value (ascending, users > 0) and
// how many users have it (what shards of sharded cohorts merge).
struct ValueCount {
    std::uint64_t value = 0;
    std::uint64_t users = 0;
};
std::vector<CountBin> quantileBins(std::span<const ValueCount> counts, std::size_t quantiles);

// The index of the first bin holding `value`, or none.
std::optional<std::size_t> binOf(std::span<const CountBin> bins, std::uint64_t value);

} // namespace ranklab

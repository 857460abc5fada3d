#include "eval/cohort_bins.h"

#include <algorithm>
#include <charconv>

#include "common/error.h"

namespace ranklab {
namespace {

std::string rangeLabel(std::uint64_t lo, std::uint64_t hi) {
    if (hi == CountBin::kOpenEnd) return std::to_string(lo).append("+");
    if (lo == hi) return std::to_string(lo);
    return std::to_string(lo).append("-").append(std::to_string(hi));
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool parseCount(std::string_view text, std::uint64_t& out) {
    if (text.empty()) return false;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

[[noreturn]] void badBin(std::string_view entry) {
    throw Error(std::string("bad bin '")
                    .append(entry)
                    .append("': expected N, N-M (N <= M) or N+ with non-negative integers, e.g. 1,2,3-5,6-10,11+"));
}

CountBin parseBin(std::string_view entry) {
    CountBin bin;
    if (!entry.empty() && entry.back() == '+') {
        if (!parseCount(entry.substr(0, entry.size() - 1), bin.lo)) badBin(entry);
        bin.hi = CountBin::kOpenEnd;
    } else if (auto dash = entry.find('-'); dash != std::string_view::npos) {
        if (!parseCount(entry.substr(0, dash), bin.lo) || !parseCount(entry.substr(dash + 1), bin.hi) ||
            bin.lo > bin.hi)
            badBin(entry);
    } else {
        if (!parseCount(entry, bin.lo)) badBin(entry);
        bin.hi = bin.lo;
    }
    bin.label = rangeLabel(bin.lo, bin.hi);
    return bin;
}

} // namespace

std::vector<CountBin> defaultRelevantBins() { return parseCountBins("1,2,3-5,6-10,11+"); }

std::vector<CountBin> parseCountBins(std::string_view text) {
    std::vector<CountBin> bins;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(',', start), text.size());
        bins.push_back(parseBin(trim(text.substr(start, end - start))));
        start = end + 1;
    }
    for (std::size_t i = 0; i < bins.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (bins[i].lo <= bins[j].hi && bins[j].lo <= bins[i].hi)
                throw Error(std::string("bins '")
                                .append(bins[j].label)
                                .append("' and '")
                                .append(bins[i].label)
                                .append("' overlap: every value must fall in one bin at most"));
    return bins;
}

std::vector<CountBin> quantileBins(std::span<const std::uint64_t> values, std::size_t quantiles) {
    std::vector<std::uint64_t> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    std::vector<ValueCount> counts;
    for (std::uint64_t v : sorted)
        if (!counts.empty() && counts.back().value == v)
            ++counts.back().users;
        else
            counts.push_back({v, 1});
    return quantileBins(std::span<const ValueCount>(counts), quantiles);
}

std::vector<CountBin> quantileBins(std::span<const ValueCount> counts, std::size_t quantiles) {
    if (quantiles < 1) throw Error("the number of quantile bins must be at least 1");
    std::vector<CountBin> bins;
    std::uint64_t n = 0;
    for (const ValueCount& c : counts) n += c.users;
    if (n == 0) return bins;
    // The value at sorted position `at`: walk the cumulative counts.
    const auto valueAt = [&](std::uint64_t at) {
        std::uint64_t seen = 0;
        for (const ValueCount& c : counts) {
            seen += c.users;
            if (at < seen) return c.value;
        }
        return counts.back().value;
    };
    std::uint64_t lo = valueAt(0);
    const std::uint64_t last = valueAt(n - 1);
    for (std::size_t q = 1; q < quantiles; ++q) {
        const std::uint64_t cut = valueAt(q * n / quantiles);  // first value of the next bin
        if (cut <= lo) continue;                                // would leave this bin empty
        bins.push_back({lo, cut - 1, rangeLabel(lo, cut - 1)});
        lo = cut;
    }
    bins.push_back({lo, last, rangeLabel(lo, last)});
    return bins;
}

std::optional<std::size_t> binOf(std::span<const CountBin> bins, std::uint64_t value) {
    for (std::size_t i = 0; i < bins.size(); ++i)
        if (bins[i].contains(value)) return i;
    return std::nullopt;
}

} // namespace ranklab

#include "stats/wilcoxon.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <cmath>
#include <numeric>
#include <vector>

#include "stats/distributions.h"

namespace ranklab::stats {

namespace {

// Average ranks (1-based) of `values` (magnitudes, ≥ 0), and the groups of equal values that
// have more than one member.
struct TieGroup {
    std::size_t size;
    double value;
};

struct Ranks {
    std::vector<double> rank;
    std::vector<TieGroup> tieGroups;
};

// Positions 0..n−1 ordered by value, for values ≥ 0 (magnitudes; NaN last):
// the bits of a non-negative double order as an unsigned integer, so an LSD
// radix sort on them (11-bit digits, passes where every key has the same
// digit skipped) gives the same order as a comparison sort, in linear time.
std::vector<std::uint32_t> orderOfMagnitudes(const std::vector<double>& values) {
    const std::size_t n = values.size();
    std::vector<std::uint64_t> keys(n), keysTmp(n);
    std::vector<std::uint32_t> order(n), orderTmp(n);
    for (std::size_t i = 0; i < n; ++i) {
        keys[i] = std::bit_cast<std::uint64_t>(std::fabs(values[i]));
        order[i] = static_cast<std::uint32_t>(i);
    }
    constexpr unsigned kBits = 11;
    constexpr std::size_t kBuckets = std::size_t{1} << kBits;
    std::vector<std::size_t> start(kBuckets);
    for (unsigned shift = 0; shift < 64; shift += kBits) {
        std::fill(start.begin(), start.end(), 0);
        for (std::uint64_t key : keys) ++start[(key >> shift) & (kBuckets - 1)];
        if (n > 0 && start[(keys[0] >> shift) & (kBuckets - 1)] == n) continue;  // one digit: nothing moves
        std::size_t sum = 0;
        for (auto& s : start) sum += std::exchange(s, sum);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t slot = start[(keys[i] >> shift) & (kBuckets - 1)]++;
            keysTmp[slot] = keys[i];
            orderTmp[slot] = order[i];
        }
        keys.swap(keysTmp);
        order.swap(orderTmp);
    }
    return order;
}

Ranks averageRanks(const std::vector<double>& values) {
    const std::size_t n = values.size();
    const std::vector<std::uint32_t> order = orderOfMagnitudes(values);
    Ranks r;
    r.rank.resize(n);
    for (std::size_t start = 0; start < n;) {
        std::size_t end = start + 1;
        while (end < n && values[order[end]] == values[order[start]]) ++end;
        // Positions start+1 .. end share their average, (start + 1 + end) / 2.
        const double average = (static_cast<double>(start + 1) + static_cast<double>(end)) / 2.0;
        for (std::size_t p = start; p < end; ++p) r.rank[order[p]] = average;
        if (end - start > 1) r.tieGroups.push_back({end - start, values[order[start]]});
        start = end;
    }
    return r;
}

// Null distribution of r+ with n untied ranks: P(r+ = s), s = 0..n(n+1)/2,
// each rank in with probability 1/2. Dyadic rationals, exact in double for
// n ≤ 50.
std::vector<double> signedRankDistribution(std::size_t n) {
    std::vector<double> pmf(n * (n + 1) / 2 + 1, 0.0);
    pmf[0] = 1.0;
    std::size_t top = 0;  // highest reachable sum so far
    for (std::size_t k = 1; k <= n; ++k) {
        top += k;
        for (std::size_t s = top; s >= k; --s) pmf[s] = 0.5 * pmf[s] + 0.5 * pmf[s - k];
        for (std::size_t s = std::min(k, top + 1); s-- > 0;) pmf[s] *= 0.5;
    }
    return pmf;
}

double exactPValue(std::size_t n, double rPlus) {
    const auto pmf = signedRankDistribution(n);
    const auto rp = static_cast<std::size_t>(rPlus);  // scipy: int(r_plus), truncating
    const std::size_t middle = (pmf.size() - 1) / 2;
    if (rp == middle) return 1.0;
    double tail = 0;
    if (rp > middle)
        for (std::size_t s = rp; s < pmf.size(); ++s) tail += pmf[s];
    else
        for (std::size_t s = 0; s <= rp; ++s) tail += pmf[s];
    return std::clamp(2.0 * tail, 0.0, 1.0);
}

} // namespace

WilcoxonResult wilcoxon(std::span<const double> d, const WilcoxonOptions& options) {
    WilcoxonResult out;
    out.n = d.size();
    out.zeros = static_cast<std::size_t>(std::count(d.begin(), d.end(), 0.0));

    // scipy's choice: by the full n, then zeros force the approximation.
    bool exact = options.method == WilcoxonMethod::Exact ||
                 (options.method == WilcoxonMethod::Auto && out.n <= kWilcoxonExactMaxN);
    if (exact && out.zeros > 0) exact = false;
    out.methodUsed = exact ? WilcoxonMethod::Exact : WilcoxonMethod::Approx;

    if (out.n == 0) {
        out.error = "no users to compare";
        return out;
    }
    if (out.zeros == out.n && options.zeroMethod != ZeroMethod::Zsplit) {
        out.error = "zero_method 'wilcox' and 'pratt' do not work if x - y is zero for all elements";
        return out;
    }

    // The differences that are ranked: Wilcox drops the zeros.
    std::vector<double> ranked;
    ranked.reserve(d.size());
    for (double v : d)
        if (options.zeroMethod != ZeroMethod::Wilcox || v != 0.0) ranked.push_back(v);
    out.count = ranked.size();
    std::vector<double> magnitude(ranked.size());
    std::transform(ranked.begin(), ranked.end(), magnitude.begin(), [](double v) { return std::fabs(v); });
    const Ranks ranks = averageRanks(magnitude);

    double rPlus = 0, rMinus = 0, rZero = 0;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        if (ranked[i] > 0)
            rPlus += ranks.rank[i];
        else if (ranked[i] < 0)
            rMinus += ranks.rank[i];
        else
            rZero += ranks.rank[i];
    }
    if (options.zeroMethod == ZeroMethod::Zsplit) {
        rPlus += rZero / 2.0;
        rMinus += rZero / 2.0;
    }
    out.rPlus = rPlus;
    out.rMinus = rMinus;
    out.statistic = std::min(rPlus, rMinus);

    if (exact) {
        out.pvalue = exactPValue(out.count, rPlus);
        return out;
    }

    out.smallSample = out.count < 10;
    const double count = static_cast<double>(out.count);
    double mean = count * (count + 1.0) * 0.25;
    double variance = count * (count + 1.0) * (2.0 * count + 1.0);  // ×24
    const bool pratt = options.zeroMethod == ZeroMethod::Pratt;
    if (pratt) {
        const double z = static_cast<double>(out.zeros);
        mean -= z * (z + 1.0) * 0.25;
        variance -= z * (z + 1.0) * (2.0 * z + 1.0);
    }
    double ties = 0;
    for (const TieGroup& group : ranks.tieGroups) {
        if (pratt && group.value == 0.0) continue;  // Pratt's tie term uses the nonzero ranks only
        const double size = static_cast<double>(group.size);
        ties += size * (size * size - 1.0);
    }
    variance -= 0.5 * ties;
    const double se = std::sqrt(variance / 24.0);
    double continuity = 0;
    if (options.correction) {
        const double gap = out.statistic - mean;
        continuity = gap > 0 ? 0.5 : (gap < 0 ? -0.5 : 0.0);
    }
    out.z = (out.statistic - mean - continuity) / se;
    out.pvalue = normalTwoSidedP(out.z);
    return out;
}

WilcoxonResult wilcoxon(std::span<const double> a, std::span<const double> b, const WilcoxonOptions& options) {
    const auto d = differences(a, b);
    return wilcoxon(std::span<const double>(d), options);
}

const char* toString(WilcoxonMethod method) {
    switch (method) {
    case WilcoxonMethod::Auto: return "auto";
    case WilcoxonMethod::Exact: return "exact";
    case WilcoxonMethod::Approx: return "approx";
    }
    return "?";
}

const char* toString(ZeroMethod method) {
    switch (method) {
    case ZeroMethod::Wilcox: return "wilcox";
    case ZeroMethod::Pratt: return "pratt";
    case ZeroMethod::Zsplit: return "zsplit";
    }
    return "?";
}

} // namespace ranklab::stats

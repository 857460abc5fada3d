#pragma once
// Wilcoxon signed-rank test on d = a − b, two-sided, following scipy 1.10's
// scipy.stats.wilcoxon exactly (see tests/data/stats/README.md):
//  * method Auto: the exact null distribution when n ≤ 50 (n counted before
//    zeros are dropped) and no d is zero — ties among |d| do not switch it
//    off; there r+ is truncated to an integer, as scipy does. Otherwise the
//    normal approximation with the tie correction.
//  * statistic T = min(r+, r−).
#include <cstddef>
#include <span>
#include <string>

#include "stats/moments.h"

namespace ranklab::stats {

enum class ZeroMethod {
    Wilcox,  // drop zero differences (scipy's default)
    Pratt,   // rank them with the rest, then leave them out of r+ and r−
    Zsplit,  // rank them and split their ranks between r+ and r−
};

enum class WilcoxonMethod { Auto, Exact, Approx };

struct WilcoxonOptions {
    ZeroMethod zeroMethod = ZeroMethod::Wilcox;
    bool correction = false;  // continuity correction (approx only)
    WilcoxonMethod method = WilcoxonMethod::Auto;
};

inline constexpr std::size_t kWilcoxonExactMaxN = 50;

struct WilcoxonResult {
    double statistic = kNaN;                            // T = min(r+, r−)
    double pvalue = kNaN;                               // two-sided
    WilcoxonMethod methodUsed = WilcoxonMethod::Approx; // Exact or Approx
    double z = kNaN;                                    // approx only
    double rPlus = kNaN;
    double rMinus = kNaN;
    std::size_t n = 0;      // users
    std::size_t zeros = 0;  // users with d == 0
    std::size_t count = 0;  // ranks in the test: n − zeros for Wilcox, n otherwise
    // Approx with count < 10: scipy warns that the sample is too small.
    bool smallSample = false;
    // Set where scipy raises (every d is zero under Wilcox or Pratt, or no
    // users); statistic and p are then NaN.
    std::string error;
    bool ok() const { return error.empty(); }
};

// Throws ranklab::Error when a and b differ in length.
WilcoxonResult wilcoxon(std::span<const double> a, std::span<const double> b, const WilcoxonOptions& options = {});
WilcoxonResult wilcoxon(std::span<const double> differences, const WilcoxonOptions& options = {});

const char* toString(WilcoxonMethod method);
const char* toString(ZeroMethod method);

} // namespace ranklab::stats

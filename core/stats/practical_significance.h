#pragma once
// Practical significance of a paired difference d = a − b: does it matter,
// given δ > 0, the smallest difference that matters?
//
//  * TOST (two one-sided tests, Schuirmann 1987) of equivalence on the
//    per-user differences, paired t: H0⁻ μ ≤ −δ against μ > −δ, with
//    t⁻ = (d̄ + δ)/se and p⁻ = P(T > t⁻); H0⁺ μ ≥ δ against μ < δ, with
//    t⁺ = (d̄ − δ)/se and p⁺ = P(T < t⁺); T ~ t(n − 1), se = sd(d)/√n.
//    p_TOST = max(p⁻, p⁺). p_TOST < α exactly when the (1 − 2α) t interval
//    of μ lies inside (−δ, δ).
//  * The classification, Lakens, Scheel & Isager (2018, "Equivalence testing
//    for psychological research", Fig. 1): the two-sided paired t-test of
//    μ = 0 at α (its (1 − α) interval excludes 0) crossed with TOST at δ:
//      equivalent   TOST p < α (whether or not the difference is also
//                   significantly nonzero: "significant but trivial" is
//                   equivalent);
//      better       not equivalent, the paired t-test rejects μ = 0 at α and
//                   the difference is in a's favour (d̄ > 0 where higher is
//                   better, d̄ < 0 where lower is better);
//      worse        the same in b's favour;
//      inconclusive neither test rejects.
//    Both tests are uncorrected (per pair and metric), at the comparison's α.
//  * The matched-pairs rank-biserial correlation beside Wilcoxon (Kerby
//    2014): r = (W⁺ − W⁻)/(W⁺ + W⁻) from the signed-rank sums, with zero
//    differences handled as the Wilcoxon test handles them (dropped under
//    zero_method wilcox). In [−1, 1]; NaN when there is no rank.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stats/moments.h"
#include "stats/wilcoxon.h"

namespace ranklab::stats {

// δ as given: absolute (in the metric's units) or a percentage of the
// baseline's (b's) mean.
struct MinEffect {
    double value = 0;       // > 0
    bool relative = false;  // value is a percentage
    // The absolute δ for a pair whose b has mean `baselineMean`: value, or
    // value/100 · |baselineMean|.
    double absolute(double baselineMean) const;
    // "0.01" or "5%".
    std::string toString() const;
};

// "0.01", "5%"; throws ranklab::Error naming the text and what was expected.
MinEffect parseMinEffect(std::string_view text);

// δ per metric: a default for every metric and/or per metric id.
struct MinEffects {
    std::optional<MinEffect> all;
    std::vector<std::pair<std::string, MinEffect>> byMetric;  // metric id, δ
    bool empty() const { return !all && byMetric.empty(); }
    // The metric's own δ, else the default, else none.
    std::optional<MinEffect> find(std::string_view metricId) const;
    // "0.01", "ndcg@10=0.01,recall@10=2%", "1%,ndcg@10=0.02" (the inverse of
    // parseMinEffects).
    std::string toString() const;
};

// A comma list of entries `D` (the default) or `METRIC=D`; throws
// ranklab::Error naming the bad entry.
MinEffects parseMinEffects(std::string_view text);

struct TostResult {
    double delta = kNaN;   // absolute δ
    double tLower = kNaN;  // (d̄ + δ)/se
    double tUpper = kNaN;  // (d̄ − δ)/se
    double pLower = kNaN;  // P(T > tLower): H0 μ ≤ −δ
    double pUpper = kNaN;  // P(T < tUpper): H0 μ ≥ δ
    double pvalue = kNaN;  // max(pLower, pUpper)
    double df = kNaN;      // n − 1
};

// TOST on the differences' moments. A zero SD gives p 0 when |d̄| < δ and 1
// otherwise; fewer than two users give NaN. Throws ranklab::Error for δ ≤ 0
// or not finite.
TostResult tost(const Moments& differences, double delta);
TostResult tost(std::span<const double> differences, double delta);

enum class PracticalClass { Better, Worse, Equivalent, Inconclusive };

// "better", "worse", "equivalent", "inconclusive".
std::string_view toString(PracticalClass value);

struct PracticalSignificance {
    double delta = kNaN;    // absolute δ
    MinEffect minEffect;    // as given
    TostResult tost;
    double tPvalue = kNaN;  // two-sided paired t-test of μ = 0
    PracticalClass practicalClass = PracticalClass::Inconclusive;
};

// The classification above; NaN p-values count as not rejecting.
PracticalClass classifyPractical(double meanDiff, double tPvalue, double tostPvalue, double alpha,
                                 bool higherIsBetter);

// TOST and the classification of one pair from its differences' moments.
PracticalSignificance practicalSignificance(const Moments& differences, const MinEffect& minEffect,
                                            double baselineMean, double alpha, bool higherIsBetter);

// (W⁺ − W⁻)/(W⁺ + W⁻) of a Wilcoxon result; NaN when W⁺ + W⁻ = 0 or the
// test failed.
double rankBiserial(const WilcoxonResult& result);

} // namespace ranklab::stats

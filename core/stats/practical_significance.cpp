#include "stats/practical_significance.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

#include "common/error.h"
#include "stats/distributions.h"

namespace ranklab::stats {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// P(T > t) for T ~ t(df), from the two-sided tail.
double upperTail(double t, double df) {
    const double two = studentTTwoSidedP(t, df);
    return t >= 0 ? two / 2 : 1 - two / 2;
}

std::string shortest(double value) {
    std::ostringstream out;
    out.precision(15);
    out << value;
    return out.str();
}

} // namespace

double MinEffect::absolute(double baselineMean) const {
    return relative ? value / 100.0 * std::abs(baselineMean) : value;
}

std::string MinEffect::toString() const { return shortest(value) + (relative ? "%" : ""); }

MinEffect parseMinEffect(std::string_view text) {
    const std::string_view given = trim(text);
    std::string_view number = given;
    MinEffect out;
    if (!number.empty() && number.back() == '%') {
        out.relative = true;
        number.remove_suffix(1);
        number = trim(number);
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (number.empty() || ec != std::errc() || end != number.data() + number.size() || !std::isfinite(value) ||
        value <= 0)
        throw Error("minimum effect '" + std::string(given) +
                    "': expected a positive number (absolute, e.g. 0.01) or a percentage of the baseline's mean "
                    "(e.g. 5%)");
    out.value = value;
    return out;
}

std::optional<MinEffect> MinEffects::find(std::string_view metricId) const {
    for (const auto& [id, effect] : byMetric)
        if (id == metricId) return effect;
    return all;
}

std::string MinEffects::toString() const {
    std::string out = all ? all->toString() : std::string();
    for (const auto& [id, effect] : byMetric) out.append(out.empty() ? "" : ",").append(id + "=" + effect.toString());
    return out;
}

MinEffects parseMinEffects(std::string_view text) {
    MinEffects out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view entry = trim(text.substr(start, comma - start));
        start = comma + 1;
        if (entry.empty()) throw Error("minimum effect '" + std::string(text) + "': an empty entry");
        const std::size_t eq = entry.find('=');
        if (eq == std::string_view::npos) {
            if (out.all) throw Error("minimum effect '" + std::string(text) + "': two defaults (entries without METRIC=)");
            out.all = parseMinEffect(entry);
            continue;
        }
        const std::string id(trim(entry.substr(0, eq)));
        if (id.empty()) throw Error("minimum effect entry '" + std::string(entry) + "': expected METRIC=D");
        for (const auto& [seen, effect] : out.byMetric)
            if (seen == id) throw Error("minimum effect '" + std::string(text) + "': metric " + id + " given twice");
        out.byMetric.emplace_back(id, parseMinEffect(entry.substr(eq + 1)));
    }
    return out;
}

TostResult tost(const Moments& d, double delta) {
    if (!std::isfinite(delta) || delta <= 0) throw Error("TOST needs a finite minimum effect > 0");
    TostResult r;
    r.delta = delta;
    if (d.n < 2) return r;
    r.df = static_cast<double>(d.n - 1);
    if (d.sd == 0) {
        // Every difference equal: the mean is known exactly.
        r.tLower = d.mean + delta > 0 ? kInf : -kInf;
        r.tUpper = d.mean - delta < 0 ? -kInf : kInf;
        r.pLower = d.mean > -delta ? 0.0 : 1.0;
        r.pUpper = d.mean < delta ? 0.0 : 1.0;
    } else {
        const double se = d.sd / std::sqrt(static_cast<double>(d.n));
        r.tLower = (d.mean + delta) / se;
        r.tUpper = (d.mean - delta) / se;
        r.pLower = upperTail(r.tLower, r.df);
        r.pUpper = upperTail(-r.tUpper, r.df);  // P(T < t) = P(T > −t)
    }
    r.pvalue = std::max(r.pLower, r.pUpper);
    return r;
}

TostResult tost(std::span<const double> differences, double delta) { return tost(moments(differences), delta); }

std::string_view toString(PracticalClass value) {
    switch (value) {
    case PracticalClass::Better: return "better";
    case PracticalClass::Worse: return "worse";
    case PracticalClass::Equivalent: return "equivalent";
    case PracticalClass::Inconclusive: return "inconclusive";
    }
    return "inconclusive";
}

PracticalClass classifyPractical(double meanDiff, double tPvalue, double tostPvalue, double alpha,
                                 bool higherIsBetter) {
    if (tostPvalue < alpha) return PracticalClass::Equivalent;
    if (tPvalue < alpha && meanDiff != 0 && !std::isnan(meanDiff))
        return (meanDiff > 0) == higherIsBetter ? PracticalClass::Better : PracticalClass::Worse;
    return PracticalClass::Inconclusive;
}

PracticalSignificance practicalSignificance(const Moments& differences, const MinEffect& minEffect,
                                            double baselineMean, double alpha, bool higherIsBetter) {
    PracticalSignificance out;
    out.minEffect = minEffect;
    out.delta = minEffect.absolute(baselineMean);
    if (differences.n >= 2) {
        const double se = differences.sd / std::sqrt(static_cast<double>(differences.n));
        out.tPvalue = studentTTwoSidedP(differences.mean / se, static_cast<double>(differences.n - 1));
    }
    // A relative δ of a zero baseline mean is 0: nothing is equivalent.
    if (std::isfinite(out.delta) && out.delta > 0) out.tost = tost(differences, out.delta);
    out.practicalClass = classifyPractical(differences.mean, out.tPvalue, out.tost.pvalue, alpha, higherIsBetter);
    return out;
}

double rankBiserial(const WilcoxonResult& result) {
    if (!result.ok()) return kNaN;
    const double total = result.rPlus + result.rMinus;
    return total > 0 ? (result.rPlus - result.rMinus) / total : kNaN;
}

} // namespace ranklab::stats

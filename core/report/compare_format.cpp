#include "report/compare_format.h"
#include "common/number_text.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace ranklab::compare_format {

std::string fixed(double value, int digits) { return fixedDecimals(value, digits, "n/a"); }

std::string full(double value) { return shortestText(value, "NaN"); }

std::string pvalue(double p, int digits) {
    if (std::isnan(p)) return "n/a";
    if (p == 0 || p >= 0.5 * std::pow(10.0, -digits)) return fixed(p, digits);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2e", p);
    return buffer;
}

ShownInterval effectiveInterval(const stats::Comparison& comparison, ShownInterval shown) {
    if (shown == ShownInterval::Bootstrap && !comparison.options.bootstrapIntervals) return ShownInterval::T;
    return shown;
}

std::string intervalName(const stats::Comparison& comparison, ShownInterval shown) {
    char level[32];
    std::snprintf(level, sizeof level, "%g%%", comparison.options.level * 100);
    switch (effectiveInterval(comparison, shown)) {
    case ShownInterval::T: return std::string(level).append(" t CI");
    case ShownInterval::Bootstrap:
        return std::string(level).append(comparison.twoLevelBootstrap ? " two-level bootstrap CI" : " bootstrap CI");
    case ShownInterval::None: return {};
    }
    return {};
}

Interval meanInterval(const stats::MeanSummary& mean, ShownInterval shown) {
    Interval out;
    if (shown == ShownInterval::None) return out;
    out.shown = true;
    if (shown == ShownInterval::Bootstrap && mean.bootstrap) {
        out.lo = mean.bootstrap->lo;
        out.hi = mean.bootstrap->hi;
    } else {
        out.symmetric = true;
        out.lo = mean.t.lo;
        out.hi = mean.t.hi;
        out.halfWidth = mean.t.halfWidth;
    }
    return out;
}

Interval diffInterval(const stats::PairComparison& pair, ShownInterval shown) {
    Interval out;
    if (shown == ShownInterval::None) return out;
    out.shown = true;
    if (shown == ShownInterval::Bootstrap && pair.ciBootstrap) {
        out.lo = pair.ciBootstrap->lo;
        out.hi = pair.ciBootstrap->hi;
    } else {
        out.symmetric = true;
        out.lo = pair.ciT.lo;
        out.hi = pair.ciT.hi;
        out.halfWidth = pair.ciT.halfWidth;
    }
    return out;
}

std::string winsTiesLosses(const stats::PairComparison& pair) {
    const auto& w = pair.winsTiesLosses;
    return std::to_string(w.wins).append("/").append(std::to_string(w.ties)).append("/").append(
        std::to_string(w.losses));
}

std::string usersLine(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    std::string out = std::to_string(comparison.users).append(comparison.users == 1 ? " user" : " users");
    if (options.context) {
        const auto& c = *options.context;
        out.append(" (users policy ").append(c.users).append(", ties ").append(c.ties).append("); ");
        out.append(std::to_string(c.counts.runOnly)).append(" only in runs, ");
        out.append(std::to_string(c.counts.qrelsOnly)).append(" only in the ground truth");
    }
    const auto& tests = comparison.options.tests;
    const bool resampled = comparison.options.bootstrapIntervals ||
                           std::find(tests.begin(), tests.end(), stats::SignificanceTest::Bootstrap) != tests.end() ||
                           std::find(tests.begin(), tests.end(), stats::SignificanceTest::Randomization) != tests.end();
    if (resampled) {
        out.append("; ").append(std::to_string(comparison.options.resampling.resamples));
        out.append(" resamples, seed ").append(std::to_string(comparison.options.resampling.seed));
    }
    return out;
}

} // namespace ranklab::compare_format

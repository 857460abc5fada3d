#include "report/compare_marks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "metrics/metric_spec.h"
#include "metrics/registry.h"

namespace ranklab {
namespace {

bool isCountMetric(const std::string& id) {
    try {
        const MetricRecord* record = MetricSpec::parse(id).record();
        return record && record->direction == Direction::None;
    } catch (const std::exception&) {
        return false;
    }
}

} // namespace

std::vector<std::vector<MeanMarks>> meanMarks(const stats::Comparison& comparison) {
    const std::size_t metricCount = comparison.metrics.size();
    std::vector<std::vector<MeanMarks>> marks(comparison.models.size(), std::vector<MeanMarks>(metricCount));
    if (comparison.options.tests.empty()) return marks;
    for (const auto& pair : comparison.pairs) {
        if (pair.tests.empty() || !pair.tests.front().significant) continue;
        if (!(pair.meanDiff > 0) && !(pair.meanDiff < 0)) continue;
        const auto column = std::find(comparison.metrics.begin(), comparison.metrics.end(), pair.metric);
        if (column == comparison.metrics.end()) continue;
        const auto i = static_cast<std::size_t>(column - comparison.metrics.begin());
        if (comparison.direction(i) == Direction::None) continue;  // a count is neither better nor worse
        // a is better when its mean is above b's, or below where lower is better.
        const bool aBetter = isBetter(comparison.direction(i), pair.meanDiff, 0.0);
        const std::size_t winner = aBetter ? pair.a : pair.b;
        const std::size_t loser = aBetter ? pair.b : pair.a;
        marks[winner][i].betterThan.push_back(loser);
        marks[loser][i].worseThan.push_back(winner);
        if (comparison.options.baseline) {
            if (loser == *comparison.options.baseline) marks[winner][i].better = true;
            if (winner == *comparison.options.baseline) marks[loser][i].worse = true;
        }
    }
    for (auto& row : marks)
        for (auto& cell : row) {
            std::sort(cell.betterThan.begin(), cell.betterThan.end());
            std::sort(cell.worseThan.begin(), cell.worseThan.end());
        }
    return marks;
}

std::vector<std::vector<bool>> bestMeans(const stats::Comparison& comparison) {
    const std::size_t metricCount = comparison.metrics.size();
    std::vector<std::vector<bool>> best(comparison.models.size(), std::vector<bool>(metricCount, false));
    if (comparison.models.size() < 2) return best;
    for (std::size_t i = 0; i < metricCount; ++i) {
        if (i < comparison.metricIds.size() && isCountMetric(comparison.metricIds[i])) continue;
        const Direction direction = comparison.direction(i);
        double top = NAN;
        for (const auto& row : comparison.means)
            if (std::isnan(top) || isBetter(direction, row[i].moments.mean, top)) top = row[i].moments.mean;
        if (std::isnan(top)) continue;  // every mean NaN
        for (std::size_t m = 0; m < comparison.models.size(); ++m) best[m][i] = comparison.means[m][i].moments.mean == top;
    }
    return best;
}

std::string modelLetter(std::size_t model) {
    std::string letters;
    std::size_t k = model + 1;  // bijective base 26
    while (k > 0) {
        --k;
        letters.insert(letters.begin(), static_cast<char>('a' + k % 26));
        k /= 26;
    }
    return letters;
}

std::string modelLetters(const std::vector<std::size_t>& models) {
    std::string out;
    for (std::size_t m : models) out += modelLetter(m);
    return out;
}

std::string testDisplayName(stats::SignificanceTest test) {
    switch (test) {
    case stats::SignificanceTest::TTest: return "paired t-test";
    case stats::SignificanceTest::Wilcoxon: return "Wilcoxon signed-rank";
    case stats::SignificanceTest::Randomization: return "randomization test";
    case stats::SignificanceTest::Bootstrap: return "bootstrap test";
    }
    return "?";
}

std::string correctionDisplayName(stats::Correction correction) {
    switch (correction) {
    case stats::Correction::None: return "no correction";
    case stats::Correction::Bonferroni: return "Bonferroni";
    case stats::Correction::Holm: return "Holm";
    case stats::Correction::BenjaminiHochberg: return "Benjamini-Hochberg";
    case stats::Correction::Sidak: return "Sidak";
    case stats::Correction::HolmSidak: return "Holm-Sidak";
    }
    return "?";
}

std::string marksBasis(const stats::Comparison& comparison) {
    if (comparison.options.tests.empty()) return {};
    std::size_t family = 0;
    for (const auto& pair : comparison.pairs)
        if (!pair.tests.empty() && !std::isnan(pair.tests.front().pvalue)) ++family;
    char alpha[32];
    std::snprintf(alpha, sizeof alpha, "%g", comparison.options.alpha);
    std::string out = testDisplayName(comparison.options.tests.front());
    if (comparison.options.correction == stats::Correction::None) {
        out += ", no correction";
    } else {
        out.append(", ").append(correctionDisplayName(comparison.options.correction)).append(" correction over ");
        out.append(std::to_string(family)).append(family == 1 ? " comparison" : " comparisons");
    }
    return out.append(", alpha ").append(alpha);
}

} // namespace ranklab

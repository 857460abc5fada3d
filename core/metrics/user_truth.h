#pragma once
// What the metrics need to know about a user's ground truth: every judged
// grade, sorted descending (for R at any threshold and for the ideal DCG).
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "metrics/metric_spec.h"
#include "rank/ranked_run.h"

namespace ranklab {

struct ItemContext;  // core/data/item_context.h: catalogue, training popularity, item attributes

struct UserTruth {
    std::span<const double> gradesDescending;

    // R: judged items with grade >= threshold.
    std::uint32_t relevantCount(double threshold) const {
        auto it = std::partition_point(gradesDescending.begin(), gradesDescending.end(),
                                       [&](double g) { return g >= threshold; });
        return static_cast<std::uint32_t>(it - gradesDescending.begin());
    }
};

// The `gain` parameter of dcg and ndcg, in its declared order.
enum class Gain { Linear, Exponential, Binary };

// gain(g): g (lin) or 2^g - 1 (exp) for g > 0, negative grades give none;
// bin: 1 when g >= threshold (relevant), else 0 (RecBole, Spark, MS Recommenders).
inline double gainOf(double grade, Gain gain, double threshold = 1.0) {
    if (gain == Gain::Binary) return grade >= threshold && grade > 0 ? 1.0 : 0.0;
    if (grade <= 0) return 0.0;
    return gain == Gain::Linear ? grade : std::exp2(grade) - 1.0;
}

// Prefix sums of the DCG discount: at(p) = sum_{q=1..p} 1/log2(q+1).
class Discounts {
public:
    explicit Discounts(std::size_t maxPosition = 0) { ensure(maxPosition); }
    void ensure(std::size_t maxPosition) {
        if (prefix_.empty()) prefix_.push_back(0.0);
        for (std::size_t p = prefix_.size(); p <= maxPosition; ++p)
            prefix_.push_back(prefix_.back() + 1.0 / std::log2(double(p) + 1.0));
    }
    // sum of 1/log2(q+1) for q in (from, to]; to <= maxPosition.
    double between(std::size_t from, std::size_t to) const { return prefix_[to] - prefix_[from]; }
    std::size_t size() const { return prefix_.size() - 1; }

private:
    std::vector<double> prefix_;
};

// Everything a metric kernel gets besides the user.
struct MetricContext {
    const MetricSpec& spec;   // family parameters, filled in (the cutoff is in `cutoffs`)
    double threshold;         // resolved relevance threshold
    const Discounts& discounts;
    const ItemContext* items = nullptr;  // when the evaluation has one
};

// Cutoffs are passed ascending, kCutoffAll last. For counting positions, k
// beyond the list means the whole list.
inline std::uint32_t effective(std::uint32_t k, std::uint32_t listLength) { return std::min(k, listLength); }

inline std::uint32_t relevantIn(const RankedGroup& g, const UserRanking& r, double threshold) {
    std::uint32_t n = 0;
    for (std::uint32_t i = 0; i < g.gradeCount; ++i) n += r.grades[g.firstGrade + i] >= threshold;
    return n;
}

// The first tie group holding a relevant item, with its relevant count; a
// null group when there is none.
struct FirstRelevant {
    const RankedGroup* group = nullptr;
    std::uint32_t relevant = 0;
};
inline FirstRelevant firstRelevantGroup(const UserRanking& r, double threshold) {
    for (const RankedGroup& g : r.groups)
        if (std::uint32_t rel = relevantIn(g, r, threshold)) return {&g, rel};
    return {};
}

} // namespace ranklab

#pragma once
// A metric with its parameters and cutoff, written as an id such as
// `ndcg@10`, `ndcg(gain=exp)@10`, `ap(norm=min)@100`, `recall(rel=2)@20`,
// `rr@all`, `rprec` (METRICS.md). Every spec has one canonical id, and
// parse(id()) gives the spec back.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ranklab {

enum class Gain { Linear, Exponential };
enum class ApNorm { R, MinRK };

inline constexpr std::uint32_t kCutoffAll = 0xffffffffu;

struct MetricSpec {
    std::string family;          // canonical family name ("ndcg")
    std::optional<double> rel;   // relevance threshold; none: the evaluation's
    Gain gain = Gain::Linear;
    ApNorm norm = ApNorm::R;
    std::uint32_t cutoff = kCutoffAll;  // k, or kCutoffAll (@all / no cutoff)

    // The canonical id: family, non-default parameters in a fixed order, @k.
    std::string id() const;
    // Parameters without the cutoff: "ndcg(gain=exp)". Specs with the same
    // key are computed together, all cutoffs in one pass.
    std::string familyKey() const;
    bool operator==(const MetricSpec&) const = default;

    // Throws Error naming what is wrong and what was expected.
    static MetricSpec parse(std::string_view text);
};

// A comma-separated list of metrics; a family name without '@' is expanded
// over `cutoffs` (`ndcg,ap` with 5,10 -> ndcg@5, ndcg@10, ap@5, ap@10).
// Commas inside parentheses belong to the parameters.
std::vector<MetricSpec> expandMetrics(std::string_view list, const std::vector<std::uint32_t>& cutoffs);

// "5,10,20" -> {5, 10, 20}; throws Error on anything but positive integers.
std::vector<std::uint32_t> parseCutoffs(std::string_view list);

} // namespace ranklab

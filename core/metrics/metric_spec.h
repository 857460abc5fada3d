#pragma once
// A metric with its parameters and cutoff, written as an id such as
// `ndcg@10`, `ndcg(gain=exp)@10`, `ap(norm=min)@100`, `recall(rel=2)@20`,
// `rr@all`, `rprec` (docs/metrics.md). Ids are parsed and printed from the
// metric records' declared parameters (metric_record.h): every spec has one
// canonical id (the family's canonical name, the parameters that differ
// from their defaults in the record's declared order, @k), and
// parse(id()) gives the spec back.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ranklab {

struct MetricRecord;

inline constexpr std::uint32_t kCutoffAll = 0xffffffffu;

struct MetricSpec {
    std::string family;                 // canonical family name ("ndcg")
    // One value per parameter the family's record declares, in its order: a
    // Choice's index into its choices, or the number; NaN: a parameter
    // without default that was not given (rel: the evaluation's θ). Filled
    // by parse() and of(); empty means every parameter at its default.
    std::vector<double> params;
    std::uint32_t cutoff = kCutoffAll;  // k, or kCutoffAll (@all / no cutoff)
    // Bit i: parameter i was written in the text parse() read, so it is the
    // user's own: a definition profile never replaces it. Not part of the
    // spec's identity (==, id()).
    std::uint32_t written = 0;

    // The family's record; nullptr for an unknown family.
    const MetricRecord* record() const;
    // Parameter `index` of the record (params[index] when filled, else the
    // default): the kernels read their parameters this way.
    double param(std::size_t index) const {
        return index < params.size() ? params[index] : defaultParam(index);
    }
    // By name: a Choice's canonical value ("exp"; empty if the family has no
    // such parameter), a number (none if unset or not a parameter).
    std::string_view choice(std::string_view name) const;
    std::optional<double> number(std::string_view name) const;
    // Whether parameter `name` was written in the parsed text.
    bool wrote(std::string_view name) const;
    // The relevance threshold this metric sets itself (rel=), if any.
    std::optional<double> rel() const { return number("rel"); }
    // Sets parameter `name` from its text, as parse() does. Throws Error
    // naming the parameter and what was expected.
    void set(std::string_view name, std::string_view value);

    // The canonical id: family, non-default parameters in the record's order, @k.
    std::string id() const;
    // Parameters without the cutoff: "ndcg(gain=exp)". Specs with the same
    // key are computed together, all cutoffs in one pass.
    std::string familyKey() const;
    // Same family, cutoff and parameters (defaults filled in).
    bool operator==(const MetricSpec& other) const;

    // Throws Error naming what is wrong and what was expected.
    static MetricSpec parse(std::string_view text);
    // `family` (canonical name or alias) with default parameters at `cutoff`.
    static MetricSpec of(std::string_view family, std::uint32_t cutoff = kCutoffAll);

private:
    double defaultParam(std::size_t index) const;
};

// The direction of `spec`'s record (higher is better for an unknown family).
enum class Direction;
Direction directionOf(const MetricSpec& spec);

// A comma-separated list of metrics; a family name without '@' is expanded
// over `cutoffs` (`ndcg,ap` with 5,10 -> ndcg@5, ndcg@10, ap@5, ap@10).
// Commas inside parentheses belong to the parameters.
std::vector<MetricSpec> expandMetrics(std::string_view list, const std::vector<std::uint32_t>& cutoffs);

// "5,10,20" -> {5, 10, 20}; throws Error on anything but positive integers.
std::vector<std::uint32_t> parseCutoffs(std::string_view list);

} // namespace ranklab

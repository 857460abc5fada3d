#include "eval/cohort_grouping.h"

#include <algorithm>

#include "common/error.h"

namespace ranklab {
namespace {

std::uint64_t relevantCount(const Judgments& judgments, UserId u, double threshold) {
    threshold = std::max(0.0, threshold);  // negative grades are never relevant
    auto grades = judgments.grades(u);
    return static_cast<std::uint64_t>(std::count_if(grades.begin(), grades.end(), [&](double g) { return g >= threshold; }));
}

void assignByBins(CohortAssignment& out, std::vector<CountBin> bins) {
    out.bins = std::move(bins);
    for (const auto& bin : out.bins) out.labels.push_back(bin.label);
    std::optional<std::size_t> other;
    for (std::uint64_t value : out.valueOfRow) {
        auto bin = binOf(out.bins, value);
        if (!bin) {
            if (!other) {
                other = out.labels.size();
                out.labels.emplace_back(kOtherBinLabel);
            }
            bin = other;
        }
        out.cohortOfRow.push_back(*bin);
    }
}

void assignByAttribute(CohortAssignment& out, const Cohorts& cohorts, std::span<const UserId> users) {
    for (std::size_t g = 0; g < cohorts.groupCount(); ++g) out.labels.emplace_back(cohorts.groupName(std::uint32_t(g)));
    std::optional<std::size_t> none;
    for (UserId u : users) {
        const std::uint32_t g = cohorts.groupOf(u);
        if (g != Cohorts::none) {
            out.cohortOfRow.push_back(g);
            continue;
        }
        if (!none) {
            none = out.labels.size();
            out.labels.emplace_back(kNoGroupLabel);
        }
        out.cohortOfRow.push_back(*none);
    }
    out.valueOfRow.assign(users.size(), 0);
}

} // namespace

const char* cohortGroupingName(CohortGrouping grouping) {
    switch (grouping) {
    case CohortGrouping::Relevant: return "relevant";
    case CohortGrouping::Activity: return "activity";
    case CohortGrouping::Attribute: return "attribute";
    }
    return "?";
}

std::optional<CohortGrouping> parseCohortGrouping(std::string_view name) {
    if (name == "relevant") return CohortGrouping::Relevant;
    if (name == "activity") return CohortGrouping::Activity;
    if (name == "attribute") return CohortGrouping::Attribute;
    return std::nullopt;
}

CohortAssignment assignCohorts(const Dataset& data, std::span<const UserId> users, const CohortSpec& spec) {
    CohortAssignment out;
    out.by = spec.by;
    switch (spec.by) {
    case CohortGrouping::Relevant: {
        for (UserId u : users) out.valueOfRow.push_back(relevantCount(data.judgments, u, spec.relevanceThreshold));
        if (!spec.bins.empty()) assignByBins(out, spec.bins);
        else if (spec.quantiles) assignByBins(out, quantileBins(out.valueOfRow, *spec.quantiles));
        else assignByBins(out, defaultRelevantBins());
        break;
    }
    case CohortGrouping::Activity: {
        if (!data.exclusions)
            throw Error("cohorts by activity count each user's training interactions in the exclusions file: "
                        "give one (--exclude)");
        for (UserId u : users) out.valueOfRow.push_back(data.exclusions->items(u).size());
        if (!spec.bins.empty()) assignByBins(out, spec.bins);
        else assignByBins(out, quantileBins(out.valueOfRow, spec.quantiles.value_or(4)));
        break;
    }
    case CohortGrouping::Attribute:
        if (!data.cohorts)
            throw Error("cohorts by attribute need a cohort file of `user group` lines (--cohorts)");
        assignByAttribute(out, *data.cohorts, users);
        break;
    }
    return out;
}

} // namespace ranklab

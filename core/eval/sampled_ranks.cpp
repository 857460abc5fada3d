#include "eval/sampled_ranks.h"

#include <optional>

namespace ranklab {
namespace {

// The index in the user's list of its one relevant item; nullopt with
// `count` set to the number of relevant items otherwise.
std::optional<std::size_t> onlyPositive(const Dataset& data, UserId u, std::span<const ItemId> items, double threshold,
                                        std::size_t& count) {
    count = 0;
    std::optional<std::size_t> at;
    if (!data.judgments.hasUser(u)) return std::nullopt;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto grade = data.judgments.grade(u, items[i]);
        if (grade && *grade >= threshold) {
            ++count;
            at = i;
        }
    }
    return count == 1 ? at : std::nullopt;
}

} // namespace

SampledProtocolScan scanSampledProtocol(const Dataset& data, std::size_t model, double threshold) {
    SampledProtocolScan scan;
    const Run& run = data.models[model].run;
    scan.catalogLowerBound = data.catalog ? data.catalog->size() : data.ids.items.size();
    std::size_t listSize = 0;
    bool sameSize = true;
    for (UserId u = 0; u < run.index().userCount(); ++u) {
        const auto items = run.items(u);
        if (items.empty()) continue;
        ++scan.users;
        if (listSize == 0) listSize = items.size();
        if (items.size() != listSize) sameSize = false;
        std::size_t count = 0;
        if (onlyPositive(data, u, items, threshold, count)) ++scan.onePositiveUsers;
    }
    if (sameSize && listSize >= 2) scan.negatives = static_cast<std::uint32_t>(listSize - 1);
    scan.detected = scan.users >= 2 && sameSize && listSize >= 2 && scan.onePositiveUsers == scan.users &&
                    4 * std::uint64_t{listSize} <= scan.catalogLowerBound;
    return scan;
}

SampledRanks sampledRanks(const Dataset& data, std::size_t model, std::span<const UserId> users,
                          std::uint32_t negatives, TiePolicy ties, double threshold) {
    SampledRanks out;
    const Run& run = data.models[model].run;
    for (UserId u : users) {
        const auto items = run.items(u);
        const auto scores = run.scores(u);
        if (items.empty()) {
            ++out.missing;
            continue;
        }
        if (items.size() != std::size_t{negatives} + 1) {
            ++out.wrongSize;
            continue;
        }
        std::size_t count = 0;
        const auto at = onlyPositive(data, u, items, threshold, count);
        if (!at) {
            ++(count == 0 ? out.noPositive : out.manyPositives);
            continue;
        }
        const double s = scores[*at];
        std::uint32_t above = 0, tied = 0, tiedFirst = 0;
        const std::string_view name = data.ids.items.name(items[*at]);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i == *at) continue;
            if (scores[i] > s) {
                ++above;
            } else if (scores[i] == s) {
                ++tied;
                if (ties == TiePolicy::Trec && data.ids.items.name(items[i]) > name) ++tiedFirst;
                if (ties == TiePolicy::Input && i < *at) ++tiedFirst;
            }
        }
        std::uint32_t best = 1 + above, worst = 1 + above + tied;
        switch (ties) {
        case TiePolicy::Expected: break;
        case TiePolicy::Optimistic: worst = best; break;
        case TiePolicy::Pessimistic: best = worst; break;
        case TiePolicy::Trec:
        case TiePolicy::Input: best = worst = 1 + above + tiedFirst; break;
        }
        out.users.push_back(u);
        out.best.push_back(best);
        out.worst.push_back(worst);
    }
    return out;
}

} // namespace ranklab

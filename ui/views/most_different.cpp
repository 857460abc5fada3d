#include "ui/views/most_different.h"

#include <algorithm>
#include <cmath>

#include "rank/ranker.h"

namespace ranklab::ui {

double topKJaccard(const std::vector<ItemId>& a, const std::vector<ItemId>& b, std::uint32_t k) {
    std::vector<ItemId> x(a.begin(), a.begin() + std::ptrdiff_t(std::min<std::size_t>(k, a.size())));
    std::vector<ItemId> y(b.begin(), b.begin() + std::ptrdiff_t(std::min<std::size_t>(k, b.size())));
    std::sort(x.begin(), x.end());
    x.erase(std::unique(x.begin(), x.end()), x.end());
    std::sort(y.begin(), y.end());
    y.erase(std::unique(y.begin(), y.end()), y.end());
    std::vector<ItemId> both;
    std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(both));
    const std::size_t either = x.size() + y.size() - both.size();
    return either ? double(both.size()) / double(either) : 1.0;
}

MostDifferent mostDifferentUsers(const EvaluationResult& result, const MostDifferentSpec& spec,
                                 const Progress* progress) {
    MostDifferent out;
    out.spec = spec;
    const Evaluation& e = *result.evaluation;
    const Dataset& data = *result.dataset;
    const UserPair& p = spec.pair;
    if (p.a >= e.models.size() || p.b >= e.models.size() || p.metric >= e.metricCount() ||
        p.a >= data.models.size() || p.b >= data.models.size())
        return out;
    // Ranked as the evaluation ranks (its tie policy, exclusions, maximum length).
    const EvalSettings& s = e.settings;
    RankOptions options;
    options.ties = s.ties;
    options.exclusions = s.useExclusions && data.exclusions ? &*data.exclusions : nullptr;
    options.maxLength = s.maxLength;
    std::shared_ptr<const std::vector<std::uint32_t>> order;
    if (s.ties == TiePolicy::Trec && result.cache) {
        order = result.cache->itemOrder(data);
        options.itemOrder = order.get();
    }
    const std::size_t n = e.users.size();
    out.users = n;
    std::vector<MostDifferentRow> rows(n);
    std::vector<ItemId> listA, listB;
    auto top = [&](std::size_t model, UserId user, std::vector<ItemId>& items) {
        items.clear();
        for (const RankedItem& r : rankUser(data.models[model].run, data.judgments, user, options)) {
            if (items.size() == spec.k) break;
            items.push_back(r.item);
        }
    };
    for (std::size_t row = 0; row < n; ++row) {
        if (progress && row % 1024 == 0) {
            progress->check();
            progress->report(double(row) / double(n));
        }
        MostDifferentRow& r = rows[row];
        r.user = e.users[row];
        r.a = e.value(p.a, row, p.metric);
        r.b = e.value(p.b, row, p.metric);
        r.delta = r.b - r.a;
        top(p.a, r.user, listA);
        top(p.b, r.user, listB);
        r.jaccard = topKJaccard(listA, listB, spec.k);
    }
    // |Δ| descending (NaN last), overlap ascending, user id ascending.
    auto magnitude = [](const MostDifferentRow& r) { return std::isnan(r.delta) ? -1.0 : std::abs(r.delta); };
    auto byDelta = [&](const MostDifferentRow& x, const MostDifferentRow& y) {
        if (magnitude(x) != magnitude(y)) return magnitude(x) > magnitude(y);
        if (x.jaccard != y.jaccard) return x.jaccard < y.jaccard;
        return x.user < y.user;
    };
    auto byOverlap = [&](const MostDifferentRow& x, const MostDifferentRow& y) {
        if (x.jaccard != y.jaccard) return x.jaccard < y.jaccard;
        if (magnitude(x) != magnitude(y)) return magnitude(x) > magnitude(y);
        return x.user < y.user;
    };
    const std::size_t kept = std::min(spec.limit, n);
    if (spec.key == DifferenceKey::AbsoluteDelta)
        std::partial_sort(rows.begin(), rows.begin() + std::ptrdiff_t(kept), rows.end(), byDelta);
    else
        std::partial_sort(rows.begin(), rows.begin() + std::ptrdiff_t(kept), rows.end(), byOverlap);
    rows.resize(kept);
    out.rows = std::move(rows);
    return out;
}

} // namespace ranklab::ui

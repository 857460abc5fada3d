#include "ui/views/per_user_order.h"

#include <algorithm>
#include <numeric>
#include <string_view>

namespace ranklab::ui {

bool PerUserOrderSpec::operator==(const PerUserOrderSpec& o) const {
    const bool sameSelection = relation != PerUserRelation::Selected || selected == o.selected;
    return pair == o.pair && models == o.models && column == o.column && descending == o.descending &&
           idText == o.idText && relation == o.relation && sameSelection;
}

bool PerUserOrderSpec::sameFilter(const PerUserOrderSpec& o) const {
    const bool sameSelection = relation != PerUserRelation::Selected || selected == o.selected;
    return pair == o.pair && idText == o.idText && relation == o.relation && sameSelection;
}

std::vector<std::uint32_t> perUserRows(const EvaluationResult& result, const PerUserOrderSpec& spec,
                                       const Progress* progress) {
    const Evaluation& e = *result.evaluation;
    const std::size_t n = e.users.size();
    const UserPair& p = spec.pair;
    auto difference = [&](std::size_t row) { return e.value(p.b, row, p.metric) - e.value(p.a, row, p.metric); };
    const bool byId = !spec.idText.isEmpty();
    const std::vector<UserId> none;
    const std::vector<UserId>& selected = spec.selected ? *spec.selected : none;

    std::vector<std::uint32_t> rows;
    rows.reserve(n);
    for (std::size_t row = 0; row < n; ++row) {
        if (byId && !QString::fromUtf8(result.dataset->ids.users.name(e.users[row]))
                         .contains(spec.idText, Qt::CaseInsensitive))
            continue;
        if (spec.relation != PerUserRelation::Any) {
            bool keep = true;
            if (spec.relation == PerUserRelation::Selected) {
                keep = std::binary_search(selected.begin(), selected.end(), e.users[row]);
            } else {
                const double d = difference(row);
                keep = spec.relation == PerUserRelation::BBetter ? d > 0
                       : spec.relation == PerUserRelation::ABetter ? d < 0 : d == 0;
            }
            if (!keep) continue;
        }
        rows.push_back(std::uint32_t(row));
    }
    if (progress) progress->check();
    return rows;
}

void sortPerUserRows(const EvaluationResult& result, const PerUserOrderSpec& spec, std::vector<std::uint32_t>& rows) {
    const Evaluation& e = *result.evaluation;
    const std::size_t n = e.users.size();
    const UserPair& p = spec.pair;
    auto difference = [&](std::size_t row) { return e.value(p.b, row, p.metric) - e.value(p.a, row, p.metric); };
    constexpr int diffColumn = 1;
    if (spec.column == 0) {
        // By id text (the rows are ascending UserIds, not names).
        std::vector<std::string_view> names(n);
        for (std::uint32_t row : rows) names[row] = result.dataset->ids.users.name(e.users[row]);
        auto less = [&](std::uint32_t x, std::uint32_t y) { return names[x] < names[y]; };
        if (spec.descending)
            std::stable_sort(rows.begin(), rows.end(), [&](auto x, auto y) { return less(y, x); });
        else
            std::stable_sort(rows.begin(), rows.end(), less);
    } else if (spec.column >= diffColumn && spec.column <= int(spec.models.size()) + 1) {
        std::vector<double> key(n);
        const bool diff = spec.column == diffColumn;
        const std::size_t model = diff ? 0 : spec.models.at(std::size_t(spec.column - 2));
        for (std::uint32_t row : rows) key[row] = diff ? difference(row) : e.value(model, row, p.metric);
        if (spec.descending)
            std::stable_sort(rows.begin(), rows.end(), [&](auto x, auto y) { return key[x] > key[y]; });
        else
            std::stable_sort(rows.begin(), rows.end(), [&](auto x, auto y) { return key[x] < key[y]; });
    }
}

std::vector<std::uint32_t> perUserOrder(const EvaluationResult& result, const PerUserOrderSpec& spec,
                                        const Progress* progress) {
    std::vector<std::uint32_t> rows = perUserRows(result, spec, progress);
    sortPerUserRows(result, spec, rows);
    return rows;
}

} // namespace ranklab::ui

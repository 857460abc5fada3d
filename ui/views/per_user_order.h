#pragma once
// The rows the Per user table shows, in the order it shows them: the
// evaluation's rows kept by the filters (id text, sign of B − A, selected
// only), sorted by one column. Computed off the GUI thread, so sorting and
// filtering 100,000 users never stalls the window; the table then reads
// rows through the order in O(1).
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

#include "common/progress.h"
#include "ui/charts/density_plot.h"
#include "ui/evaluation_result.h"

namespace ranklab::ui {

enum class PerUserRelation { Any, BBetter, ABetter, Equal, Selected };

struct PerUserOrderSpec {
    UserPair pair;
    std::vector<std::size_t> models;  // the table's model columns, in order
    int column = 0;                   // 0 the user id, 1 the B − A, 2.. the models (the table's columns)
    bool descending = false;
    QString idText;                   // kept: ids containing it, case-insensitive
    PerUserRelation relation = PerUserRelation::Any;
    std::shared_ptr<const std::vector<UserId>> selected;  // ascending; for Selected
    bool operator==(const PerUserOrderSpec& o) const;
    // Keeps the same rows (the id text, the relation, the selection it
    // reads): only the sort differs. The chart follows the filter, not the sort.
    bool sameFilter(const PerUserOrderSpec& o) const;
};

// The evaluation rows the filters keep, ascending.
std::vector<std::uint32_t> perUserRows(const EvaluationResult& result, const PerUserOrderSpec& spec,
                                       const Progress* progress = nullptr);
// `rows` (perUserRows) sorted by the spec's column; ties keep their order.
void sortPerUserRows(const EvaluationResult& result, const PerUserOrderSpec& spec, std::vector<std::uint32_t>& rows);

// The evaluation rows to show, in order. Ties keep ascending row order.
std::vector<std::uint32_t> perUserOrder(const EvaluationResult& result, const PerUserOrderSpec& spec,
                                        const Progress* progress = nullptr);

} // namespace ranklab::ui

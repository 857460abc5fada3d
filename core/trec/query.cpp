#include "trec/query.h"

#include <algorithm>
#include <functional>

namespace ranklab::trec {

Query buildQuery(std::string_view qid, const Run& run, const Judgments& judgments, UserId user,
                 const RankOptions& options, double level) {
    Query q;
    q.qid = qid;
    q.level = level;
    q.retrieved = run.hasUser(user);
    auto grades = judgments.grades(user);
    q.judged.assign(grades.begin(), grades.end());
    std::sort(q.judged.begin(), q.judged.end(), std::greater<double>());
    for (double g : q.judged) {
        q.numRel += q.relevant(g);
        q.numNonrel += q.nonrelevant(g);
    }
    if (!q.retrieved) return q;
    const std::vector<RankedItem> items = rankUser(run, judgments, user, options);
    q.ranked.reserve(items.size());
    for (const RankedItem& item : items) {
        const double g = item.grade.value_or(kNotInQrels);
        q.ranked.push_back(g);
        q.numRelRet += q.relevant(g);
    }
    return q;
}

} // namespace ranklab::trec

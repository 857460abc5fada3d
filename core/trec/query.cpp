#include "trec/query.h"

#include <algorithm>
#include <functional>

namespace ranklab::trec {

Query makeQuery(std::vector<double> ranked, std::vector<double> judged, double level) {
    Query q;
    q.level = level;
    q.ranked = std::move(ranked);
    q.judged = std::move(judged);
    std::sort(q.judged.begin(), q.judged.end(), std::greater<double>());
    for (double g : q.judged) {
        q.numRel += q.relevant(g);
        q.numNonrel += q.nonrelevant(g);
    }
    for (double g : q.ranked) q.numRelRet += q.relevant(g);
    return q;
}

Query buildQuery(std::string_view qid, const Run& run, const Judgments& judgments, UserId user,
                 const RankOptions& options, double level) {
    std::vector<double> ranked;
    if (run.hasUser(user)) {
        const std::vector<RankedItem> items = rankUser(run, judgments, user, options);
        ranked.reserve(items.size());
        for (const RankedItem& item : items) ranked.push_back(item.grade.value_or(kNotInQrels));
    }
    auto grades = judgments.grades(user);
    Query q = makeQuery(std::move(ranked), std::vector<double>(grades.begin(), grades.end()), level);
    q.qid = qid;
    q.retrieved = run.hasUser(user);
    return q;
}

} // namespace ranklab::trec

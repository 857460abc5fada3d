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

std::vector<double> rankedGrades(const UserRanking& ranking) {
    std::vector<double> ranked(ranking.listLength, kNotInQrels);
    for (const RankedGroup& group : ranking.groups)
        for (std::uint32_t g = 0; g < group.gradeCount && group.start + g < ranked.size(); ++g)
            ranked[group.start + g] = ranking.grades[group.firstGrade + g];
    return ranked;
}

Query buildQuery(std::string_view qid, const RankedRun& ranked, const Judgments& judgments, UserId user,
                 double level) {
    const bool retrieved = ranked.hasUser(user);
    auto grades = judgments.grades(user);
    Query q = makeQuery(retrieved ? rankedGrades(ranked.user(user)) : std::vector<double>{},
                        std::vector<double>(grades.begin(), grades.end()), level);
    q.qid = qid;
    q.retrieved = retrieved;
    return q;
}

} // namespace ranklab::trec

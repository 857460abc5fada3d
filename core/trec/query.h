#pragma once
// One query as trec_eval's measures see it: the grade of each retrieved
// document in rank order (score descending, ties by docno descending,
// truncated by -M) and every judged grade. This is the shared per-query step;
// each measure is a small loop over it.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "data/judgments.h"
#include "data/run.h"
#include "rank/ranked_run.h"

namespace ranklab::trec {

// The grade of a retrieved document that the qrels do not mention.
inline constexpr double kNotInQrels = std::numeric_limits<double>::quiet_NaN();

struct Query {
    std::string_view qid;
    bool retrieved = false;      // the run has the query (false only with -c)
    std::vector<double> ranked;  // grade at each rank; kNotInQrels if not judged
    std::vector<double> judged;  // every judged grade, descending
    double level = 1;            // relevant: grade >= level (trec_eval -l)
    std::uint32_t numRel = 0;    // judged relevant
    std::uint32_t numNonrel = 0; // judged non-relevant: 0 <= grade < level
    std::uint32_t numRelRet = 0; // relevant among `ranked`

    std::size_t numRet() const { return ranked.size(); }
    bool relevant(double grade) const { return grade >= level; }  // false for kNotInQrels
    // Judged non-relevant. Negative grades (in the pool but unjudged, for
    // trec_eval) are neither relevant nor non-relevant.
    bool nonrelevant(double grade) const { return grade >= 0 && grade < level; }
    static bool inQrels(double grade) { return !std::isnan(grade); }
    // Not judged: not in the qrels, or a negative grade (unj, rbp_resid).
    static bool unjudged(double grade) { return !(grade >= 0); }
    // Judged grades > 0: the documents with a gain (ndcg_rel, rbp), whatever -l says.
    std::uint32_t gainCount() const {
        std::uint32_t n = 0;
        while (n < judged.size() && judged[n] > 0) ++n;
        return n;
    }
};

// A query from its ranked grades and its judged grades (any order); counts
// the relevant and non-relevant documents at `level`.
Query makeQuery(std::vector<double> ranked, std::vector<double> judged, double level);

// The grade at each rank of a ranking (kNotInQrels where not judged), in
// its order: under a deterministic policy each position is its own group.
std::vector<double> rankedGrades(const UserRanking& ranking);

// The query of `user` from the run ranked under TiePolicy::Trec (the
// RankCache's ranking, which the engine-backed measures use too: each query
// is ranked once).
Query buildQuery(std::string_view qid, const RankedRun& ranked, const Judgments& judgments, UserId user,
                 double level);

} // namespace ranklab::trec

#pragma once
// trec_eval 10 on a Dataset: the requested measures for every query, in
// trec_eval's order, with the values trec_eval prints. Measures that equal a
// RankLab metric come from the engine (evaluate() with TiePolicy::Trec); the
// rest from the per-query Query.
#include <string>
#include <vector>

#include "common/parallel.h"
#include "io/dataset.h"
#include "rank/rank_cache.h"
#include "trec/measure.h"

namespace ranklab::trec {

struct TrecSettings {
    std::vector<std::string> measures;  // -m arguments; none: official
    bool complete = false;              // -c: every qrels query, missing ones score 0
    double level = 1;                   // -l: relevant when grade >= level
    std::uint32_t maxLength = 0;        // -M: keep the top N after sorting; 0: all
    bool judgedOnly = false;            // -J: only judged documents are ranked (judged_only.h)
    Parallelism parallelism;
};

// One printed measure (one parameter value of a measure).
struct TrecColumn {
    std::string name;  // "P_5"
    Kind kind = Kind::Float;
    Summary summary = Summary::Mean;
    bool perQuery = true;
    std::vector<double> values;      // per query (Kind::Text: unused)
    std::vector<std::string> texts;  // per query, Kind::Text
    double summaryValue = 0;         // the "all" line (RunId: see runId)
};

struct TrecResults {
    std::vector<std::string> queries;  // qids, byte-wise ascending
    std::vector<TrecColumn> columns;   // trec_eval's order
    std::string runId;
};

// Evaluates model 0 of `data` against its judgments. Throws MissingQueryError
// when a qrels query is not in the run and !settings.complete; Error for bad
// measure requests.
TrecResults evaluateTrec(const Dataset& data, const TrecSettings& settings, RankCache& cache);

} // namespace ranklab::trec

#pragma once
// A trec_eval measure: its name, parameters, how its values print and
// average, and where it is computed: by the engine (a RankLab metric family)
// or here from the Query. The ordered table of every measure is in
// measure_table.cpp.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trec/query.h"

namespace ranklab::trec {

enum class Params {
    None,     // no parameters
    Cutoffs,  // positive integers, one value each: P_5, P_10
    Levels,   // numbers, one value each, named with 2 decimals: iprec_at_recall_0.10
    Single,   // one number; named name_N only when given: relstring, relstring_20
    Tuple,    // numbers that together give one value: utility, 11pt_avg
    Pairs,    // name=value pairs: rel_level=gain (ndcg.1=0,2=5), or rbp's p=0.8
};

enum class Kind { Float, Integer, Text };

enum class Summary {
    Mean,           // mean over the queries
    Sum,            // total over the queries (counts)
    GeometricMean,  // exp(mean(log(max(value, 0.00001))))
    None,           // per query only
    QueryCount,     // num_q
    RunId,          // the run's tag
};

// Writes one value per output (per parameter for Cutoffs and Levels, else one).
using QueryMeasure = void (*)(const Query&, std::span<const double> params, std::span<double> out);
using QueryText = std::string (*)(const Query&, std::span<const double> params);

struct MeasureDef {
    std::string_view name;
    Params params = Params::None;
    std::string_view defaults;  // the default parameters, comma separated
    Kind kind = Kind::Float;
    Summary summary = Summary::Mean;
    bool perQuery = true;  // printed per query with -q
    bool official = false;  // in the nickname "official" (trec_eval's default set)
    bool allTrec = false;   // in the nickname "all_trec"
    // A RankLab metric family computes it (cutoff = the parameter, or @all)...
    std::string_view engineFamily;
    // ...or one of these, from the Query.
    QueryMeasure compute = nullptr;
    QueryText text = nullptr;
    // An engine-backed measure given rel_level=gain parameters is computed
    // here instead (ndcg, dcg).
    QueryMeasure computeWithGains = nullptr;
};

// Every supported measure in trec_eval's order (the order of the output).
const std::vector<MeasureDef>& measureTable();
const MeasureDef* findMeasure(std::string_view name);

} // namespace ranklab::trec

#pragma once
// trec_eval 10's gain table, shared by ndcg, dcg, ideal_dcg, ndcg_rel,
// Rndcg and G. A relevance level is a judged grade >= 0 (truncated to an
// integer, as trec_eval reads grades); by default its gain is the level
// itself; `rel_level=gain` parameters (ndcg.1=0,2=5) override it. The
// levels are ordered by ascending gain the way trec_eval orders them: a
// stable merge sort whose comparison truncates the difference of two gains
// to an integer (so gains less than 1 apart compare equal and keep their
// order: parameters first, in the order given, then levels 0, 1, ...).
// The ideal ranking takes the levels from the last one down, each as many
// times as it has judged documents, and stops at the first level with a
// gain <= 0 (an empty level is passed over, except the last one, which
// ends the ideal ranking at once when its gain is <= 0).
#include <cstdint>
#include <span>
#include <vector>

#include "trec/query.h"

namespace ranklab::trec {

struct GainTable {
    struct Level {
        long level = 0;
        double gain = 0;
        std::uint64_t count = 0;  // judged documents of this level
    };
    std::vector<Level> levels;  // trec_eval's order (ascending gain)

    // The gain of a retrieved document of grade `grade`: a document not in
    // the qrels is level -1, a negative grade (in the pool, unjudged) -2;
    // a level without an entry gains 0.
    double gainOf(double grade) const;
    // The ideal ranking's gains (all > 0), best first.
    std::vector<double> ideal() const;
};

// `pairs` holds the parameters as (level, gain) pairs, flattened: the
// parameters whose name is an integer, in the order given.
GainTable makeGainTable(const Query& q, std::span<const double> pairs);

// Sum of gains[i] / log2(i + 2) over the first `k` entries.
double discountedSum(const std::vector<double>& gains, std::size_t k);

} // namespace ranklab::trec

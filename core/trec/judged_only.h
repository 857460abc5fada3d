#pragma once
// trec_eval -J (judged documents only): every document the qrels do not
// judge (absent from them, or given a negative grade) leaves each query's
// ranking before any measure is computed; the rest keep their order. As in
// trec_eval, -M applies first (the top N of the full ranking, then the
// judged among them).
#include <cstdint>

#include "io/dataset.h"

namespace ranklab::trec {

// A copy of `data` (the same user and item ids, the same judgments) whose
// only model keeps, per query, the judged documents of its ranking
// (ties by docno descending, cut at `maxLength` when > 0), in rank order.
// A query left with no document has no list in the copy.
Dataset judgedOnlyDataset(const Dataset& data, std::uint32_t maxLength);

} // namespace ranklab::trec

#pragma once
// trec_eval's output: `measure<TAB>qid<TAB>value`, the measure left-justified
// in 22 characters; with per-query lines, every query's block (qids
// byte-wise) before the "all" lines. Floats with `digits` decimals (trec_eval
// prints 4) in at least 6 characters (trec_eval's %6.4f: a NaN prints "  -nan"), counts as integers, texts as they are.
#include <ostream>

#include "trec/evaluation.h"

namespace ranklab::trec {

// summary = false: no "all" lines (trec_eval -n).
void writeTrecOutput(std::ostream& out, const TrecResults& results, bool perQuery, int digits = 4,
                     bool summary = true);

} // namespace ranklab::trec

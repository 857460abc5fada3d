#pragma once
// trec_eval's output: `measure<TAB>qid<TAB>value`, the measure left-justified
// in 22 characters; with per-query lines, every query's block (qids
// byte-wise) before the "all" lines. Floats with `digits` decimals (trec_eval
// prints 4), counts as integers, texts as they are.
#include <ostream>

#include "trec/evaluation.h"

namespace ranklab::trec {

void writeTrecOutput(std::ostream& out, const TrecResults& results, bool perQuery, int digits = 4);

} // namespace ranklab::trec

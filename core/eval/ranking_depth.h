#pragma once
// How deep each user's ranking must be for an evaluation's metrics: the
// deepest cutoff, or 0 (the whole list) if any metric reads past its cutoff
// or has none (ap@all, rprec, num_ret, num_rel_ret). A dense score matrix
// is read keeping only that depth per user (ReadOptions::rankDepth, see
// io/row_selection.h for why the values are then exact).
#include <cstdint>

#include "eval/eval_settings.h"

namespace ranklab {

std::uint32_t rankingDepth(const EvalSettings& settings);

} // namespace ranklab

#pragma once
// The inner loop of the randomized Tukey HSD: for every resample r, every
// user's k values (on C columns at once) are permuted across the k models
// and summed per model slot:
//
//   sums[(r·k + slot)·C + c] = Σ_u x[u][π_{r,u}(slot)][c]
//
// with π_{r,u} the u-th permutation drawn from resample r's stream
// (PermutationDraws, users in row order). Each slot's sum adds the users in
// row order, so the bits do not depend on the thread count; a user whose
// values are the same for every model on every column (a user no model
// helps, the common case at recommender scale) adds the same to every slot,
// so it is summed once, in row order, and added to every slot at the end
// (its permutation is still drawn: the draws of the other users do not
// depend on which users are constant). The slots' sums add up to the same
// total in every resample, so k − 1 slots are summed and the last is the
// total less the others.
//
// The work, about B·n·k·C additions (3.6·10^11 for 10 models × 36 columns
// × 100,000 users × 10,000 resamples), is arranged for the cache: users are
// copied model-major in blocks that stay in L2, each task carries a few
// resamples through a block, and a few users at a time stay in L1 while
// each slot's running sums stay in registers (sums_kernel.cpp: AVX-512 or
// AVX2, chosen at run time).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "stats/resampling.h"

namespace ranklab::stats {

struct PermutedSumsInput {
    std::span<const std::span<const double>> values;  // values[c·k + j][u]: model j's values on column c
    std::size_t models = 0, columns = 0, users = 0;
};

// sums[(r·k + slot)·C + c] for r < options.resamples, drawn from
// resampleRng(options.seed, Permutations, r). Cancelled through the progress.
std::vector<double> permutedSlotSums(const PermutedSumsInput& input, const ResamplingOptions& options);

} // namespace ranklab::stats

#pragma once
// Runs held as numpy arrays (issue 15):
//   npy       a dense score matrix [users x items], -inf = not ranked;
//   npy-topk  item indices [users x K] in rank order, with scores=SCORES.npy
//             (same shape) or, without, score = -rank; pad=N drops index N;
//   npz       an archive with `scores` (dense) or `items` and `scores` (top-k).
// users=FILE and items=FILE name rows and item indices (line r + 1 names
// index r); without them the index is the id. Ids are interned into the
// workspace's IdSpace like any run's; on error it is left as it was.
//
// The sampled-candidate layout ([users x (1 + N)] scores with a parallel
// int matrix of candidate item indices) is npy-topk: the FILE is the
// candidate index matrix and scores= the score matrix; the ranking then
// follows the scores, not the columns.
#include <optional>
#include <string>

#include "io/readers.h"

namespace ranklab {

// The numpy format of `path` by its first bytes: the .npy magic -> Npy; a
// zip whose name ends in .npz -> Npz; else none (not numpy).
std::optional<FormatKind> detectNumpyFormat(const std::string& path);

// Reads a run in options.format (Npy, Npz or NpyTopk).
LoadedRun readNumpyRun(const std::string& path, IdSpace& ids, const ReadOptions& options,
                       const Progress* progress = nullptr);

} // namespace ranklab

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
#include <memory>
#include <optional>
#include <string>

#include "io/readers.h"

namespace ranklab {

class FileHandle;

// The numpy format of `path` by its first bytes: the .npy magic -> Npy; a
// zip whose name ends in .npz -> Npz; else none (not numpy). Looks only at
// a regular file (opening a FIFO to look would lose its bytes).
std::optional<FormatKind> detectNumpyFormat(const std::string& path);
// The same from the first bytes of `file` (peeked: nothing is consumed).
// A zip archive that is not a regular file (a pipe, standard input) is
// refused: an .npz is read by seeking to its directory at the end.
std::optional<FormatKind> detectNumpyFormat(FileHandle& file);

// Reads a run in options.format (Npy, Npz or NpyTopk). `opened`, if given,
// is `path` already opened (maybe peeked at); a numpy array that is not a
// regular file is copied to a temporary file and mapped.
LoadedRun readNumpyRun(const std::string& path, IdSpace& ids, const ReadOptions& options,
                       const Progress* progress = nullptr, std::unique_ptr<FileHandle> opened = nullptr);

} // namespace ranklab

#pragma once
// The partial-state file (`--partial OUT`, read by `ranklab-cli merge`):
// JSON, so it can be read anywhere, with a format name and a version.
//
//   {"format": "ranklab-partial", "version": 1, "command": "eval",
//    "buckets": [[a, b], ...],                    half-open bucket ranges
//    "settings": {"metrics": [ids], "ties", "users", "rel", "exclusions", "max_length"},
//    "users": {"evaluated", "run_only", "qrels_only"},
//    "models": [{"name", "columns": [{"n", "nan", "min", "max", "sum", "squares"}, ...]}]}
//
// `compare` adds "compare": {"tests", "correction", "alpha", "level",
// "baseline" (model index or null), "resamples", "seed",
// "randomization_exact_max_n", "pairs": [per metric, per pair: the moments
// of d = a − b as a column, "wins", "ties", "losses", and for Wilcoxon
// "zeros", "magnitudes" (distinct |d|, ascending, hexadecimal floats),
// "positives", "negatives" (counts per magnitude)]}.
//
// With set-level columns (coverage, gini, entropy, personalization) `eval`
// adds "set_level": {"catalog": {"items", "hash" (FNV-1a 64 of the item
// ids, each followed by a newline), "training" (one 0 or 1 per item)},
// "models": [per model, per set-level column in column order: {"users",
// "longest", "whole": [[slot, users], ...], "part": [[slot, Σshare high,
// low, Σshare² high, low], ...]}]} (shard/set_level_part.h). `ranks` and
// `curves` states: shard/ranks_partial.h, shard/curves_partial.h.
//
// min and max are C99 hexadecimal floats ("0x1.8p-1", "inf", "-inf"),
// exact; sum and squares are the exact Σx and Σx² (ExactSum::serialize: an
// optional "-", the index i of the lowest non-zero 32-bit chunk, ":", then
// the magnitude's chunks in hexadecimal, lowest first; the value is
// ±Σ_j chunk_j · 2^(32(i + j) − 2176)). A reader merges states by adding
// them: n, nan and the sums add, min and max take the min and max.
#include <string>

#include "shard/eval_partial.h"

namespace ranklab::shard {

inline constexpr int kPartialVersion = 1;

std::string writeEvalPartial(const EvalPartial& partial);
// Throws ranklab::Error naming `fileName` and what was expected. A state of
// `compare` holds eval's fields too (read with command "compare").
EvalPartial readEvalPartial(const std::string& text, const std::string& fileName,
                            const std::string& command = "eval");
// The "command" of a partial-state file ("eval", "compare", "ranks", "curves"); throws naming the file.
std::string partialCommand(const std::string& text, const std::string& fileName);

} // namespace ranklab::shard

#pragma once
// The two hot loops of permuted_sums.cpp, built for AVX-512, AVX2 and the
// baseline (chosen at run time; the same sums in every build: additions
// only, in the same order).
#include <cstddef>
#include <cstdint>

#include "common/random.h"
#include "stats/permutation_draws.h"

namespace ranklab::stats {

// One permutation π per user from `rng`, users in order. Users with
// informative[u] == 0 are drawn and dropped; the i-th informative user's
// permutation is written as offsets into its block of rows (k rows of Cp
// doubles per user): out[i·stride + j] = (i·k + π[j])·Cp, stride =
// draws.stride(). `out` has room for one user more than are informative.
void drawOffsets(const PermutationDraws& draws, synth::Rng& rng, const std::uint8_t* informative, std::size_t users,
                 std::size_t Cp, std::uint32_t* out);

// As drawOffsets() (k ≤ 16), for tables of consecutive pairs of informative
// users: pair e's table holds the k² sums row(first, a) + row(second, b) at
// rows e·k² + a·k + b, so out[e·16 + j] = (e·k² + π1[j]·k + π2[j])·Cp; a
// lone last informative user's k rows follow the pairs' tables (out[e·16 +
// j] = (e·k² + π[j])·Cp). Returns the number of entries (pairs and lone).
std::size_t drawPairOffsets(const PermutationDraws& draws, synth::Rng& rng, const std::uint8_t* informative,
                            std::size_t users, std::size_t Cp, std::uint32_t* out);

// The tables drawPairOffsets() points into, from `kept` users' rows (k rows
// of Cp doubles each, consecutive): pair e = users 2e, 2e + 1 gives rows
// e·k² + a·k + b = row(2e, a) + row(2e + 1, b); an odd last user's k rows
// follow as entry e. Returns the number of entries, ⌈kept / 2⌉.
std::size_t buildPairTables(const double* rows, std::size_t kept, std::size_t k, std::size_t Cp, double* tables);

// For every slot j < k (the first k slots; fewer than the models when the
// caller derives the last): acc[j·Cp + c] += rows[offsets[u·stride + j] + c] for
// u = 0 .. users−1 in order and every c < Cp. rows and acc are 64-byte
// aligned, Cp a multiple of 8.
void addPermutedRows(const double* rows, const std::uint32_t* offsets, std::size_t stride, std::size_t users,
                     std::size_t k, std::size_t Cp, double* acc);

} // namespace ranklab::stats

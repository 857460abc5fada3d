#pragma once
// The rows of .npz members (io/npz_member.h) as the numpy readers keep
// them (io/npy_rows.h): a member at hand whole is read as a .npy is; a
// streamed one a batch of rows at a time (about 16 MiB inflated), each batch
// read in parallel and dropped before the next is inflated, the kept
// entries joined in row order. Errors name the file's row, not the batch's.
#include "io/npy_rows.h"
#include "io/npz_member.h"

namespace ranklab {

NpyRows readDenseMember(NpzMember& scores, std::uint32_t depth, const NpyNames& names,
                        const Parallelism& parallelism, const Progress* progress);

// `input`'s items and scores are ignored: `items` and `scores` (may be
// null) give them; its pad, vocabulary size and duplicate policy apply.
NpyRows readTopkMembers(NpzMember& items, NpzMember* scores, const TopkInput& input, const NpyNames& names,
                        const Parallelism& parallelism, const Progress* progress);

} // namespace ranklab

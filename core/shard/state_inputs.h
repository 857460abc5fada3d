#pragma once
// The identity of the data a shard read (partial_header.h StateInputs):
// the same for every shard given the same files, whatever its buckets, and
// computed from the loaded data, so a state made by the Python module and
// one made by ranklab-cli from the same files carry the same digest.
#include "io/dataset.h"
#include "shard/partial_header.h"
#include "shard/user_bucket.h"

namespace ranklab::shard {

// digest: SHA-256 over the users per bucket (all 4096 buckets), the sums of
// the users' and the items' id hashes, every judgment (user, item, grade)
// hashed and summed, and the models' names; whole: `data` holds a user
// outside `range`. Sets those two fields of `into` (its bucket-sizes
// digest is left as it is).
void setDataInputs(StateInputs& into, const Dataset& data, const BucketRange& range);

} // namespace ranklab::shard

#pragma once
// --bucket-sizes FILE, the second pass of a sharded bootstrap (compare,
// curves, cohorts): the sizes `ranklab-cli merge --bucket-sizes` wrote.
#include <optional>
#include <string>

#include "shard/compare_partial.h"

namespace ranklab::cli {

// None without `path`; throws ranklab::Error when `path` comes without
// --partial (`partial` empty), cannot be read, or is not a sizes file.
std::optional<shard::BucketSizes> loadBucketSizes(const std::string& path, const std::string& partial);

} // namespace ranklab::cli

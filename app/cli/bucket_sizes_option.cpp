#include "cli/bucket_sizes_option.h"

#include "common/error.h"
#include "io/side_file.h"

namespace ranklab::cli {

std::optional<shard::BucketSizes> loadBucketSizes(const std::string& path, const std::string& partial) {
    if (path.empty()) return std::nullopt;
    if (partial.empty())
        throw Error("--bucket-sizes is for a shard's second pass: give it with --buckets and --partial");
    return shard::readBucketSizesFile(readSideFile(path, "bucket sizes file"), path);
}

} // namespace ranklab::cli

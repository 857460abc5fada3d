#include "cli/bucket_sizes_option.h"

#include <fstream>
#include <sstream>

#include "common/error.h"

namespace ranklab::cli {

std::optional<shard::BucketSizes> loadBucketSizes(const std::string& path, const std::string& partial) {
    if (path.empty()) return std::nullopt;
    if (partial.empty())
        throw Error("--bucket-sizes is for a shard's second pass: give it with --buckets and --partial");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path + ": cannot open the bucket sizes");
    std::ostringstream text;
    text << in.rdbuf();
    return shard::readBucketSizesFile(text.str(), path);
}

} // namespace ranklab::cli

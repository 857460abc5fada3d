// Fuzz target: bucket sizes files (`merge --bucket-sizes` writes them; the
// second pass of a sharded bootstrap and quantile cohorts reads them with
// --bucket-sizes). A file read is written and read back to the same bytes.
// Any exception but ranklab::Error is a bug (a bad file is refused, naming it).
#include <string>

#include "common/error.h"
#include "shard/compare_partial.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    shard::BucketSizes sizes;
    try {
        sizes = shard::readBucketSizesFile(text, "fuzz.json");
    } catch (const Error&) {
        return 0;
    }
    // What is read, is written; what is written, reads back the same.
    const std::string written = shard::writeBucketSizes(sizes);
    try {
        if (shard::writeBucketSizes(shard::readBucketSizesFile(written, "written.json")) != written) __builtin_trap();
    } catch (const Error&) {
        __builtin_trap();
    }
    return 0;
}

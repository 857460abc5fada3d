#include "shard/user_bucket.h"

#include <algorithm>
#include <charconv>

#include "common/error.h"

namespace ranklab::shard {

std::uint32_t userBucket(std::string_view userId) { return userKey(userId).bucket(); }

BucketRange parseBucketRange(std::string_view text) {
    const auto bad = [&] {
        return Error("--buckets \"" + std::string(text) + "\": expected a:b with 0 <= a < b <= " +
                     std::to_string(kBuckets) + " (a half-open range of the 4096 user buckets)");
    };
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) throw bad();
    BucketRange r;
    const auto number = [&](std::string_view part, std::uint32_t& out) {
        if (part.empty()) throw bad();
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        if (ec != std::errc() || end != part.data() + part.size()) throw bad();
    };
    number(text.substr(0, colon), r.begin);
    number(text.substr(colon + 1), r.end);
    if (r.begin >= r.end || r.end > kBuckets) throw bad();
    return r;
}

std::string toString(const BucketRange& range) {
    return std::to_string(range.begin) + ":" + std::to_string(range.end);
}

std::vector<BucketRange> unionOfDisjoint(std::vector<BucketRange> ranges) {
    std::sort(ranges.begin(), ranges.end(), [](const BucketRange& a, const BucketRange& b) {
        return a.begin < b.begin;
    });
    std::vector<BucketRange> out;
    for (const BucketRange& r : ranges) {
        if (!out.empty() && r.begin < out.back().end)
            throw Error("bucket ranges " + toString(out.back()) + " and " + toString(r) +
                        " overlap: each bucket must come from exactly one partial state");
        if (!out.empty() && r.begin == out.back().end)
            out.back().end = r.end;
        else
            out.push_back(r);
    }
    return out;
}

std::string missingBuckets(const std::vector<BucketRange>& ranges) {
    std::string out;
    std::uint32_t next = 0;
    const auto gap = [&](std::uint32_t a, std::uint32_t b) {
        if (a < b) out += (out.empty() ? "" : ", ") + toString({a, b});
    };
    for (const BucketRange& r : ranges) {
        gap(next, r.begin);
        next = r.end;
    }
    gap(next, kBuckets);
    return out;
}

} // namespace ranklab::shard

#pragma once
// The bands of a sharded curves state (metric_curve.h's CurveMoments,
// curve_difference.h's CurveDifferenceMoments): the options they were asked
// with and, per curve, the keyed bootstrap's sums (stats/keyed_bootstrap.h)
// of its per-user values at every k = 1..kmax, over the bucket tree's nodes
// covering the shard. The t band comes from the exact moments the state
// carries already. The bootstrap splits its draws between buckets by every
// bucket's user count, so a shard needs them (a second pass, as compare's):
// without them its bootstrap is pending and it carries its buckets' counts.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "eval/curve_options.h"
#include "stats/bucket_tree.h"
#include "stats/exact_moments.h"
#include "stats/user_layout.h"

namespace ranklab {

struct CurveBands {
    CurveOptions options;  // options.bands false: no bands (then nothing below)
    bool pending = false;  // the bootstrap wanted, without the bucket sizes
    std::vector<std::uint64_t> bucketUsers;              // kUserBuckets: the users of each bucket
    std::vector<std::vector<stats::TreeNode>> sums;      // per curve: width resamples × kmax; none: no bootstrap there

    bool bootstrap() const { return options.bands && options.bootstrap; }
};

// What a shard asks for: the options, its bucket range, and every bucket's
// users (null: leave the bootstrap pending).
struct CurveBandsRequest {
    CurveOptions options;
    std::uint32_t begin = 0, end = kUserBuckets;
    const std::vector<std::uint64_t>* bucketSizes = nullptr;
};

// Builds a state's bands curve by curve, over the users whose keys are
// given (the table's rows); without a request, no bands.
class CurveBandsBuilder {
public:
    CurveBandsBuilder(const CurveBandsRequest* request, std::uint32_t kmax, std::span<const UserKey> keysOfRows);
    // The next curve's sums: `table` holds kmax columns of the users' values
    // (column-major, rows as the keys); an empty table (a set-level curve,
    // the baseline's differences, no users) adds none.
    void add(const std::vector<double>& table);
    CurveBands take() { return std::move(bands_); }

private:
    CurveBandsRequest request_;
    std::uint32_t kmax_;
    stats::UserLayout layout_;
    CurveBands bands_;
};

// Curve `curve`'s bands at k = 1..K, as computeCurves() forms them from the
// per-user values: the t band from the moments, and the bootstrap's from
// the merged sums over all the users of bucketUsers (bands covering every
// bucket; throws ranklab::Error when the bootstrap is pending, saying how
// to go on).
struct BandValues {
    std::vector<double> tLo, tHi, bootLo, bootHi;
};
BandValues bandsOf(const CurveBands& bands, std::size_t curve, const std::vector<stats::ExactMoments>& moments,
                   std::size_t K);

// Merges the bands of another shard (the same options); throws naming `name`.
void mergeBands(CurveBands& into, const CurveBands& other, const std::string& name);

} // namespace ranklab

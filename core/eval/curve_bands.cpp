#include "eval/curve_bands.h"

#include <cmath>
#include <limits>

#include "common/error.h"
#include "stats/bootstrap.h"
#include "stats/keyed_bootstrap.h"
#include "stats/mean_ci.h"
#include "stats/resampled_means.h"

namespace ranklab {

CurveBandsBuilder::CurveBandsBuilder(const CurveBandsRequest* request, std::uint32_t kmax,
                                     std::span<const UserKey> keysOfRows)
    : request_(request ? *request : CurveBandsRequest{CurveOptions{kmax, false}}),
      kmax_(kmax),
      layout_(stats::UserLayout::of(keysOfRows)) {
    bands_.options = request_.options;
    if (!bands_.options.bands) return;
    bands_.bucketUsers = layout_.bucketSizes();
    bands_.pending = bands_.bootstrap() && request_.bucketSizes == nullptr;
}

void CurveBandsBuilder::add(const std::vector<double>& table) {
    if (!bands_.bootstrap() || bands_.pending || table.empty() || layout_.size() == 0) {
        bands_.sums.emplace_back();
        return;
    }
    const std::size_t rows = layout_.size();
    std::vector<std::span<const double>> columns;
    for (std::uint32_t k = 0; k < kmax_; ++k) columns.emplace_back(table.data() + k * rows, rows);
    stats::ResamplingOptions resampling;
    resampling.resamples = request_.options.resamples;
    resampling.seed = request_.options.seed;
    bands_.sums.push_back(stats::keyedBootstrapSums(layout_, columns, *request_.bucketSizes, request_.begin,
                                                    request_.end, resampling));
}

BandValues bandsOf(const CurveBands& bands, std::size_t curve, const std::vector<stats::ExactMoments>& moments,
                   std::size_t K) {
    BandValues out;
    if (!bands.options.bands) return out;
    for (std::size_t k = 0; k < K; ++k) {
        const stats::TInterval t = stats::tInterval(moments.at(k).moments(), bands.options.level);
        out.tLo.push_back(t.lo);
        out.tHi.push_back(t.hi);
    }
    if (!bands.bootstrap()) return out;
    std::uint64_t n = 0;
    for (std::uint64_t users : bands.bucketUsers) n += users;
    // No users: NaN bounds, as computeCurves() gives them (nothing to draw).
    if (bands.pending && n > 0)
        throw Error("merge: the curves' bootstrap bands draw each bucket's share of the users from every bucket's "
                    "size, which the shards did not have: write them with `ranklab-cli merge --bucket-sizes "
                    "sizes.json` over these states, run each shard again with `--bucket-sizes sizes.json`, and merge "
                    "those states (or add --no-bands)");
    const std::size_t kmax = bands.options.kmax;
    std::vector<const stats::TreeNode*> nodes;
    for (const auto& node : bands.sums.at(curve)) nodes.push_back(&node);
    const stats::ResampledMeans means =
        n == 0 || nodes.empty() ? stats::ResampledMeans{} : stats::keyedMeans(nodes, kmax, bands.options.resamples, n);
    for (std::size_t k = 0; k < K; ++k) {
        const stats::ExactMoments& x = moments.at(k);
        std::optional<double> constant;
        if (x.count() > 0 && x.nanCount() == 0 && x.min() == x.max()) constant = x.min();
        const stats::BootstrapInterval interval =
            stats::meanInterval(means.resamples == 0 ? std::span<const double>{} : means.column(k),
                                bands.options.level, bands.options.resamples, constant);
        out.bootLo.push_back(interval.lo);
        out.bootHi.push_back(interval.hi);
    }
    return out;
}

void mergeBands(CurveBands& into, const CurveBands& other, const std::string& name) {
    const CurveOptions& a = into.options;
    const CurveOptions& b = other.options;
    if (a.bands != b.bands || a.bootstrap != b.bootstrap || a.level != b.level || a.resamples != b.resamples ||
        a.seed != b.seed)
        throw Error(name + ": curves with other bands (--no-bands, --level, --resamples or --seed)");
    if (!into.options.bands) return;
    if (into.sums.size() != other.sums.size()) throw Error(name + ": bands of other curves");
    into.pending = into.pending || other.pending;
    for (std::size_t b = 0; b < into.bucketUsers.size() && b < other.bucketUsers.size(); ++b)
        into.bucketUsers[b] += other.bucketUsers[b];
    for (std::size_t c = 0; c < into.sums.size(); ++c)
        into.sums[c].insert(into.sums[c].end(), other.sums[c].begin(), other.sums[c].end());
    if (into.pending)
        for (auto& s : into.sums) s.clear();
}

} // namespace ranklab

#include "shard/curves_partial.h"

#include "common/error.h"
#include "shard/set_level_part.h"

namespace ranklab::shard {

void requireMergeable(const CurveOptions& options) {
    if (options.bands)
        throw Error("--partial: the curves' bands have no partial state yet (the bootstrap's draws are not keyed by "
                    "user); add --no-bands");
    if (options.kmax == 0)
        throw Error("--partial: give --kmax (a shard cannot know the other shards' longest ranked lists; the merged "
                    "curves run to the smaller of --kmax and the longest list, as the single command's)");
}

CurvesPartial curvesPartial(CurveMoments moments, const BucketRange& range, const UserCounts& counts) {
    CurvesPartial out;
    moments.settings.metrics.clear();
    moments.settings.onlyUsers.reset();
    moments.settings.parallelism = {};
    moments.counts.runOnly = counts.runOnly;
    moments.counts.qrelsOnly = counts.qrelsOnly;
    out.header.buckets = {range};
    out.header.settings = moments.settings;
    out.header.counts = moments.counts;
    if (!moments.setLevel.empty()) out.catalog = SetLevelCatalog::of(moments.catalog, moments.trainingSlot);
    moments.catalog.clear();  // the catalogue is the hash's from here on
    out.moments = std::move(moments);
    return out;
}

namespace {

std::string familiesOf(const CurveMoments& m) {
    std::string out;
    for (const MetricSpec& spec : m.metrics) out += spec.familyKey() + ";";
    return out;
}

} // namespace

CurvesPartial mergeCurvesPartials(const std::vector<CurvesPartial>& parts, const std::vector<std::string>& names) {
    if (parts.empty()) throw Error("merge: no partial states given");
    const std::string first = names.empty() ? std::string("the first") : names.front();
    CurvesPartial out = parts.front();
    CurveMoments& into = out.moments;
    for (std::size_t p = 1; p < parts.size(); ++p) {
        const CurveMoments& part = parts[p].moments;
        const std::string name = p < names.size() ? names[p] : std::to_string(p);
        mergeHeader(out.header, parts[p].header, name, first);
        if (familiesOf(part) != familiesOf(into))
            throw Error(name + ": curves of other metrics than " + first);
        if (part.kmax != into.kmax)
            throw Error(name + ": made with --kmax " + std::to_string(part.kmax) + ", " + first + " with " +
                        std::to_string(into.kmax));
        if (part.models != into.models)
            throw Error(name + ": models other than " + first + "'s (the same runs in the same order)");
        requireSameCatalog(parts[p].catalog, out.catalog, name, first);
        for (std::size_t c = 0; c < into.curves.size(); ++c)
            for (std::size_t k = 0; k < into.curves[c].size(); ++k) into.curves[c][k].merge(part.curves[c][k]);
        for (std::size_t c = 0; c < into.setLevel.size(); ++c)
            for (std::size_t k = 0; k < into.setLevel[c].size(); ++k) into.setLevel[c][k].merge(part.setLevel[c][k]);
        into.longest = std::max(into.longest, part.longest);
    }
    into.counts = out.header.counts;
    return out;
}

CurveResult curvesOf(const CurvesPartial& whole) {
    requireEveryBucket(whole.header);
    CurveMoments moments = whole.moments;
    moments.settings = whole.header.settings;
    moments.counts = whole.header.counts;
    moments.trainingSlot = whole.catalog.trainingSlot;
    return ranklab::curvesOf(moments);
}

} // namespace ranklab::shard

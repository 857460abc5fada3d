#include "shard/curves_partial.h"

#include "common/error.h"
#include "shard/set_level_part.h"

namespace ranklab::shard {

void requireMergeable(const CurveOptions& options) {
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

CurvesPartial curvesPartial(std::vector<CurveDifferenceMoments> differences, const BucketRange& range,
                            const UserCounts& counts) {
    if (differences.empty()) throw Error("curves: no family to difference");
    CurveMoments moments;  // what describes the state: families, kmax, longest, models, counts
    moments.bands.options.bands = false;  // each family's differences carry their bands
    const CurveDifferenceMoments& first = differences.front();
    moments.settings = first.settings;
    moments.kmax = first.kmax;
    moments.longest = first.longest;
    moments.models = first.models;
    moments.counts = first.counts;
    moments.curves.clear();
    for (CurveDifferenceMoments& d : differences) {
        moments.metrics.push_back(d.metric);
        d.settings = {};  // the header's
    }
    CurvesPartial out = curvesPartial(std::move(moments), range, counts);
    out.differences = std::move(differences);
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
        const auto baselineOf = [](const CurvesPartial& c) {
            return c.differences.empty() ? std::string("none") : c.differences.front().baselineName;
        };
        if (baselineOf(parts[p]) != baselineOf(out))
            throw Error(name + ": --difference " + baselineOf(parts[p]) + ", " + first + " with --difference " +
                        baselineOf(out));
        mergeBands(into.bands, part.bands, name);
        for (std::size_t f = 0; f < out.differences.size(); ++f) {
            mergeBands(out.differences[f].bands, parts[p].differences.at(f).bands, name);
            auto& mine = out.differences[f].differences;
            const auto& theirs = parts[p].differences.at(f).differences;
            for (std::size_t m = 0; m < mine.size(); ++m)
                for (std::size_t k = 0; k < mine[m].size(); ++k) mine[m][k].merge(theirs.at(m).at(k));
            out.differences[f].longest = std::max(out.differences[f].longest, parts[p].differences[f].longest);
        }
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

std::vector<CurveDifferenceResult> curveDifferencesOf(const CurvesPartial& whole) {
    requireEveryBucket(whole.header);
    std::vector<CurveDifferenceResult> out;
    for (CurveDifferenceMoments d : whole.differences) {
        d.settings = whole.header.settings;
        d.counts = whole.header.counts;
        d.longest = whole.moments.longest;
        out.push_back(ranklab::curveDifferencesOf(d));
    }
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

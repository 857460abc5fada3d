#pragma once
// The partial state of `curves` (means and bands) over a range of user
// buckets: eval/metric_curve.h's CurveMoments, the exact moments of every
// model's values at each k = 1..kmax, with the longest ranked list of the
// range's users. K of the merged curves is min(kmax, the longest list of
// any range), as the single command computes it; since a shard cannot know
// the other shards' lists, it needs --kmax and computes every k up to it.
// A set-level family (coverage, gini, entropy, personalization) carries its
// per-item counts at every k instead of moments (set_level_part.h), and the
// shards must count over the same catalogue. The bands: the t band from the
// moments, the bootstrap band from the keyed bootstrap's sums (the curves'
// CurveBands, eval/curve_bands.h, in "bands"; two passes, the second with
// every bucket's size).
//
// File (partial_file.h's shared fields, "command": "curves", no metrics):
//   "curves": {"metrics": [family keys], "kmax", "longest", "models": [names],
//              "curves": [model-major, per family: [moments at k = 1..kmax]]}
// (with --difference "curves" is empty and "difference": {"baseline": model
// index, "name", "curves": [per family: [per model: [moments of the
// differences at k = 1..kmax], [] for the baseline]]}),
// each moments object as eval's columns ({"n", "nan", "min", "max", "sum",
// "squares"}), an empty list for a set-level family; with set-level
// families also "set_level": {"catalog", "counts": [as "curves": per
// set-level family [counts at k = 1..kmax], [] for the others]}.
#include <string>
#include <vector>

#include "eval/curve_difference.h"
#include "eval/metric_curve.h"
#include "shard/partial_header.h"
#include "shard/set_level_part.h"

namespace ranklab::shard {

struct CurvesPartial {
    PartialHeader header;
    CurveMoments moments;     // its settings and counts are the header's; no catalogue ids (catalog has their hash)
    SetLevelCatalog catalog;  // with set-level families: the catalogue their counts are over
    // With --difference: per family the moments of the differences to the
    // baseline (moments.curves is then empty; its families, kmax, longest
    // and models still describe the state).
    std::vector<CurveDifferenceMoments> differences;
};

// Throws ranklab::Error naming what --partial cannot carry (no --kmax).
void requireMergeable(const CurveOptions& options);

CurvesPartial curvesPartial(CurveMoments moments, const BucketRange& range, const UserCounts& counts);
// The state of `curves --difference`: one entry per family, of the same users.
CurvesPartial curvesPartial(std::vector<CurveDifferenceMoments> differences, const BucketRange& range,
                            const UserCounts& counts);
// Merges states of the same settings, families, kmax and models over
// disjoint ranges; throws ranklab::Error naming the file of the first difference or overlap.
CurvesPartial mergeCurvesPartials(const std::vector<CurvesPartial>& parts, const std::vector<std::string>& names);
// The curves `curves --no-bands` prints, from a state covering every
// bucket (throws naming the missing buckets otherwise).
CurveResult curvesOf(const CurvesPartial& whole);
// The differences `curves --difference NAME --no-bands` prints, per family.
std::vector<CurveDifferenceResult> curveDifferencesOf(const CurvesPartial& whole);

std::string writeCurvesPartial(const CurvesPartial& partial);
// Throws ranklab::Error naming `fileName` and what was expected.
CurvesPartial readCurvesPartial(const std::string& text, const std::string& fileName);

} // namespace ranklab::shard

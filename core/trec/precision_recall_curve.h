#pragma once
// Interpolated precision–recall curves, averaged over users as trec_eval's
// iprec_at_recall does. A user's interpolated precision at recall level r is
// the highest precision at any rank holding at least the level's count of
// relevant items (0 when that count is never reached, and for users with no
// relevant item); the curve is its mean over the averaged users.
//
// - 11-point: r = 0, 0.1, ..., 1.0, with trec_eval's count round(r·R) (half
//   up), computed by trec::iprecAtRecall itself: the values are
//   iprec_at_recall_0.00 ... iprec_at_recall_1.00.
// - Full: every recall level some user reaches (j/R for j = 0..R), each user
//   counting with its step function (the interpolated precision at the
//   smallest of its own levels ≥ r, that is j = ⌈r·R⌉ relevant items).
//
// Precision–recall needs one order: under the "expected" tie policy the
// ties are ordered as trec_eval orders them (TiePolicy::Trec); every other
// policy is used as it is.
#include <array>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "eval/user_selection.h"
#include "rank/rank_cache.h"

namespace ranklab {

inline constexpr std::size_t kElevenPoints = 11;

struct PrecisionRecallCurve {
    std::string model;
    std::array<double, kElevenPoints> elevenPoint{};  // at recall 0.0, 0.1, ..., 1.0
    std::vector<double> recall, precision;            // the full curve, recall ascending from 0
};

struct PrecisionRecallResult {
    EvalSettings settings;
    TiePolicy ties = TiePolicy::Trec;  // the order actually used
    UserCounts counts;
    std::vector<PrecisionRecallCurve> curves;  // per model, dataset order
};

// The recall level of point i of the 11-point curve: i / 10.
double elevenPointRecall(std::size_t i);

// Throws Cancelled when `progress` is cancelled.
PrecisionRecallResult computePrecisionRecall(const Dataset& data, const EvalSettings& settings, RankCache& cache,
                                             const Progress* progress = nullptr);

} // namespace ranklab

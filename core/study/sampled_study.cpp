#include "study/sampled_study.h"

namespace ranklab::study {

bool isSampled(const SampledSettings& sampled) {
    return sampled.negatives > 0 && sampled.catalogSize > sampled.negatives;
}

SampledEvaluation estimateSampledStudy(const Dataset& data, const Evaluation& runs, SampledSettings sampled,
                                       const stats::ComparisonOptions& options, const Progress* progress) {
    sampled.level = options.level;
    stats::ResamplingOptions resampling = options.resampling;
    resampling.progress = nullptr;
    return estimateSampled(data, runs, sampled, resampling, progress);
}

} // namespace ranklab::study

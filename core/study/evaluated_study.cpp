#include "study/evaluated_study.h"

#include "shard/eval_partial.h"

namespace ranklab::study {

EvaluatedStudy byModel(std::shared_ptr<const Evaluation> runs, std::vector<RunGroup> groups) {
    EvaluatedStudy out;
    out.groups = std::move(groups);
    out.runs = std::move(runs);
    out.models = out.runs;
    if (hasRepeatedRuns(out.groups)) {
        out.models = std::make_shared<const Evaluation>(averageRuns(*out.runs, out.groups));
        out.spreads = stats::runSpreads(*out.runs, out.groups);
    }
    return out;
}

EvaluatedStudy evaluateStudy(const Dataset& data, const EvalSettings& settings, RankCache& cache,
                             const std::optional<shard::BucketRange>& range, const Progress* progress) {
    return byModel(std::make_shared<const Evaluation>(shard::evaluateInBuckets(data, settings, range, cache, progress)),
                   runGroups(data));
}

} // namespace ranklab::study

#pragma once
// Merging partial-state files of one command (eval, compare, ranks, curves
// or cohorts, read from their "command"): the report the single command prints, or the merged
// state. `names` name the texts in errors (file names).
#include <string>
#include <vector>

#include "report/compare_report.h"
#include "report/eval_report.h"

namespace ranklab::shard {

struct MergeReportOptions {
    TableFormat format = TableFormat::Text;
    int digits = 4;
    ShownInterval interval = ShownInterval::T;  // compare
    // compare: the smallest differences that matter (--min-effect; a state
    // does not keep them), as `compare --min-effect` takes them.
    std::string minEffect;
};

std::string mergeReport(const std::vector<std::string>& texts, const std::vector<std::string>& names,
                        const MergeReportOptions& options);
std::string mergeStates(const std::vector<std::string>& texts, const std::vector<std::string>& names);

// The bucket sizes file (compare_partial.h) of compare states covering every bucket.
std::string mergedBucketSizes(const std::vector<std::string>& texts, const std::vector<std::string>& names);

} // namespace ranklab::shard

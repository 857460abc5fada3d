#pragma once
// The partial state of `cohorts` over a range of user buckets: compare's
// state (compare_partial.h) over all the range's users and over the users
// of each cohort. Every cohort's comparison, the overall one and which best
// model differs come from the merged states exactly as `cohorts` computes
// them from the per-user values, so `merge` prints the single command's bytes.
//
// Cohorts have fixed boundaries (bins of R: --by relevant, its default bins
// or --bins; bins of the activity given with --bins; the groups of a
// --cohorts file, every shard reading the same file), or quantile bins
// (--quantiles, and --by activity without --bins), which cut at quantiles
// of the values of ALL users: those take two passes (above). The
// extra cohort ("(other)" for a value outside every bin, "(none)" for a user
// without a group) comes last when any shard has a user in it. Set-level
// columns are refused (their cohort comparison resamples users). The
// randomization test merges as compare's does; the bootstrap too, in two
// passes, each cohort with its own bucket sizes.
//
// File (partial_file.h's shared fields, "command": "cohorts"):
//   "cohorts": {"by", "labels": [regular cohorts], "extra": label or null,
//               "overall": compare state, "cells": [compare state per
//               label, then the extra one]}
// each compare state as a whole compare partial-state file's object.
#include <optional>
#include <string>
#include <vector>

#include "compare/cohort_comparison.h"
#include "eval/cohort_grouping.h"
#include "shard/compare_partial.h"
#include "shard/partial_header.h"

namespace ranklab::shard {

struct CohortsPartial {
    PartialHeader header;    // as overall.eval's
    CohortGrouping by = CohortGrouping::Relevant;
    std::vector<std::string> labels;   // the regular cohorts, in display order
    std::optional<std::string> extra;  // "(other)" or "(none)", when a user of the range is in it
    ComparePartial overall;
    std::vector<ComparePartial> cells;  // per label, then the extra cohort
    // Quantile cohorts' first pass: the bins are cut at quantiles of every
    // user's value, so a shard keeps how many of its users have each value
    // in each bucket (no labels, no cells yet); `merge --bucket-sizes`
    // cuts the bins and counts each cohort's users per bucket for the
    // second pass.
    bool binsPending = false;
    std::size_t quantiles = 0;
    struct BucketValue {
        std::uint32_t bucket = 0;
        std::uint64_t value = 0;
        std::uint64_t users = 0;
    };
    std::vector<BucketValue> values;  // sorted by (bucket, value)
};

// Throws ranklab::Error for cohorts --partial cannot carry (see above).
void requireMergeable(const CohortSpec& spec, const std::vector<MetricSpec>& metrics);

// The state of an evaluation restricted by restrictToBuckets() and its
// users' cohorts (assignCohorts of eval.users).
// `sizes`: every bucket's users overall and per cohort, for the bootstrap's
// second pass (none: the bootstrap is left pending).
CohortsPartial cohortsPartial(const Evaluation& eval, const CohortAssignment& assignment, const BucketRange& range,
                              const UserCounts& counts, const stats::ComparisonOptions& options,
                              const BucketSizes* sizes = nullptr);
// The first pass of quantile cohorts (above): `assignment`'s values of the
// rows, cut later into `quantiles` bins.
CohortsPartial cohortsPendingBins(const Evaluation& eval, const CohortAssignment& assignment, const BucketRange& range,
                                  const UserCounts& counts, const stats::ComparisonOptions& options,
                                  std::size_t quantiles);
// The bucket sizes of merged states covering every bucket, overall and per
// cohort (of a first pass of quantile cohorts: the bins too).
BucketSizes bucketSizesOf(const CohortsPartial& whole);
// Throws ranklab::Error naming the file of the first difference or overlap.
CohortsPartial mergeCohortsPartials(const std::vector<CohortsPartial>& parts, const std::vector<std::string>& names);
// What `cohorts` prints, from a state covering every bucket.
CohortComparison cohortComparisonOf(const CohortsPartial& whole);

std::string writeCohortsPartial(const CohortsPartial& partial);
CohortsPartial readCohortsPartial(const std::string& text, const std::string& fileName);

} // namespace ranklab::shard

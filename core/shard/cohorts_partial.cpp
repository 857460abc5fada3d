#include "shard/cohorts_partial.h"

#include <algorithm>
#include <map>

#include "common/error.h"

namespace ranklab::shard {

void requireMergeable(const CohortSpec& spec, const std::vector<MetricSpec>& metrics) {
    (void)spec;  // every grouping merges (quantile bins in two passes)
    for (const MetricSpec& m : metrics)
        if (m.record() && m.record()->setLevel())
            throw Error("--partial: " + m.id() +
                        " is a set-level metric: its cohort comparison resamples users and has no partial state yet; "
                        "leave it out");
}

CohortsPartial cohortsPartial(const Evaluation& eval, const CohortAssignment& assignment, const BucketRange& range,
                              const UserCounts& counts, const stats::ComparisonOptions& options,
                              const BucketSizes* sizes) {
    if (assignment.cohortOfRow.size() != eval.users.size())
        throw Error("the cohort assignment was made for other users than the evaluation's");
    CohortsPartial out;
    out.by = assignment.by;
    out.overall = comparePartial(eval, range, counts, options, sizes ? &sizes->users : nullptr);
    out.header = {out.overall.eval.buckets, out.overall.eval.settings, out.overall.eval.counts,
                  out.overall.eval.inputs};
    if (sizes) out.header.inputs.bucketSizes = bucketSizesDigest(sizes->users, sizes->cohorts);
    const std::string_view extra = assignment.by == CohortGrouping::Attribute ? kNoGroupLabel : kOtherBinLabel;
    std::vector<std::vector<std::size_t>> rowsOf(assignment.labels.size());
    for (std::size_t row = 0; row < assignment.cohortOfRow.size(); ++row) rowsOf.at(assignment.cohortOfRow[row]).push_back(row);
    for (std::size_t k = 0; k < assignment.labels.size(); ++k) {
        // The extra cohort is the last label, and only there when a user is in it.
        if (k + 1 == assignment.labels.size() && assignment.labels[k] == extra &&
            (assignment.by == CohortGrouping::Attribute || k == assignment.bins.size()))
            out.extra = assignment.labels[k];
        else
            out.labels.push_back(assignment.labels[k]);
        const Evaluation sub = subEvaluation(eval, rowsOf[k]);
        UserCounts cell = counts;
        cell.evaluated = rowsOf[k].size();
        out.cells.push_back(comparePartial(sub, range, cell, options, sizes ? &sizes->of(assignment.labels[k]) : nullptr));
        // The header's digest covers every cohort's sizes; a cell's own would
        // be compared with another shard's cell of another label.
        out.cells.back().eval.inputs.bucketSizes.clear();
    }
    return out;
}

CohortsPartial cohortsPendingBins(const Evaluation& eval, const CohortAssignment& assignment, const BucketRange& range,
                                  const UserCounts& counts, const stats::ComparisonOptions& options,
                                  std::size_t quantiles) {
    if (assignment.valueOfRow.size() != eval.users.size())
        throw Error("the cohort assignment was made for other users than the evaluation's");
    CohortsPartial out;
    out.by = assignment.by;
    out.binsPending = true;
    out.quantiles = quantiles;
    out.overall = comparePartial(eval, range, counts, options);
    out.header = {out.overall.eval.buckets, out.overall.eval.settings, out.overall.eval.counts,
                  out.overall.eval.inputs};
    const std::vector<UserKey> keys = eval.keysOfRows();
    for (std::size_t row = 0; row < keys.size(); ++row)
        out.values.push_back({keys[row].bucket(), assignment.valueOfRow[row], 1});
    std::sort(out.values.begin(), out.values.end(), [](const auto& a, const auto& b) {
        return a.bucket != b.bucket ? a.bucket < b.bucket : a.value < b.value;
    });
    std::vector<CohortsPartial::BucketValue> merged;
    for (const auto& v : out.values)
        if (!merged.empty() && merged.back().bucket == v.bucket && merged.back().value == v.value)
            merged.back().users += v.users;
        else
            merged.push_back(v);
    out.values = std::move(merged);
    return out;
}

BucketSizes bucketSizesOf(const CohortsPartial& whole) {
    const std::string missing = missingBuckets(whole.overall.eval.buckets);
    if (!missing.empty())
        throw Error("merge --bucket-sizes: every bucket's size is needed; no state covers buckets " + missing);
    BucketSizes out;
    out.users = whole.overall.bucketUsers;
    if (whole.binsPending) {
        // The bins over every user's value, then each cohort's users per bucket.
        std::map<std::uint64_t, std::uint64_t> histogram;
        for (const auto& v : whole.values) histogram[v.value] += v.users;
        std::vector<ValueCount> counts;
        for (const auto& [value, users] : histogram) counts.push_back({value, users});
        out.quantileBins = quantileBins(std::span<const ValueCount>(counts), whole.quantiles);
        for (const CountBin& bin : out.quantileBins) out.cohorts.emplace_back(bin.label, std::vector<std::uint64_t>(kBuckets, 0));
        for (const auto& v : whole.values) {
            const auto k = binOf(out.quantileBins, v.value);
            if (!k) throw Error("internal error: a value outside the quantile bins");
            out.cohorts[*k].second[v.bucket] += v.users;
        }
        return out;
    }
    for (std::size_t k = 0; k < whole.cells.size(); ++k)
        out.cohorts.emplace_back(k < whole.labels.size() ? whole.labels[k] : *whole.extra, whole.cells[k].bucketUsers);
    return out;
}

namespace {

// A state of `like`'s settings, options, models and ranges without users:
// the extra cohort of a shard that has no user in it.
ComparePartial emptyLike(const ComparePartial& like) {
    ComparePartial out = like;
    out.eval.counts.evaluated = 0;
    out.eval.inputs.bucketSizes.clear();  // as every cell's: the header's digest covers the cohorts' sizes
    for (EvalPartial::Model& model : out.eval.models)
        for (stats::ExactMoments& column : model.columns) column = {};
    for (ComparePartial::Pair& pair : out.pairs) pair = {};
    // The same nodes of the bucket tree, without users.
    std::fill(out.bucketUsers.begin(), out.bucketUsers.end(), 0);
    const auto empty = [](std::vector<stats::TreeNode>& nodes) {
        for (stats::TreeNode& node : nodes) {
            node.users = 0;
            node.values.clear();
        }
    };
    if (out.flips) {
        empty(out.flips->flipped);
        empty(out.flips->totals);
    }
    empty(out.bootstrap);
    out.exactRows.clear();
    return out;
}

} // namespace

CohortsPartial mergeCohortsPartials(const std::vector<CohortsPartial>& parts, const std::vector<std::string>& names) {
    if (parts.empty()) throw Error("merge: no partial states given");
    const std::string first = names.empty() ? std::string("the first") : names.front();
    CohortsPartial out = parts.front();
    if (std::any_of(parts.begin(), parts.end(), [](const CohortsPartial& p) { return p.binsPending; })) {
        // First passes of quantile cohorts: the overall states and the values.
        std::vector<ComparePartial> overall;
        std::vector<std::string> overallNames;
        for (std::size_t p = 0; p < parts.size(); ++p) {
            const std::string name = p < names.size() ? names[p] : std::to_string(p);
            if (!parts[p].binsPending || parts[p].quantiles != out.quantiles || parts[p].by != out.by)
                throw Error(name + ": not a first pass of the same quantile cohorts as " + first +
                            " (merge the first passes together, the second passes together)");
            if (p > 0) {
                mergeHeader(out.header, parts[p].header, name, first);
                out.values.insert(out.values.end(), parts[p].values.begin(), parts[p].values.end());
            }
            overall.push_back(parts[p].overall);
            overallNames.push_back(name);
        }
        out.overall = mergeComparePartials(overall, overallNames);
        std::sort(out.values.begin(), out.values.end(), [](const auto& a, const auto& b) {
            return a.bucket != b.bucket ? a.bucket < b.bucket : a.value < b.value;
        });
        return out;
    }
    std::vector<ComparePartial> overall{out.overall};
    // Per cohort (the labels, then the extra one): its states and their files.
    const std::size_t regular = out.labels.size();
    std::vector<std::vector<ComparePartial>> cells(regular + 1);
    std::vector<std::vector<std::string>> cellNames(regular + 1);
    const auto add = [&](const CohortsPartial& part, const std::string& name) {
        if (part.cells.size() != part.labels.size() + (part.extra ? 1 : 0))
            throw Error(name + ": " + std::to_string(part.cells.size()) + " cohort states for " +
                        std::to_string(part.labels.size() + (part.extra ? 1 : 0)) + " cohorts");
        for (std::size_t k = 0; k < part.cells.size(); ++k) {
            cells[std::min(k, regular)].push_back(part.cells[k]);
            cellNames[std::min(k, regular)].push_back(name);
        }
        if (!part.extra) {  // no user in the extra cohort: its empty state, so every cohort covers every range
            cells[regular].push_back(emptyLike(part.overall));
            cellNames[regular].push_back(name);
        }
    };
    add(out, first);
    for (std::size_t p = 1; p < parts.size(); ++p) {
        const CohortsPartial& part = parts[p];
        const std::string name = p < names.size() ? names[p] : std::to_string(p);
        mergeHeader(out.header, part.header, name, first);
        if (part.by != out.by || part.labels != out.labels)
            throw Error(name + ": cohorts by " + cohortGroupingName(part.by) + " with other cohorts than " + first +
                        "'s (the same --by, --bins and --cohorts file on every shard)");
        if (part.extra && out.extra && *part.extra != *out.extra)
            throw Error(name + ": its extra cohort is \"" + *part.extra + "\", " + first + "'s \"" + *out.extra + "\"");
        if (!out.extra) out.extra = part.extra;
        overall.push_back(part.overall);
        add(part, name);
    }
    std::vector<std::string> overallNames;
    for (std::size_t p = 0; p < parts.size(); ++p) overallNames.push_back(p < names.size() ? names[p] : std::to_string(p));
    out.overall = mergeComparePartials(overall, overallNames);
    out.cells.clear();
    for (std::size_t k = 0; k < regular; ++k) out.cells.push_back(mergeComparePartials(cells[k], cellNames[k]));
    if (out.extra) out.cells.push_back(mergeComparePartials(cells[regular], cellNames[regular]));
    return out;
}

CohortComparison cohortComparisonOf(const CohortsPartial& whole) {
    if (whole.binsPending)
        throw Error("merge: quantile cohorts cut at quantiles of every user's value, which the shards did not have: "
                    "write the bins (and every bucket's size) with `ranklab-cli merge --bucket-sizes sizes.json` over "
                    "these states, run each shard again with `--bucket-sizes sizes.json`, and merge those states");
    CohortComparison out;
    out.by = whole.by;
    out.overall = comparisonOf(whole.overall);  // throws naming missing buckets
    for (std::size_t k = 0; k < whole.cells.size(); ++k) {
        const std::string label = k < whole.labels.size() ? whole.labels[k] : whole.extra.value_or("");
        const ComparePartial& cell = whole.cells[k];
        const std::size_t users = cell.eval.counts.evaluated;
        std::optional<stats::Comparison> comparison;
        if (users > 0) comparison = comparisonOf(cell);
        out.cohorts.push_back(cohortResultOf(label, users, std::move(comparison), out.overall));
    }
    return out;
}

} // namespace ranklab::shard

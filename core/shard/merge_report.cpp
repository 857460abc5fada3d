#include "shard/merge_report.h"

#include "common/error.h"
#include "compare/min_effects.h"
#include "shard/compare_partial.h"
#include "shard/partial_file.h"
#include "shard/cohorts_partial.h"
#include "shard/curves_partial.h"
#include "report/cohort_report.h"
#include "shard/ranks_partial.h"
#include "report/curve_difference_report.h"
#include "report/curves_report.h"
#include "report/ranks_report.h"

namespace ranklab::shard {
namespace {

std::vector<EvalPartial> evalParts(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    std::vector<EvalPartial> parts;
    for (std::size_t i = 0; i < texts.size(); ++i) parts.push_back(readEvalPartial(texts[i], names.at(i)));
    return parts;
}

std::vector<ComparePartial> compareParts(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    std::vector<ComparePartial> parts;
    for (std::size_t i = 0; i < texts.size(); ++i) parts.push_back(readComparePartial(texts[i], names.at(i)));
    return parts;
}

std::vector<RanksPartial> ranksParts(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    std::vector<RanksPartial> parts;
    for (std::size_t i = 0; i < texts.size(); ++i) parts.push_back(readRanksPartial(texts[i], names.at(i)));
    return parts;
}

std::vector<CurvesPartial> curvesParts(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    std::vector<CurvesPartial> parts;
    for (std::size_t i = 0; i < texts.size(); ++i) parts.push_back(readCurvesPartial(texts[i], names.at(i)));
    return parts;
}

std::vector<CohortsPartial> cohortsParts(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    std::vector<CohortsPartial> parts;
    for (std::size_t i = 0; i < texts.size(); ++i) parts.push_back(readCohortsPartial(texts[i], names.at(i)));
    return parts;
}

// Ranks and curves print table, csv and json only.
void requireFormat(const std::string& command, TableFormat format) {
    if (format != TableFormat::Text && format != TableFormat::Csv && format != TableFormat::Json)
        throw Error("merge: `" + command + "` prints table, csv or json (--format)");
}

std::string commandOf(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    if (texts.empty()) throw Error("merge: no partial states given");
    const std::string command = partialCommand(texts.front(), names.at(0));
    for (const char* known : {"eval", "compare", "ranks", "curves", "cohorts"})
        if (command == known) return command;
    throw Error(names.at(0) + ": a partial state of \"" + command +
                "\"; merge reads states of eval, compare, ranks, curves and cohorts");
}

} // namespace

std::string mergeReport(const std::vector<std::string>& texts, const std::vector<std::string>& names,
                        const MergeReportOptions& options) {
    const std::string command = commandOf(texts, names);
    if (command == "ranks") {
        requireFormat(command, options.format);
        return formatRankDistributions(rankDistributionsOf(mergeRanksPartials(ranksParts(texts, names), names)),
                                       options.format, options.digits);
    }
    if (command == "curves") {
        requireFormat(command, options.format);
        const CurvesPartial merged = mergeCurvesPartials(curvesParts(texts, names), names);
        if (!merged.differences.empty())
            return formatCurveDifferences(curveDifferencesOf(merged), options.format, options.digits);
        return formatCurves(curvesOf(merged), options.format, options.digits);
    }
    if (command == "cohorts") {
        if (options.format == TableFormat::Latex) throw Error("merge: `cohorts` prints table, csv, json or md (--format)");
        return formatCohorts(cohortComparisonOf(mergeCohortsPartials(cohortsParts(texts, names), names)),
                             options.format, options.digits);
    }
    if (!options.minEffect.empty() && command != "compare")
        throw Error("merge: --min-effect applies to compare states; these are " + command + " states");
    if (command == "compare") {
        ComparePartial merged = mergeComparePartials(compareParts(texts, names), names);
        const Evaluation eval = evaluationOf(merged.eval);  // throws naming missing buckets
        merged.options.minEffect = stats::minEffectsFor(options.minEffect, eval.settings.metrics);
        ComparisonReportOptions report;
        report.digits = options.digits;
        report.interval = options.interval;
        report.context = ComparisonContext::of(eval);
        return formatComparison(comparisonOf(merged), options.format, report);
    }
    return formatEvaluation(evaluationOf(mergeEvalPartials(evalParts(texts, names), names)), options.format,
                            options.digits);
}

std::string mergedBucketSizes(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    const std::string command = commandOf(texts, names);
    if (command == "curves") {
        const CurvesPartial merged = mergeCurvesPartials(curvesParts(texts, names), names);
        const std::string missing = missingBuckets(merged.header.buckets);
        if (!missing.empty())
            throw Error("merge --bucket-sizes: every bucket's size is needed; no state covers buckets " + missing);
        const CurveBands& bands =
            merged.differences.empty() ? merged.moments.bands : merged.differences.front().bands;
        if (!bands.bootstrap())
            throw Error("merge --bucket-sizes: these curves have no bootstrap bands, so no second pass");
        return writeBucketSizes(bands.bucketUsers);
    }
    if (command == "cohorts")
        return writeBucketSizes(bucketSizesOf(mergeCohortsPartials(cohortsParts(texts, names), names)));
    if (command != "compare")
        throw Error("merge --bucket-sizes: reads states of compare, curves and cohorts (their bootstrap's first "
                    "pass), not " + command);
    const ComparePartial merged = mergeComparePartials(compareParts(texts, names), names);
    const std::string missing = missingBuckets(merged.eval.buckets);
    if (!missing.empty())
        throw Error("merge --bucket-sizes: every bucket's size is needed; no state covers buckets " + missing);
    return writeBucketSizes(merged.bucketUsers);
}

std::string mergeStates(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    const std::string command = commandOf(texts, names);
    if (command == "ranks") return writeRanksPartial(mergeRanksPartials(ranksParts(texts, names), names));
    if (command == "curves") return writeCurvesPartial(mergeCurvesPartials(curvesParts(texts, names), names));
    if (command == "cohorts") return writeCohortsPartial(mergeCohortsPartials(cohortsParts(texts, names), names));
    if (command == "compare")
        return writeComparePartial(mergeComparePartials(compareParts(texts, names), names));
    return writeEvalPartial(mergeEvalPartials(evalParts(texts, names), names));
}

} // namespace ranklab::shard

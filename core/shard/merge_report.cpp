#include "shard/merge_report.h"

#include "common/error.h"
#include "shard/compare_partial.h"
#include "shard/partial_file.h"

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

std::string commandOf(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    if (texts.empty()) throw Error("merge: no partial states given");
    return partialCommand(texts.front(), names.at(0));
}

} // namespace

std::string mergeReport(const std::vector<std::string>& texts, const std::vector<std::string>& names,
                        const MergeReportOptions& options) {
    if (commandOf(texts, names) == "compare") {
        const ComparePartial merged = mergeComparePartials(compareParts(texts, names), names);
        ComparisonReportOptions report;
        report.digits = options.digits;
        report.interval = options.interval;
        report.context = ComparisonContext::of(evaluationOf(merged.eval));
        return formatComparison(comparisonOf(merged), options.format, report);
    }
    return formatEvaluation(evaluationOf(mergeEvalPartials(evalParts(texts, names), names)), options.format,
                            options.digits);
}

std::string mergeStates(const std::vector<std::string>& texts, const std::vector<std::string>& names) {
    if (commandOf(texts, names) == "compare")
        return writeComparePartial(mergeComparePartials(compareParts(texts, names), names));
    return writeEvalPartial(mergeEvalPartials(evalParts(texts, names), names));
}

} // namespace ranklab::shard

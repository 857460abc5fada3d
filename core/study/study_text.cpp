#include "study/study_text.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "report/runs_report.h"
#include "report/sampled_report.h"
#include "report/set_level_report.h"

namespace ranklab::study {
namespace {

// The repeated runs' section (nothing without spreads); `bootstrap` names
// compare's two-level intervals, "" for eval.
std::string withRuns(const Evaluation& models, const std::vector<stats::RunSpread>* spreads, std::string text,
                     TableFormat format, int digits, const char* bootstrap) {
    if (!spreads || spreads->empty()) return text;
    RunsSection section{spreads, {}, {}, bootstrap};
    for (std::size_t c = 0; c < models.metricCount(); ++c) {
        section.columns.push_back(c);
        section.ids.push_back(models.settings.metrics[c].id());
    }
    return withRunsSection(std::move(text), format, section, digits);
}

std::string withSetLevel(std::string text, const stats::SetLevelComparison& setLevel, TableFormat format,
                         int digits) {
    if (setLevel.metrics.empty()) return text;
    switch (format) {
    case TableFormat::Json: {
        auto json = nlohmann::ordered_json::parse(text);
        json["set_level"] = setLevelJson(setLevel);
        return json.dump(2) + "\n";
    }
    case TableFormat::Text:
    case TableFormat::Markdown: return text + formatSetLevelText(setLevel, digits);
    case TableFormat::Csv: {
        const std::string header = text.substr(0, text.find('\n'));
        return text + setLevelCsvRows(setLevel, std::size_t(std::count(header.begin(), header.end(), ',')) + 1);
    }
    case TableFormat::Latex: return text + formatSetLevelLatex(setLevel, digits);
    }
    return text;
}

} // namespace

std::string formatEvaluatedStudy(const EvaluatedStudy& e, TableFormat format, int digits,
                                 const SampledEvaluation* sampled) {
    std::string text = formatEvaluation(*e.models, format, digits);
    if (sampled) text = withSampledSection(std::move(text), format, *sampled, digits);
    return withRuns(*e.models, &e.spreads, std::move(text), format, digits, "");
}

std::string formatComparedStudy(const Evaluation& models, const stats::Comparison& comparison,
                                const stats::SetLevelComparison* setLevel,
                                const std::vector<stats::RunSpread>* spreads, TableFormat format,
                                ComparisonReportOptions report, const SampledEvaluation* sampled) {
    if (!report.context) report.context = ComparisonContext::of(models);
    std::string text = formatComparison(comparison, format, report);
    if (setLevel) text = withSetLevel(std::move(text), *setLevel, format, report.digits);
    if (sampled) text = withSampledSection(std::move(text), format, *sampled, report.digits);
    return withRuns(models, spreads, std::move(text), format, report.digits,
                    comparison.options.bootstrapIntervals ? "two-level" : "");
}

std::string formatComparedStudy(const EvaluatedStudy& e, const ComparedStudy& c, TableFormat format,
                                ComparisonReportOptions report, const SampledEvaluation* sampled) {
    return formatComparedStudy(*e.models, c.comparison, &c.setLevel, &e.spreads, format, report, sampled);
}

} // namespace ranklab::study

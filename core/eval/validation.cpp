#include "eval/validation.h"

#include <algorithm>

#include "eval/validation_checks.h"

// The kinds of finding, by subject:
//  dataset:      no_relevant_users (error), users_without_relevant (info),
//                leakage (warning)
//  each file:    skipped_lines (warning), duplicates_resolved (warning),
//                identical_duplicates (info), load_warnings (info)
//  each model:   empty_run (error), run_only_users (warning; error when the
//                run shares no user with the ground truth), missing_users
//                (warning), unjudged_items (info), unretrieved_items (info),
//                nan_scores (error), infinite_scores (info), short_lists
//                (warning), tied_scores (info), sampled_protocol (info)

namespace ranklab {

const char* severityName(Severity severity) {
    switch (severity) {
    case Severity::Ok: return "ok";
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "?";
}

std::size_t ValidationReport::count(Severity severity) const {
    return static_cast<std::size_t>(std::count_if(findings.begin(), findings.end(),
                                                  [&](const Finding& f) { return f.severity == severity; }));
}

Severity ValidationReport::worst() const {
    Severity worst = Severity::Ok;
    for (const auto& f : findings) worst = std::max(worst, f.severity);
    return worst;
}

const Finding* ValidationReport::find(std::string_view kind, std::string_view subject) const {
    for (const auto& f : findings)
        if (f.kind == kind && (subject.empty() || f.subject == subject)) return &f;
    return nullptr;
}

std::uint32_t largestCutoff(const std::vector<MetricSpec>& metrics) {
    std::uint32_t largest = 0;
    for (const auto& spec : metrics)
        if (spec.cutoff != kCutoffAll) largest = std::max(largest, spec.cutoff);
    return largest;
}

Finding makeFinding(std::string kind, Severity severity, std::string subject, ExampleList& found,
                    std::string message) {
    Finding f;
    f.kind = std::move(kind);
    f.count = found.total();
    f.severity = f.count == 0 ? Severity::Ok : severity;
    f.subject = std::move(subject);
    f.examples = found.take();
    f.message = std::move(message);
    return f;
}

ValidationReport validateDataset(const Dataset& data, const ValidationSettings& settings, const Progress* progress) {
    ValidationReport report;
    if (progress) progress->check();
    checkGroundTruth(data, settings, report.findings);
    checkLoadReport(data.judgmentsReport, "ground truth", settings.maxExamples, report.findings);
    if (data.exclusionsReport) checkLoadReport(*data.exclusionsReport, "exclusions", settings.maxExamples, report.findings);
    if (data.cohortsReport) checkLoadReport(*data.cohortsReport, "cohorts", settings.maxExamples, report.findings);
    const std::size_t models = data.models.size();
    for (std::size_t m = 0; m < models; ++m) {
        checkLoadReport(data.models[m].report, "run", settings.maxExamples, report.findings);
        std::optional<Progress> part;
        if (progress) part.emplace(*progress, double(m) / double(models), double(m + 1) / double(models));
        checkRun(data, m, settings, progress ? &*part : nullptr, report.findings);
        checkSampledProtocol(data, m, settings, report.findings);
    }
    if (progress) progress->report(1.0);
    return report;
}

} // namespace ranklab

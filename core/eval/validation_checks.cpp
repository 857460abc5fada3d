// The checks of the files as read and of the ground truth with its exclusions.
#include "eval/validation_checks.h"
#include "common/number_text.h"

#include <algorithm>
#include <charconv>

namespace ranklab {
namespace {

std::string shortNumber(double value) { return shortestText(value); }

std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n).append(" ").append(n == 1 ? one : many);
}

bool relevant(double grade, double threshold) { return grade >= std::max(0.0, threshold); }

} // namespace

void checkLoadReport(const LoadReport& report, std::string_view role, std::size_t maxExamples,
                     std::vector<Finding>& out) {
    const std::string subject = report.path.empty() ? std::string(role) : report.path;

    ExampleList skipped(maxExamples);
    for (const BadLine& b : report.firstSkipped)
        skipped.add(std::string("line ").append(std::to_string(b.line)).append(": ").append(b.problem));
    skipped.count(report.skippedLines - std::min<std::uint64_t>(report.skippedLines, report.firstSkipped.size()));
    out.push_back(makeFinding("skipped_lines", Severity::Warning, subject, skipped,
                              skipped.total() == 0
                                  ? std::string("no bad lines in the ") + std::string(role)
                                  : plural(skipped.total(), "bad line was", "bad lines were") +
                                        " skipped (--skip-bad-lines): their entries are missing from the " +
                                        std::string(role)));

    ExampleList resolved(maxExamples);
    resolved.count(report.duplicatesDropped);
    out.push_back(makeFinding(
        "duplicates_resolved", Severity::Warning, subject, resolved,
        resolved.total() == 0
            ? std::string("no conflicting repeated (user, item) entries")
            : plural(resolved.total(), "repeated (user, item) entry was", "repeated (user, item) entries were") +
                  " dropped by the --duplicates policy: the kept value depends on that choice"));

    ExampleList identical(maxExamples);
    identical.count(report.identicalDuplicates);
    out.push_back(makeFinding("identical_duplicates", Severity::Info, subject, identical,
                              identical.total() == 0
                                  ? std::string("no repeated identical lines")
                                  : plural(identical.total(), "repeated identical line was", "repeated identical lines were") +
                                        " merged"));

    ExampleList warnings(maxExamples);
    for (const auto& w : report.warnings) warnings.add(w);
    out.push_back(makeFinding("load_warnings", Severity::Info, subject, warnings,
                              warnings.total() == 0 ? std::string("reading gave no warnings")
                                                    : plural(warnings.total(), "warning", "warnings") + " while reading"));
}

void checkGroundTruth(const Dataset& data, const ValidationSettings& settings, std::vector<Finding>& out) {
    const double theta = settings.relevanceThreshold;
    const std::size_t users = data.ids.users.size();
    ExampleList withoutRelevant(settings.maxExamples);
    std::size_t judgedUsers = 0;
    for (std::size_t i = 0; i < users; ++i) {
        const UserId u = UserId(i);
        if (!data.judgments.hasUser(u)) continue;
        ++judgedUsers;
        auto grades = data.judgments.grades(u);
        if (std::none_of(grades.begin(), grades.end(), [&](double g) { return relevant(g, theta); }))
            withoutRelevant.add(data.ids.users.name(u));
    }
    const std::uint64_t none = withoutRelevant.total();
    const std::string threshold = std::string("grade >= ").append(shortNumber(theta));

    ExampleList noRelevant(settings.maxExamples);
    if (judgedUsers == none) noRelevant.count();
    out.push_back(makeFinding("no_relevant_users", Severity::Error, "dataset", noRelevant,
                              noRelevant.total() == 0
                                  ? std::string("the ground truth has users with relevant items")
                                  : "no ground-truth user has a relevant item (" + threshold +
                                        "): every metric is 0 or undefined; check the grade column and --rel"));
    out.push_back(makeFinding(
        "users_without_relevant", Severity::Info, "dataset", withoutRelevant,
        none == 0 ? "every ground-truth user has a relevant item (" + threshold + ")"
                  : plural(none, "ground-truth user has", "ground-truth users have") + " no relevant item (" +
                        threshold + "): not averaged under --users relevant, 0 on every metric under --users all"));

    if (!data.exclusions) return;
    ExampleList leaked(settings.maxExamples);
    for (std::size_t i = 0; i < users; ++i) {
        const UserId u = UserId(i);
        auto items = data.judgments.items(u);
        auto grades = data.judgments.grades(u);
        for (std::size_t j = 0; j < items.size(); ++j) {
            if (!relevant(grades[j], theta) || !data.exclusions->contains(u, items[j])) continue;
            leaked.add(std::string(data.ids.users.name(u)).append(" ").append(data.ids.items.name(items[j])));
        }
    }
    const std::string subject = data.exclusionsReport && !data.exclusionsReport->path.empty()
                                    ? data.exclusionsReport->path
                                    : std::string("exclusions");
    out.push_back(makeFinding(
        "leakage", Severity::Warning, subject, leaked,
        leaked.total() == 0
            ? std::string("no relevant ground-truth item is in the exclusions")
            : plural(leaked.total(), "relevant ground-truth (user, item) pair is", "relevant ground-truth (user, item) pairs are") +
                  " also in the exclusions (training data): leakage between the splits; with exclusions applied "
                  "these items can never be ranked"));
}

} // namespace ranklab

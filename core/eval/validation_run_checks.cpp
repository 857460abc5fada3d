// The checks of one model's run against the ground truth.
#include <cmath>
#include <cstdio>

#include "eval/tie_structure.h"
#include "eval/validation_checks.h"

namespace ranklab {
namespace {

std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n).append(" ").append(n == 1 ? one : many);
}

// One decimal, or two significant digits below 0.1% so that a small share is not shown as 0.
std::string percent(std::uint64_t part, std::uint64_t whole) {
    const double p = whole == 0 ? 0.0 : 100.0 * double(part) / double(whole);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, p > 0 && p < 0.1 ? "%.2g%%" : "%.1f%%", p);
    return buffer;
}

} // namespace

void checkRun(const Dataset& data, std::size_t model, const ValidationSettings& settings, const Progress* progress,
              std::vector<Finding>& out) {
    const ModelRun& modelRun = data.models.at(model);
    const Run& run = modelRun.run;
    const std::string subject = "model " + modelRun.name;
    const std::size_t users = data.ids.users.size();
    const std::size_t itemCount = data.ids.items.size();
    const std::size_t limit = settings.maxExamples;
    if (progress) progress->check();

    // Users: in the run only, in the ground truth only.
    ExampleList runOnly(limit), missing(limit);
    std::size_t runUsers = 0;
    for (std::size_t i = 0; i < users; ++i) {
        const UserId u = UserId(i);
        const bool inRun = run.hasUser(u), judged = data.judgments.hasUser(u);
        runUsers += inRun;
        if (inRun && !judged) runOnly.add(data.ids.users.name(u));
        if (!inRun && judged) missing.add(data.ids.users.name(u));
    }
    ExampleList empty(limit);
    if (runUsers == 0) empty.count();
    out.push_back(makeFinding("empty_run", Severity::Error, subject, empty,
                              runUsers == 0 ? std::string("the run holds no scores") : plural(runUsers, "user", "users") + " scored"));
    const bool noneShared = runUsers > 0 && runOnly.total() == runUsers;
    out.push_back(makeFinding(
        "run_only_users", noneShared ? Severity::Error : Severity::Warning, subject, runOnly,
        runOnly.total() == 0 ? std::string("every user of the run is in the ground truth")
        : noneShared
            ? std::string("no user of the run is in the ground truth: do the user ids of the two files match?")
            : plural(runOnly.total(), "user of the run is", "users of the run are") +
                  " not in the ground truth: never averaged"));
    out.push_back(makeFinding(
        "missing_users", Severity::Warning, subject, missing,
        missing.total() == 0 ? std::string("every ground-truth user is in the run")
                             : plural(missing.total(), "ground-truth user is", "ground-truth users are") +
                                   " missing from the run: 0 on every metric under --users relevant or all "
                                   "(when they have relevant items), left out under --users trec"));

    // Items: scored but never judged, judged but never scored.
    std::vector<bool> judgedItem(itemCount, false), scoredItem(itemCount, false);
    for (std::size_t i = 0; i < users; ++i) {
        for (ItemId item : data.judgments.items(UserId(i))) judgedItem[item] = true;
        for (ItemId item : run.items(UserId(i))) scoredItem[item] = true;
    }
    ExampleList unjudged(limit), unretrieved(limit);
    for (std::size_t item = 0; item < itemCount; ++item) {
        if (scoredItem[item] && !judgedItem[item]) unjudged.add(data.ids.items.name(ItemId(item)));
        if (judgedItem[item] && !scoredItem[item]) unretrieved.add(data.ids.items.name(ItemId(item)));
    }
    out.push_back(makeFinding("unjudged_items", Severity::Info, subject, unjudged,
                              unjudged.total() == 0
                                  ? std::string("every item of the run is judged for some user")
                                  : plural(unjudged.total(), "item of the run is", "items of the run are") +
                                        " judged for no user: they count as non-relevant wherever ranked"));
    out.push_back(makeFinding("unretrieved_items", Severity::Info, subject, unretrieved,
                              unretrieved.total() == 0
                                  ? std::string("every judged item is scored for some user")
                                  : plural(unretrieved.total(), "judged item is", "judged items are") +
                                        " scored for no user by this model"));
    if (progress) progress->check();

    // Scores: NaN (refused by the readers), ±inf (allowed).
    ExampleList nan(limit), infinite(limit);
    for (std::size_t i = 0; i < users; ++i) {
        const UserId u = UserId(i);
        auto items = run.items(u);
        auto scores = run.scores(u);
        for (std::size_t j = 0; j < scores.size(); ++j) {
            if (std::isfinite(scores[j])) continue;
            std::string example = std::string(data.ids.users.name(u)).append(" ").append(data.ids.items.name(items[j]));
            (std::isnan(scores[j]) ? nan : infinite).add(example);
        }
    }
    out.push_back(makeFinding("nan_scores", Severity::Error, subject, nan,
                              nan.total() == 0
                                  ? std::string("no NaN scores (the readers refuse NaN at read time; with "
                                                "--skip-bad-lines such lines are counted as skipped)")
                                  : plural(nan.total(), "score is", "scores are") + " NaN: such items cannot be ranked"));
    out.push_back(makeFinding("infinite_scores", Severity::Info, subject, infinite,
                              infinite.total() == 0
                                  ? std::string("no infinite scores")
                                  : plural(infinite.total(), "score is", "scores are") +
                                        " +inf or -inf: allowed, they rank first or last"));

    // Lists after exclusions: shorter than the largest cutoff; ties.
    const Exclusions* exclusions = settings.useExclusions && data.exclusions ? &*data.exclusions : nullptr;
    std::optional<Progress> part;
    if (progress) part.emplace(*progress, 0.5, 1.0);
    const TieStructure ties = findTies(run, exclusions, settings.parallelism, progress ? &*part : nullptr);
    if (settings.largestCutoff > 0) {
        ExampleList shortLists(limit);
        for (std::size_t i = 0; i < users; ++i) {
            const UserId u = UserId(i);
            if (!run.hasUser(u) || !data.judgments.hasUser(u)) continue;
            if (ties.listLength[u] < settings.largestCutoff) shortLists.add(data.ids.users.name(u));
        }
        const std::string k = std::to_string(settings.largestCutoff);
        out.push_back(makeFinding(
            "short_lists", Severity::Warning, subject, shortLists,
            shortLists.total() == 0
                ? "every judged user's list holds at least " + k + " items (the largest cutoff)"
                : plural(shortLists.total(), "judged user has", "judged users have") + " fewer than " + k +
                      " ranked items" + (exclusions ? " after exclusions" : "") +
                      ": the missing positions count as non-relevant (precision@" + k + " cannot reach 1)"));
    }
    ExampleList tied(limit);
    for (std::size_t i = 0; i < ties.tiedEntries.size(); ++i)
        if (ties.tiedEntries[i] > 0) tied.add(data.ids.users.name(UserId(i)));
    Finding tiedFinding = makeFinding(
        "tied_scores", Severity::Info, subject, tied,
        ties.tied == 0 ? std::string("no tied scores")
                       : percent(ties.tied, ties.entries) + " of the ranked items (" + std::to_string(ties.tied) +
                             " of " + std::to_string(ties.entries) + ") share their score with another item of the "
                             "same user; the examples are users with ties; see the tie-sensitivity band");
    tiedFinding.count = ties.tied;  // items, not users
    out.push_back(std::move(tiedFinding));
}

} // namespace ranklab

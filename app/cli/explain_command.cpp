// ranklab-cli explain --profile A --profile B: why two tools' definitions
// give different numbers, clause by clause (docs/profiles.md).
#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "cli/eval_options.h"
#include "cli/input_options.h"
#include "cli/progress_line.h"
#include "common/error.h"
#include "eval/profile_explain.h"
#include "report/profile_explain_report.h"

namespace ranklab::cli {
namespace {

struct ExplainCommandOptions {
    InputOptions input;
    EvalOptions eval;  // metrics, cutoffs, rel, exclusions (ties, users and the profile come from the profiles)
    std::vector<std::string> profiles;
    std::string format = "table";
    std::size_t listUsers = 20;
    int digits = 4;
};

void runExplain(const ExplainCommandOptions& o) {
    if (o.profiles.size() != 2)
        throw Error("explain needs exactly two profiles: --profile A --profile B (got " +
                    std::to_string(o.profiles.size()) + ")");
    const DefinitionProfile& a = findProfile(o.profiles[0]);
    const DefinitionProfile& b = findProfile(o.profiles[1]);
    EvalOptions eval = o.eval;
    eval.profile.clear();  // a workspace's profile: the two profiles given decide
    const EvalSettings base = eval.settings(o.input.threads);  // bad metrics fail before reading
    std::optional<ProgressLine> line(std::in_place, "explain");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.4);
    Dataset data = o.input.load(&reading);
    line->setStep("evaluating both profiles clause by clause");
    const Progress evaluating(line->progress(), 0.4, 1.0);
    RankCache cache;
    const ProfileExplanation x = explainProfiles(data, base, a, b, cache, &evaluating);
    line.reset();
    std::cout << (o.format == "json" ? formatExplanationJson(x, data.ids, o.listUsers)
                                     : formatExplanationText(x, o.digits));
}

} // namespace

void addExplainCommand(Command& app) {
    auto options = std::make_shared<ExplainCommandOptions>();
    auto* cmd = app.add_subcommand(
        "explain", "Why two tools' numbers differ: per metric, both profiles' means and each clause's share");
    cmd->footer(
        "The clauses (ties, users, gain, ideal, norm) are switched one at a time from A to B in that order;\n"
        "each clause's contribution is the change of the mean at its step, so the contributions sum to\n"
        "mean(B) - mean(A). A user differs when its value under A and B differ (or only one averages it);\n"
        "each step counts the users whose value changes there. Profiles: docs/profiles.md.\n"
        "Example: ranklab-cli explain -q test.tsv -r model=run.tsv --profile recbole --profile trec_eval "
        "--metrics ndcg,ap --cutoffs 10");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    cmd->remove_option(cmd->get_option("--ties"));
    cmd->remove_option(cmd->get_option("--users"));
    cmd->remove_option(cmd->get_option("--profile"));
    cmd->add_option("--profile", options->profiles, "The two profiles, A then B (give --profile twice)")
        ->required()
        ->expected(1)
        ->take_all();
    cmd->add_option("--format", options->format, "table | json")
        ->check(Check::member({"table", "json"}))
        ->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in the table")->check(Check::range(0, 17))->capture_default_str();
    cmd->add_option("--list-users", options->listUsers, "Differing users listed per metric in json")
        ->capture_default_str();
    cmd->callback([options] { runExplain(*options); });
}

} // namespace ranklab::cli

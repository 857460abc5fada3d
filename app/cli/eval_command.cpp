// ranklab-cli eval: the metric table of every model.
#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "cli/progress_line.h"
#include "common/atomic_file.h"
#include "report/eval_report.h"

namespace ranklab::cli {
namespace {

struct EvalCommandOptions {
    InputOptions input;
    EvalOptions eval;
    std::string format = "table";
    std::string perUser;
    int digits = 4;
};

void runEval(const EvalCommandOptions& o) {
    EvalSettings settings = o.eval.settings(o.input.threads);  // bad metrics fail before reading
    std::optional<ProgressLine> line(std::in_place, "eval");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.6);
    Dataset data = o.input.load(&reading);
    line->setStep("evaluating");
    const Progress evaluating(line->progress(), 0.6, 1.0);
    RankCache cache;
    Evaluation eval = evaluate(data, settings, cache, &evaluating);
    line.reset();  // erased before the table is printed
    std::cout << withManifest(formatEvaluation(eval, *parseTableFormat(o.format), o.digits), o.format, "", o.input,
                              &settings, nullptr, "", &eval.counts);
    if (!o.perUser.empty()) {
        AtomicFile file(o.perUser);
        file.write(formatPerUser(eval, data.ids));
        file.commit();
    }
}

} // namespace

void addEvalCommand(CLI::App& app) {
    auto options = std::make_shared<EvalCommandOptions>();
    auto* cmd = app.add_subcommand("eval", "Evaluate every model: metrics at cutoffs, averaged over users");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    cmd->add_option("--format", options->format, "table | csv | json | md | latex")
        ->check(CLI::IsMember({"table", "csv", "json", "md", "latex"}))
        ->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in table, csv, md and latex output")
        ->check(CLI::Range(0, 17))
        ->capture_default_str();
    cmd->add_option("--per-user", options->perUser, "Also write every user's values (TSV) to this file");
    options->input.targets.eval = &options->eval;
    cmd->callback([options] { runEval(*options); });
}

} // namespace ranklab::cli

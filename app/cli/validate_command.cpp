// ranklab-cli validate: the pre-flight report of the inputs (what can make
// the numbers misleading) and the tie-sensitivity band of every model.

#include "cli/commands.h"
#include "cli/report_output.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "cli/report_options.h"
#include "eval/tie_sensitivity.h"
#include "eval/validation.h"
#include "report/validation_report.h"

namespace ranklab::cli {
namespace {

// Exit code when the report fails (an error, or a warning under --strict).
constexpr int kFailedChecks = 2;

struct ValidateCommandOptions {
    InputOptions input;
    EvalOptions eval;
    bool strict = false;
    bool noTies = false;
    std::size_t examples = 5;
    std::string format = "table";
    int digits = 4;
    std::string out;
};

void runValidate(const ValidateCommandOptions& o) {
    const EvalSettings settings = o.eval.settings(o.input.threads);  // bad options fail before reading
    const Dataset data = o.input.load();
    ValidationSettings checks;
    checks.relevanceThreshold = settings.relevanceThreshold;
    checks.largestCutoff = largestCutoff(settings.metrics);
    checks.useExclusions = settings.useExclusions;
    checks.maxExamples = o.examples;
    checks.parallelism = settings.parallelism;
    const ValidationReport report = validateDataset(data, checks);
    std::optional<TieSensitivity> ties;
    if (!o.noTies) {
        RankCache cache;
        ties = analyzeTies(data, settings, cache);
    }
    const std::string text = formatValidation(report, ties ? &*ties : nullptr, *parseTableFormat(o.format), o.digits);
    writeReport(withManifest(text, o.format, o.out, o.input, &settings), o.out);
    const Severity worst = report.worst();
    if (worst == Severity::Error || (o.strict && worst == Severity::Warning)) exitCode() = kFailedChecks;
}

} // namespace

void addValidateCommand(Command& app) {
    auto options = std::make_shared<ValidateCommandOptions>();
    auto* cmd = app.add_subcommand(
        "validate", "Pre-flight checks of the inputs, and how much ties can move every metric (the tie band)");
    cmd->footer(
        "Checks: users and items that the runs and the ground truth do not share, skipped bad lines, resolved "
        "duplicates, NaN and infinite scores (NaN is refused at read time), lists shorter than the largest cutoff "
        "(after exclusions), users without relevant items (grade >= --rel), tied scores, and ground-truth relevant "
        "items that are also in --exclude (leakage). Each finding has a severity: error, warning, info (a note), or "
        "ok (the check passed). The tie band evaluates --metrics under --ties (default expected), optimistic and "
        "pessimistic, with the share of averaged users whose value ties change and whose top k holds a tie. To see "
        "every problem of a file instead of the first, add --skip-bad-lines --duplicates first.\n"
        "Exit status: 0 when no check found an error (warnings allowed), 2 when one did (or, with --strict, when "
        "one found a warning), 1 when an input cannot be read or an option is wrong.");
    options->input.checkUserIds = false;  // it reports them itself
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    cmd->add_flag("--strict", options->strict, "Fail (exit 2) on warnings too");
    cmd->add_flag("--no-ties", options->noTies, "Skip the tie-sensitivity band");
    cmd->add_option("--examples", options->examples, "Example ids listed per finding")
        ->check(Check::range(std::size_t{0}, std::size_t{1000}))
        ->capture_default_str();
    addReportOptions(*cmd, options->format, options->digits, options->out,
                     {.formats = {"table", "json", "md", "csv"},
                      .formatNote = "(csv: the findings only)",
                      .digits = "Decimals of the tie band in table and md output"});
    options->input.targets.eval = &options->eval;
    cmd->callback([options] { runValidate(*options); });
}

} // namespace ranklab::cli

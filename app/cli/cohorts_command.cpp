// ranklab-cli cohorts: the models compared within groups of users (by number
// of relevant items, by activity, or by an attribute file).

#include "cli/commands.h"
#include "common/output_file.h"
#include <optional>

#include "cli/bucket_sizes_option.h"
#include "shard/cohorts_partial.h"
#include "shard/eval_partial.h"
#include "shard/state_inputs.h"
#include "cli/comparison_choices.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "eval/ranking_depth.h"
#include "cli/progress_line.h"
#include "cli/report_output.h"
#include "cli/report_options.h"
#include "common/error.h"
#include "compare/cohort_comparison.h"
#include "report/cohort_report.h"

namespace ranklab::cli {
namespace {

struct CohortsCommandOptions {
    InputOptions input;
    EvalOptions eval;
    std::string by = "relevant";
    std::string bins;
    std::size_t quantiles = 0;  // 0: the grouping's default
    std::string baseline;       // empty: all pairs
    ComparisonChoices choices;  // --test, --correction, --alpha, --level, --resamples, --seed, --no-bootstrap
    std::string format = "table";
    int digits = 4;
    std::string out;
    std::string buckets;  // a:b, only the users of those buckets
    std::string partial;  // write the partial state here instead of printing the tables
    std::string bucketSizes;  // every bucket's users, overall and per cohort: the bootstrap's second pass
};

CohortSpec cohortSpec(const CohortsCommandOptions& o) {
    CohortSpec spec;
    spec.by = *parseCohortGrouping(o.by);
    if (!o.bins.empty()) {
        if (spec.by == CohortGrouping::Attribute) throw Error("--bins applies to --by relevant or activity, not attribute");
        if (o.quantiles > 0) throw Error("give either --bins or --quantiles, not both");
        spec.bins = parseCountBins(o.bins);
    }
    if (o.quantiles > 0) {
        if (spec.by == CohortGrouping::Attribute)
            throw Error("--quantiles applies to --by relevant or activity, not attribute");
        spec.quantiles = o.quantiles;
    }
    spec.relevanceThreshold = o.eval.rel;
    return spec;
}

// Every option checked before any file is read (the baseline name after).
stats::ComparisonOptions comparisonOptions(const CohortsCommandOptions& o) {
    return o.choices.options(o.input.threads);
}

std::optional<std::size_t> baselineIndex(const Evaluation& eval, const std::string& name) {
    if (name.empty()) return std::nullopt;
    std::string names;
    for (std::size_t m = 0; m < eval.models.size(); ++m) {
        if (eval.models[m].name == name) return m;
        names.append(names.empty() ? "" : ", ").append(eval.models[m].name);
    }
    throw Error(std::string("--baseline '").append(name).append("' is not a model; the models are: ").append(names));
}

void runCohorts(const CohortsCommandOptions& o) {
    const EvalSettings settings = o.eval.settings(o.input.threads);  // bad options fail before reading
    const CohortSpec spec = cohortSpec(o);
    stats::ComparisonOptions comparison = comparisonOptions(o);
    const shard::BucketRange range = o.buckets.empty() ? shard::BucketRange{} : shard::parseBucketRange(o.buckets);
    if (!o.partial.empty()) {
        shard::requireMergeable(spec, settings.metrics);
    }
    const std::optional<shard::BucketSizes> bucketSizes = loadBucketSizes(o.bucketSizes, o.partial);
    if (spec.by == CohortGrouping::Activity && o.input.sources().exclusions.empty())
        throw Error("--by activity counts each user's training interactions in the --exclude file: give one");
    if (spec.by == CohortGrouping::Attribute && o.input.sources().cohorts.empty())
        throw Error("--by attribute needs a --cohorts file of `user group` lines");
    std::optional<ProgressLine> line(std::in_place, "cohorts");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.3);
    InputOptions input = o.input;
    input.rankDepth = rankingDepth(settings);  // a dense numpy matrix keeps only what the metrics reach
    const Dataset data = input.load(&reading);
    line->setStep("evaluating");
    const Progress evaluating(line->progress(), 0.3, 0.5);
    RankCache cache;
    Evaluation eval = shard::evaluateInBuckets(data, settings, o.buckets.empty() ? std::nullopt : std::optional(range),
                                               cache, &evaluating);
    comparison.baseline = baselineIndex(eval, o.baseline);
    // Quantile bins cut over every user: a shard's first pass keeps its
    // values; its second pass takes the bins from the sizes file.
    const bool quantiles = spec.bins.empty() && (spec.quantiles || spec.by == CohortGrouping::Activity);
    CohortSpec used = spec;
    if (!o.partial.empty() && quantiles && bucketSizes) {
        if (bucketSizes->quantileBins.empty())
            throw Error(o.bucketSizes + ": no quantile bins: write the sizes from these quantile cohorts' first pass");
        used.bins = bucketSizes->quantileBins;
    }
    const CohortAssignment assignment = assignCohorts(data, eval.users, used);
    if (!o.partial.empty()) {
        line.reset();
        OutputFile file(o.partial);
        shard::CohortsPartial partial =
            quantiles && !bucketSizes
                ? shard::cohortsPendingBins(eval, assignment, range, eval.counts, comparison, spec.quantiles.value_or(4))
                : shard::cohortsPartial(eval, assignment, range, eval.counts, comparison,
                                        bucketSizes ? &*bucketSizes : nullptr);
        shard::setDataInputs(partial.header.inputs, data, range);  // what the shards must agree on
        file.write(shard::writeCohortsPartial(partial));
        file.commit();
        return;
    }
    line->setStep("comparing cohorts");
    const Progress comparing(line->progress(), 0.5, 1.0);
    const CohortComparison result = compareCohorts(eval, assignment, comparison, &comparing, &data, &cache);
    line.reset();
    const std::string text = formatCohorts(result, *parseTableFormat(o.format), o.digits);
    writeReport(withManifest(text, o.format, o.out, o.input, &settings, &comparison, "", &eval.counts), o.out);
}

} // namespace

void addCohortsCommand(Command& app) {
    auto options = std::make_shared<CohortsCommandOptions>();
    auto* cmd = app.add_subcommand(
        "cohorts", "Compare the models within groups of users: by relevant items, activity, or an attribute file");
    cmd->footer(
        "Every averaged user (--users) lands in exactly one cohort. --by relevant bins R, the user's number of "
        "relevant items (default bins 1,2,3-5,6-10,11+); --by activity bins the user's training interactions, "
        "the lines of the --exclude file (default: quartiles, labelled with their ranges); --by attribute uses the "
        "--cohorts file (users without a group: \"(none)\"). A value outside every --bins goes to \"(other)\". "
        "Each cohort gets its means with t CIs, its pairwise tests (all pairs, or against --baseline) and its best "
        "model; the multiple-testing correction runs over the pairs x metrics within each cohort, not across "
        "cohorts. '*' marks a cohort's best model, '!' a best that differs from the best over all users.");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    cmd->add_option("--by", options->by, "Grouping: relevant | activity | attribute")
        ->check(Check::member({"relevant", "activity", "attribute"}))
        ->capture_default_str();
    cmd->add_option("--bins", options->bins, "Bins of the count, e.g. 1,2,3-5,6-10,11+ (N, N-M or N+)");
    cmd->add_option("--quantiles", options->quantiles, "Cut the count into this many quantile bins (e.g. 4)")
        ->check(Check::range(std::size_t{1}, std::size_t{1000}));
    cmd->add_option("--baseline", options->baseline, "Compare every model with this one (a --run NAME) [default: all pairs]");
    options->choices.addTo(*cmd,
                           "Comma list of tests: t, wilcoxon, randomization, bootstrap; the first one decides whether a "
                    "differing best is significant",
                           "Multiple-testing correction within each cohort: " + listedNames<stats::Correction>(stats::kCorrectionNames));
    addReportOptions(*cmd, options->format, options->digits, options->out,
                     {.formats = {"table", "csv", "json", "md"}, .digits = "Decimals in table, csv and md output"});
    options->input.targets = {&options->eval, &options->choices, &options->baseline, nullptr, nullptr};
    cmd->add_option("--buckets", options->buckets,
                    "Only the users whose bucket (of 4096, by a hash of the user id) is in a:b (sharded evaluation)");
    cmd->add_option("--partial", options->partial,
                    "Write the mergeable partial state (JSON) to this file instead of the tables; needs fixed "
                    "cohorts (--by relevant or activity with --bins, --by relevant with its default bins, or --by "
                    "attribute; quantiles are refused) and no set-level metric. `ranklab-cli merge` of the states "
                    "of every bucket prints the single command's bytes; the bootstrap needs a second pass with "
                    "--bucket-sizes");
    cmd->add_option("--bucket-sizes", options->bucketSizes,
                    "With --partial: every bucket's users overall and per cohort (`ranklab-cli merge --bucket-sizes "
                    "OUT` over the first pass's states), so this shard's bootstrap draws as one machine's");
    cmd->callback([options] { runCohorts(*options); });
}

} // namespace ranklab::cli

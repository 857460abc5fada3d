// ranklab-cli compare: the models' means with confidence intervals and
// significance marks, and every pair's tests, corrected over the family.
#include <algorithm>
#include <iostream>
#include <optional>

#include "cli/bucket_sizes_option.h"
#include "cli/commands.h"
#include "cli/comparison_choices.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "eval/ranking_depth.h"
#include "metrics/metric_spec.h"
#include "cli/progress_line.h"
#include "cli/report_output.h"
#include "cli/sampled_options.h"
#include "common/error.h"
#include "report/compare_report.h"
#include "common/output_file.h"
#include "shard/compare_partial.h"
#include "shard/state_inputs.h"
#include "eval/run_groups.h"
#include "study/compared_study.h"
#include "compare/min_effects.h"
#include "study/sampled_study.h"
#include "study/study_text.h"
#include "compare/comparison.h"

namespace ranklab::cli {
namespace {

struct CompareCommandOptions {
    InputOptions input;
    EvalOptions eval;
    SampledOptions sampled;
    std::string baseline;  // empty: the first --run
    bool allPairs = false;
    ComparisonChoices choices;  // --test, --correction, --alpha, --level, --resamples, --seed, --no-bootstrap
    std::string format = "table";
    std::string interval = "t";
    int digits = 4;
    std::string out;
    std::string buckets;  // a:b, only the users of those buckets
    std::string partial;  // write the partial state here instead of the report
    std::string bucketSizes;  // every bucket's users: the bootstrap's second pass
    std::string minEffect;  // --min-effect: D, D%, METRIC=D,...
};

std::string modelList(const Evaluation& eval) {
    std::string names;
    for (const auto& model : eval.models) names.append(names.empty() ? "" : ", ").append(model.name);
    return names;
}

// Every option checked before any file is read.
stats::ComparisonOptions comparisonOptions(const CompareCommandOptions& o) {
    const std::size_t models = o.input.sources().runs.size();
    if (models < 2)
        throw Error(std::string("compare needs at least two models (--run), got ").append(std::to_string(models)));
    stats::ComparisonOptions options = o.choices.options(o.input.threads);
    if (!o.minEffect.empty()) {
        if (!o.partial.empty() && !o.input.isGiven("--min-effect")) {
            std::cerr << "ranklab-cli: note: the workspace's minimum effect (" << o.minEffect
                      << ") is not kept in a partial state: give it to `merge --min-effect`\n";
            return options;
        }
        if (!o.partial.empty())
            throw Error("--min-effect is not kept in a partial state (--partial): leave it out of the shards and "
                        "give it to `merge --min-effect`");
        options.minEffect = stats::parseMinEffects(o.minEffect);
    }
    return options;
}

std::optional<std::size_t> baselineIndex(const CompareCommandOptions& o, const Evaluation& eval) {
    if (o.allPairs || o.baseline == "all") return std::nullopt;
    if (o.baseline.empty()) return 0;
    for (std::size_t m = 0; m < eval.models.size(); ++m)
        if (eval.models[m].name == o.baseline) return m;
    throw Error(std::string("--baseline '").append(o.baseline).append("' is not a model; the models are: ").append(
        modelList(eval)));
}

void runCompare(const CompareCommandOptions& o) {
    stats::ComparisonOptions options = comparisonOptions(o);
    EvalSettings settings = o.eval.settings(o.input.threads);  // bad metrics fail before reading
    stats::resolveMinEffects(options.minEffect, settings.metrics);
    const shard::BucketRange range = o.buckets.empty() ? shard::BucketRange{} : shard::parseBucketRange(o.buckets);
    const std::optional<shard::BucketSizes> bucketSizes = loadBucketSizes(o.bucketSizes, o.partial);
    std::optional<ProgressLine> line(std::in_place, "compare");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.4);
    InputOptions input = o.input;
    input.rankDepth = rankingDepth(settings);  // a dense numpy matrix keeps only what the metrics reach
    Dataset data = input.load(&reading);
    // Repeated runs of a model (one NAME given to several --run): the models
    // are its runs' averaged per-user values; `runs` keeps the runs' evaluation.
    const std::vector<RunGroup> groups = runGroups(data);
    if (hasRepeatedRuns(groups) && (!o.partial.empty() || !o.buckets.empty()))
        throw Error("repeated runs of a model (one NAME given to several --run) cannot be sharded yet: leave out "
                    "--buckets and --partial, or give each run its own name");
    line->setStep("evaluating");
    const Progress evaluating(line->progress(), 0.4, 0.6);
    RankCache cache;
    const study::EvaluatedStudy evaluated = study::evaluateStudy(
        data, settings, cache, o.buckets.empty() ? std::nullopt : std::optional(range), &evaluating);
    const Evaluation& eval = *evaluated.models;
    options.baseline = baselineIndex(o, eval);
    if (!o.partial.empty()) {
        line.reset();
        OutputFile file(o.partial);
        shard::ComparePartial partial =
            shard::comparePartial(eval, range, eval.counts, options, bucketSizes ? &bucketSizes->users : nullptr);
        shard::setDataInputs(partial.eval.inputs, data, range);  // what the shards must agree on
        file.write(shard::writeComparePartial(partial));
        file.commit();
        return;
    }
    line->setStep("testing and resampling");
    evaluating.report(1.0);
    const study::ComparedStudy compared = study::compareStudy(data, evaluated, cache, options);
    std::optional<SampledEvaluation> sampled;
    if (o.sampled.enabled()) {
        line->setStep("estimating the full-catalogue metrics");
        sampled = study::estimateSampledStudy(data, *evaluated.runs, o.sampled.settings(options.level), options);
    }
    line.reset();

    ComparisonReportOptions report;
    report.digits = o.digits;
    report.interval = *parseShownInterval(o.interval);
    const std::string text = study::formatComparedStudy(evaluated, compared, *parseTableFormat(o.format), report,
                                                        sampled ? &*sampled : nullptr);
    writeReport(withManifest(text, o.format, o.out, o.input, &settings, &options, o.interval, &eval.counts), o.out);
}

} // namespace

void addCompareCommand(Command& app) {
    auto options = std::make_shared<CompareCommandOptions>();
    auto* cmd = app.add_subcommand(
        "compare",
        "Compare models: means with confidence intervals and significance marks, then every pair's "
        "difference, CI, effect size, wins/ties/losses and tests, corrected over all pairs x metrics");
    cmd->footer(
        "Pairs: against a baseline (default: the first --run), each other model m as (m, baseline); with "
        "--all-pairs (or --baseline all), every (i, j) with i before j. Differences are a - b.\n"
        "Marks (on the first --test, after --correction, at --alpha): against a baseline, \xe2\x80\xa0 "
        "(dagger) on a mean significantly better than the baseline and \xe2\x80\xa1 (double dagger) on one "
        "significantly worse; all pairs, each model gets a letter (a, b, c, ...) and a mean carries the letters "
        "of the models it is significantly better than (^bc in table, <sup>bc</sup> in md, $^{\\text{bc}}$ in "
        "latex). The best mean of each column is starred (table) or bold (md, latex). In the pairs, "
        "an adjusted p followed by * is significant.\n"
        "Formats: table and md show the means table and the pairs table; latex the same as booktabs tables "
        "(needs booktabs and amsmath); csv one row per pair and metric with every field (metric, a, b, n, "
        "mean_a, mean_b, mean_diff, ci_lo, ci_hi (bootstrap, or t with --no-bootstrap), ci_t_lo, ci_t_hi, "
        "ci_bootstrap_lo, ci_bootstrap_hi, effect_size (Cohen's d_z), wins, ties, losses, then per test "
        "<test>_statistic, <test>_p, <test>_p_adjusted, <test>_significant), every digit, NaN as NaN; json "
        "{settings, users, models: [{name, metrics: {id: {mean, sd, n, ci, ci_t, ci_bootstrap, best, "
        "better_than, worse_than}}}], pairs: [{a, b, metric, n, mean_a, mean_b, mean_diff, ci, ci_t, "
        "ci_bootstrap, effect_size, wins, ties, losses, tests: {name: {statistic, p, p_adjusted, "
        "significant}}}], many: [{metric, test, statistic, p, ...}]}, every digit, NaN and infinities as null. "
        "Many-model procedures (--test tukey, randomized-tukey, friedman): per pair under tests.tukey (statistic q, "
        "p_adjusted, significant, ci), tests[\"randomized-tukey\"] (statistic a - b, p_adjusted) and tests.nemenyi "
        "(statistic rank(a) - rank(b), p_adjusted); per metric in `many`: tukey {statistic max q, p, df, "
        "q_critical, mse}, randomized-tukey {statistic range of means, p, resamples, exact}, friedman {statistic "
        "chi2_F, p, df, tie_correction, nemenyi_q_alpha, nemenyi_cd, average_ranks}; csv adds <key>_statistic, "
        "<key>_p_adjusted, <key>_significant (and tukey_ci_lo/hi, friedman_statistic, friedman_p, nemenyi_cd); "
        "table, md and latex add a p_adj column per procedure and a many-model table.\n"
        "With --test wilcoxon, the matched-pairs rank-biserial correlation (W+ - W-)/(W+ + W-) is in "
        "tests.wilcoxon.rank_biserial (json), wilcoxon_rank_biserial (csv) and an r_rb column. With --min-effect, "
        "json pairs gain practical: {min_effect, delta, tost_p, p_lower, p_upper, class} (null for a metric "
        "without delta) and settings.min_effect; csv min_effect, delta, tost_p, class; table, md and latex the "
        "columns delta, TOST p and class.");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    options->sampled.addTo(*cmd);
    auto* baseline = cmd->add_option("--baseline", options->baseline,
                                     "The model every other is compared with (a --run NAME), or 'all' for all "
                                     "pairs [default: the first --run]");
    cmd->add_flag("--all-pairs", options->allPairs, "Compare every pair of models (same as --baseline all)")
        ->excludes(baseline);
    options->choices.addTo(*cmd,
                           "Comma list of tests: t (paired t-test), wilcoxon (signed-rank), randomization (sign flips), "
                    "bootstrap (paired bootstrap); the first one sets the marks. Many-model procedures over all the models of "
                           "each metric, not corrected further: tukey (Tukey's HSD, users as independent groups, as ranx), "
                           "randomized-tukey (Carterette's paired randomized Tukey HSD, --resamples permutations), "
                           "friedman (Friedman test over users, Nemenyi post-hoc and critical difference)",
                           "Multiple-testing correction over all pairs x metrics, per test: " + listedNames<stats::Correction>(stats::kCorrectionNames));
    cmd->add_option("--format", options->format, "table | csv | json | md | latex")
        ->check(Check::member({"table", "csv", "json", "md", "latex"}))
        ->capture_default_str();
    cmd->add_option("--interval", options->interval,
                    "Interval shown in table, md and latex: t (mean ± half-width) | bootstrap (mean [lo, hi]) | none")
        ->check(Check::member({"t", "bootstrap", "none"}))
        ->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in table, md and latex output")
        ->check(Check::range(0, 17))
        ->capture_default_str();
    cmd->add_option("--out,-o", options->out, "Write the report to this file (atomically) instead of stdout");
    cmd->add_option("--buckets", options->buckets,
                    "Only the users whose bucket (of 4096, by a hash of the user id) is in a:b (sharded evaluation)");
    cmd->add_option("--partial", options->partial,
                    "Write the mergeable partial state (JSON) to this file instead of the report; `ranklab-cli "
                    "merge` prints the report. The bootstrap needs a second pass with --bucket-sizes");
    cmd->add_option("--bucket-sizes", options->bucketSizes,
                    "With --partial: every bucket's users (`ranklab-cli merge --bucket-sizes OUT` over the first "
                    "pass's states), so this shard's bootstrap draws split as one machine's");
    cmd->add_option("--min-effect", options->minEffect,
                    "The smallest difference that matters, delta: absolute (0.01) or a percentage of the "
                    "baseline's (b's) mean (5%); per metric as ndcg@10=0.01,recall@10=2% (an entry without "
                    "METRIC= is the default). Each pair of such a metric gets TOST at delta and a class at --alpha: "
                    "equivalent (TOST p < alpha), else better/worse (paired t p < alpha, by direction), else "
                    "inconclusive");
    options->input.targets = {&options->eval,     &options->choices,  &options->baseline, &options->allPairs,
                              &options->interval, &options->minEffect, &options->sampled};
    cmd->callback([options] { runCompare(*options); });
}

} // namespace ranklab::cli

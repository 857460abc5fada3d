// ranklab-cli curves: every model's metric at k = 1..K, with confidence bands.

#include <optional>

#include "cli/bucket_sizes_option.h"
#include "cli/commands.h"
#include "cli/count_option.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "eval/ranking_depth.h"
#include "cli/progress_line.h"
#include "cli/report_output.h"
#include "cli/report_options.h"
#include "common/output_file.h"
#include "common/error.h"
#include "shard/curves_partial.h"
#include "shard/eval_partial.h"
#include "shard/state_inputs.h"
#include "eval/curve_difference.h"
#include "eval/metric_curve.h"
#include "report/curve_difference_report.h"
#include "report/curves_report.h"

namespace ranklab::cli {
namespace {

struct CurvesCommandOptions {
    InputOptions input;
    EvalOptions eval;  // ties, users, rel, exclusions (its --metrics/--cutoffs are replaced)
    std::string metrics = "ndcg";
    std::uint32_t kmax = 0;
    double level = 0.95;
    std::size_t resamples = stats::kDefaultResamples;
    std::uint64_t seed = stats::kDefaultSeed;
    bool noBands = false;
    std::string difference;  // a model name: differences to it instead of the curves
    std::string format = "table";
    std::string out;
    int digits = 4;
    std::string buckets;  // a:b, only the users of those buckets
    std::string partial;  // write the partial state here instead of printing the curves
    std::string bucketSizes;  // every bucket's users: the bootstrap bands' second pass
};

void runCurves(const CurvesCommandOptions& o) {
    // Bad metrics and options fail before any file is read.
    const std::vector<MetricSpec> metrics = o.eval.profiled(parseCurveMetrics(o.metrics));
    EvalSettings settings = o.eval.settings(o.input.threads);
    settings.metrics.clear();
    CurveOptions options;
    options.kmax = o.kmax;
    options.bands = !o.noBands;
    options.level = o.level;
    options.resamples = o.resamples;
    options.seed = o.seed;
    if (!(options.level > 0 && options.level < 1))
        throw Error("--level must lie strictly between 0 and 1 (e.g. 0.95)");
    const shard::BucketRange range = o.buckets.empty() ? shard::BucketRange{} : shard::parseBucketRange(o.buckets);
    if (!o.partial.empty()) shard::requireMergeable(options);
    const std::optional<shard::BucketSizes> bucketSizes = loadBucketSizes(o.bucketSizes, o.partial);
    CurveBandsRequest bands{options, range.begin, range.end, bucketSizes ? &bucketSizes->users : nullptr};
    std::optional<ProgressLine> line(std::in_place, "curves");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.2);
    // A curve reaches k = --kmax: a dense numpy matrix keeps what the
    // metrics read at that cutoff (0, the whole row, without --kmax).
    InputOptions input = o.input;
    if (o.kmax > 0) {
        EvalSettings deepest;
        for (MetricSpec m : metrics) {
            m.cutoff = o.kmax;
            deepest.metrics.push_back(m);
        }
        input.rankDepth = rankingDepth(deepest);
    }
    Dataset data = input.load(&reading);
    line->setStep(options.bands ? "curves and bands" : "curves");
    const Progress computing(line->progress(), 0.2, 1.0);
    RankCache cache;
    std::optional<shard::BucketSelection> shardSelection;
    if (!o.buckets.empty()) shardSelection = shard::restrictToBuckets(data, settings, range);
    const EvalSettings& selected = shardSelection ? shardSelection->settings : settings;
    const auto writePartial = [&](shard::CurvesPartial partial) {
        line.reset();
        // What the shards must agree on: the data read and the bands' bucket sizes.
        shard::setDataInputs(partial.header.inputs, data, range);
        if (bucketSizes) partial.header.inputs.bucketSizes = shard::bucketSizesDigest(bucketSizes->users);
        OutputFile file(o.partial);
        file.write(shard::writeCurvesPartial(partial));
        file.commit();
    };
    // The counts of the range, as in its partial state.
    const auto rangeCounts = [&](UserCounts& counts) {
        if (!shardSelection) return;
        const std::size_t evaluated = counts.evaluated;
        counts = shardSelection->counts;
        counts.evaluated = evaluated;
    };
    if (!o.difference.empty()) {
        std::size_t baseline = data.models.size();
        std::string names;
        for (std::size_t m = 0; m < data.models.size(); ++m) {
            if (data.models[m].name == o.difference) baseline = m;
            names.append(m ? ", " : "").append(data.models[m].name);
        }
        if (baseline == data.models.size())
            throw Error("--difference: no model named \"" + o.difference + "\" (models: " + names + ")");
        if (!o.partial.empty()) {
            std::vector<CurveDifferenceMoments> differences;
            for (std::size_t f = 0; f < metrics.size(); ++f) {
                const Progress part(computing, double(f) / double(metrics.size()), double(f + 1) / double(metrics.size()));
                differences.push_back(
                    computeCurveDifferenceMoments(data, metrics[f], selected, baseline, o.kmax, cache, &part, &bands));
            }
            UserCounts counts = differences.front().counts;
            rangeCounts(counts);
            writePartial(shard::curvesPartial(std::move(differences), range, counts));
            return;
        }
        std::vector<CurveDifferenceResult> results;
        for (std::size_t f = 0; f < metrics.size(); ++f) {
            const Progress part(computing, double(f) / double(metrics.size()), double(f + 1) / double(metrics.size()));
            results.push_back(computeCurveDifferences(data, metrics[f], selected, baseline, options, cache, &part));
            rangeCounts(results.back().counts);
        }
        line.reset();
        writeReport(withManifest(formatCurveDifferences(results, *parseTableFormat(o.format), o.digits), o.format, o.out,
                                 o.input, &settings, nullptr, "", results.empty() ? nullptr : &results.front().counts),
                    o.out);
        return;
    }
    if (!o.partial.empty()) {
        CurveMoments moments = computeCurveMoments(data, metrics, selected, o.kmax, cache, &computing, &bands);
        UserCounts counts = moments.counts;
        rangeCounts(counts);
        writePartial(shard::curvesPartial(std::move(moments), range, counts));
        return;
    }
    CurveResult result = computeCurves(data, metrics, selected, options, cache, &computing);
    rangeCounts(result.counts);
    result.settings.onlyUsers.reset();
    line.reset();
    writeReport(withManifest(formatCurves(result, *parseTableFormat(o.format), o.digits), o.format, o.out, o.input,
                             &settings, nullptr, "", &result.counts),
                o.out);
}

// The shared eval options without --metrics and --cutoffs: a curve spans k.
void addSharedEvalOptions(Command& cmd, EvalOptions& eval) {
    eval.addTo(cmd);
    cmd.remove_option(cmd.get_option("--metrics"));
    cmd.remove_option(cmd.get_option("--cutoffs"));
}

} // namespace

void addCurvesCommand(Command& app) {
    auto options = std::make_shared<CurvesCommandOptions>();
    auto* cmd = app.add_subcommand(
        "curves", "Metric vs k: each model's mean at every cutoff k = 1..K, with confidence bands per k");
    cmd->footer(
        "K is the longest ranked list among the averaged users (over all models), or --kmax when smaller.\n"
        "The value at k is exactly what `eval` reports for METRIC@k. Bands: the percentile bootstrap\n"
        "(resampling users, fixed seed: reruns give identical numbers) and Student's t, per k.\n"
        "csv columns: model,metric,k,mean,ci_lo,ci_hi,t_lo,t_hi (ci = bootstrap, t = Student's t;\n"
        "with --no-bands only model,metric,k,mean).\n"
        "Example: ranklab-cli curves -q qrels.txt -r bm25=bm25.run -r dense=dense.run "
        "--metric ndcg,recall --kmax 100 --format csv --out curves.csv");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    addSharedEvalOptions(*cmd, options->eval);
    cmd->add_option("--metric,--metrics,-m", options->metrics,
                    "Metric families without @k, comma list: hits, hr, precision, recall, f1, rr, ap, dcg, ndcg, "
                    "with parameters if wanted, e.g. ndcg(gain=exp),ap(norm=min),recall(rel=2)")
        ->capture_default_str();
    cmd->add_option("--kmax", options->kmax, "Largest k (default: the longest ranked list)")
        ->check(positiveWholeNumber());
    cmd->add_option("--level", options->level, "Confidence level of the bands, between 0 and 1")
        ->capture_default_str();
    cmd->add_option("--resamples", options->resamples, "Bootstrap resamples")
        ->check(positiveWholeNumber())
        ->capture_default_str();
    cmd->add_option("--seed", options->seed, "Bootstrap seed")->capture_default_str();
    cmd->add_flag("--no-bands", options->noBands, "Means only: no confidence intervals (much faster)");
    cmd->add_option("--difference", options->difference,
                    "Each other model's difference to this model at every k (the mean of the per-user "
                    "differences) with paired bands (paired t and paired bootstrap), and where it crosses 0. "
                    "csv columns: model,baseline,metric,k,delta,ci_lo,ci_hi,t_lo,t_hi");
    addReportOptions(*cmd, options->format, options->digits, options->out,
                     {.formats = {"table", "csv", "json"},
                      .digits = "Decimals in the table output",
                      .out = "Write to this file (whole or not at all) instead of standard output"});
    cmd->add_option("--buckets", options->buckets,
                    "Only the users whose bucket (of 4096, by a hash of the user id) is in a:b (sharded evaluation)");
    cmd->add_option("--partial", options->partial,
                    "Write the mergeable partial state (JSON: exact moments per k, per-item counts for the "
                    "set-level families) to this file instead of the curves (or, with --difference, the "
                    "differences); needs --kmax. `ranklab-cli merge` of the states of every bucket prints "
                    "the single command's bytes; the bootstrap bands need a second pass with --bucket-sizes");
    cmd->add_option("--bucket-sizes", options->bucketSizes,
                    "With --partial: every bucket's users (`ranklab-cli merge --bucket-sizes OUT` over the first "
                    "pass's states), so this shard's bootstrap bands draw as one machine's");
    options->input.targets.eval = &options->eval;
    cmd->callback([options] { runCurves(*options); });
}

} // namespace ranklab::cli

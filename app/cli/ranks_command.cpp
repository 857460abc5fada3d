// ranklab-cli ranks: where each model puts the relevant items (rank histograms and CDFs).

#include "cli/commands.h"
#include "cli/count_option.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "eval/ranking_depth.h"
#include "cli/progress_line.h"
#include "cli/report_output.h"
#include "cli/report_options.h"
#include "report/ranks_report.h"
#include "compare/rank_distribution.h"
#include "common/output_file.h"
#include "shard/eval_partial.h"
#include "shard/ranks_partial.h"
#include "shard/state_inputs.h"

namespace ranklab::cli {
namespace {

struct RanksCommandOptions {
    InputOptions input;
    EvalOptions eval;  // ties, users, rel, exclusions (its --metrics/--cutoffs are removed)
    std::uint32_t kmax = 0;
    std::string format = "table";
    std::string out;
    int digits = 4;
    std::string buckets;  // a:b, only the users of those buckets
    std::string partial;  // write the partial state here instead of printing the table
};

void runRanks(const RanksCommandOptions& o) {
    EvalSettings settings = o.eval.settings(o.input.threads);
    settings.metrics.clear();
    const shard::BucketRange range = o.buckets.empty() ? shard::BucketRange{} : shard::parseBucketRange(o.buckets);
    std::optional<ProgressLine> line(std::in_place, "ranks");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.6);
    // Ranks past --kmax are "not retrieved": a dense numpy matrix keeps that
    // depth (with the tie group at its boundary whole, so every count is exact).
    InputOptions input = o.input;
    input.rankDepth = o.kmax;
    Dataset data = input.load(&reading);
    line->setStep("ranking");
    const Progress ranking(line->progress(), 0.6, 1.0);
    RankCache cache;
    std::optional<shard::BucketSelection> shardSelection;
    if (!o.buckets.empty()) shardSelection = shard::restrictToBuckets(data, settings, range);
    RankTallies tallies =
        tallyRanks(data, shardSelection ? shardSelection->settings : settings, o.kmax, cache, &ranking);
    if (shardSelection) {  // the counts of the range, as in its partial state
        const std::size_t evaluated = tallies.counts.evaluated;
        tallies.counts = shardSelection->counts;
        tallies.counts.evaluated = evaluated;
        tallies.settings.onlyUsers.reset();
    }
    line.reset();
    if (!o.partial.empty()) {
        const UserCounts counts = tallies.counts;
        OutputFile file(o.partial);
        shard::RanksPartial partial = shard::ranksPartial(std::move(tallies), range, counts);
        shard::setDataInputs(partial.header.inputs, data, range);  // what the shards must agree on
        file.write(shard::writeRanksPartial(partial));
        file.commit();
        return;
    }
    const RankDistributions result = rankDistributionsOf(tallies);
    const std::string text = formatRankDistributions(result, *parseTableFormat(o.format), o.digits);
    writeReport(withManifest(text, o.format, o.out, o.input, &settings, nullptr, "", &result.counts), o.out);
}

} // namespace

void addRanksCommand(Command& app) {
    auto options = std::make_shared<RanksCommandOptions>();
    auto* cmd = app.add_subcommand(
        "ranks", "Rank distributions: at which ranks each model puts the first relevant item and every relevant item");
    cmd->footer(
        "For every model, over the averaged users (--users), relevant = grade >= --rel:\n"
        "  first: the rank of each user's first relevant item (one count per user);\n"
        "  all:   the rank of every relevant judged item (one count per item).\n"
        "Ranks run 1..K (K: the longest ranked list, or --kmax when smaller), then not_retrieved: a\n"
        "relevant item the run does not rank or ranks below K; a user with no relevant item at rank <= K.\n"
        "With --ties expected (the default) the counts are exact expectations over every order of each\n"
        "tie group, so they can be fractions. share = count / total; cdf = share at rank <= r.\n"
        "csv columns: model,kind,rank,count,share,cdf (kind first|all; the not_retrieved row has no cdf).\n"
        "Example: ranklab-cli ranks -q qrels.txt -r bm25=bm25.run --kmax 20 --format csv --out ranks.csv");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    cmd->remove_option(cmd->get_option("--metrics"));
    cmd->remove_option(cmd->get_option("--cutoffs"));
    cmd->add_option("--kmax", options->kmax, "Largest rank shown (default: the longest ranked list)")
        ->check(positiveWholeNumber());
    addReportOptions(*cmd, options->format, options->digits, options->out,
                     {.formats = {"table", "csv", "json"},
                      .digits = "Decimals in the table output",
                      .out = "Write to this file (whole or not at all) instead of standard output"});
    cmd->add_option("--buckets", options->buckets,
                    "Only the users whose bucket (of 4096, by a hash of the user id) is in a:b (sharded evaluation)");
    cmd->add_option("--partial", options->partial,
                    "Write the mergeable partial state (JSON: the counts per rank as fixed-point integer sums) to this file instead of the "
                    "table; `ranklab-cli merge` of the states of every bucket prints the single command's bytes");
    options->input.targets.eval = &options->eval;
    cmd->callback([options] { runRanks(*options); });
}

} // namespace ranklab::cli

// ranklab-cli eval: the metric table of every model.
#include <filesystem>
#include <cstdio>
#include <iostream>
#include <string_view>
#include <optional>

#include "cli/commands.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "eval/ranking_depth.h"
#include "cli/progress_line.h"
#include "cli/sampled_options.h"
#include "common/output_file.h"
#include "common/memory_budget.h"
#include "io/byte_source.h"
#include "io/file_handle.h"
#include "io/readers.h"
#include "report/eval_report.h"
#include "common/error.h"
#include "eval/run_groups.h"
#include "eval/streamed_evaluation.h"
#include "shard/eval_partial.h"
#include "shard/state_inputs.h"
#include "shard/partial_file.h"
#include "study/evaluated_study.h"
#include "study/sampled_study.h"
#include "study/study_text.h"

namespace ranklab::cli {
namespace {

struct EvalCommandOptions {
    InputOptions input;
    EvalOptions eval;
    SampledOptions sampled;
    std::string format = "table";
    std::string perUser;
    int digits = 4;
    std::string buckets;  // a:b, only the users of those buckets
    std::string partial;  // write the partial state here instead of printing the table
    bool stream = false;  // read the runs in chunks of whole users (runs larger than memory)
    std::size_t streamChunk = 4'000'000;
};

// Whether a run file holds text a stream can read (TREC or delimited, maybe
// compressed): not JSON, numpy or Parquet. Looks at the first bytes of a
// regular file only: a pipe, a FIFO or standard input is never opened here
// (its reader opens it once; a FIFO opened twice loses its writer), and its
// size is not known anyway.
bool streamableText(const RunSource& run) {
    if (!isRegularInput(run.path)) return false;
    const FormatKind kind = run.format.kind;
    if (kind == FormatKind::Trec || kind == FormatKind::Delimited) return true;
    if (kind != FormatKind::Auto) return false;
    try {
        auto source = ByteSource::open(run.path);
        char head[4096];
        const std::size_t n = source->read(head, sizeof head);
        const std::string_view text(head, n);
        if (text.starts_with("\x93NUMPY") || text.starts_with("PK") || text.starts_with("PAR1")) return false;
        const std::size_t first = text.find_first_not_of(" \t\r\n");
        return first != std::string_view::npos && text[first] != '{' && text[first] != '[';
    } catch (const std::exception&) {
        return false;  // the whole read reports the problem
    }
}

// Without --stream, the runs are read as a stream all the same when, read
// whole, they would need more memory than this process may use (about 0.6
// bytes per byte of text: 2.25 GB for a 3.9 GB, 100M-line run) and nothing
// asked needs them whole. Says so on stderr.
bool streamBecauseOfMemory(const EvalCommandOptions& o, const InputOptions& input, const EvalSettings& settings) {
    if (!o.partial.empty() || !o.buckets.empty() || o.sampled.enabled()) return false;
    const std::vector<RunSource> runs = input.sources().runs;
    if (runs.empty() || !StreamedEvaluation::refusal(settings, runs.size()).empty()) return false;
    double need = 0;
    for (const RunSource& run : runs) {
        if (!streamableText(run)) return false;
        auto source = ByteSource::open(run.path);
        // A compressed file holds about five times its size in text.
        need += 0.6 * double(source->fileSize()) * (source->compression() == Compression::None ? 1.0 : 5.0);
    }
    const MemoryBudget budget = memoryBudget();
    if (budget.bytes == 0 || need <= double(budget.bytes)) return false;
    auto gb = [](double bytes) {
        char text[32];
        std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
        return std::string(text);
    };
    std::cerr << "ranklab-cli: the runs need about " << gb(need) << " read whole, more than the "
              << gb(double(budget.bytes)) << " this process may use (" << budget.source
              << "): reading them as a stream (--stream; the numbers are the same)\n";
    return true;
}

void runEval(const EvalCommandOptions& o) {
    EvalSettings settings = o.eval.settings(o.input.threads);  // bad metrics fail before reading
    const shard::BucketRange range = o.buckets.empty() ? shard::BucketRange{} : shard::parseBucketRange(o.buckets);
    std::optional<ProgressLine> line(std::in_place, "eval");
    line->setStep("reading");
    const Progress reading(line->progress(), 0.0, 0.6);
    InputOptions input = o.input;
    input.rankDepth = rankingDepth(settings);  // a dense numpy matrix keeps only what the metrics reach
    // Streaming chosen here (not asked for) gives way to reading whole for a
    // run it cannot stream: a valid run whose users are not grouped.
    const bool chosen = !o.stream && streamBecauseOfMemory(o, input, settings);
    const bool stream = o.stream || chosen;
    if (o.stream) {
        if (!o.partial.empty() || !o.buckets.empty())
            throw Error("--stream evaluates whole runs: leave out --buckets and --partial (a shard reads its runs "
                        "whole)");
        if (o.sampled.enabled())
            throw Error("--stream keeps no run to estimate the sampled protocol's full-catalogue metrics from: "
                        "leave out --stream or the sampled options");
    }
    // The output files are opened before any input is read: one that cannot
    // be written fails now, not after the evaluation (and the temporaries of
    // a run stopped by a signal are removed: common/temporary_files.h).
    if (!o.partial.empty() && o.partial == o.perUser)
        throw Error("--partial and --per-user name the same file " + o.partial + ": give each its own");
    std::optional<OutputFile> partialFile, perUserFile;
    if (!o.partial.empty()) partialFile.emplace(o.partial);
    if (!o.perUser.empty()) perUserFile.emplace(o.perUser);
    std::optional<StreamedEvaluation> streamed;
    std::optional<RunStreaming> streaming;
    if (stream) {
        streamed.emplace(settings, input.sources().runs.size());
        streaming.emplace();
        streaming->chunkRecords = o.streamChunk;
        streaming->chunk = [&](Dataset& d, std::size_t model, Run&& chunk) {
            streamed->add(d, model, std::move(chunk));
        };
    }
    Dataset data;
    try {
        data = input.load(&reading, streaming ? &*streaming : nullptr);
    } catch (const UngroupedRunError& e) {
        if (!chosen) throw;
        const std::string where =
            e.where().line > 0 ? " on line " + std::to_string(e.where().line) : std::string();
        std::cerr << "ranklab-cli: note: " << e.where().file << ": user \"" << printable(e.user())
                  << "\" comes back" << where
                  << " after other users' lines, so the run cannot be read as a stream: reading the runs whole "
                     "instead (sorted by user, sort -s -k1,1, it could be streamed)\n";
        streamed.reset();
        streaming.reset();
        data = input.load(&reading, nullptr);
    }
    // Repeated runs of a model (one NAME given to several --run): the models
    // are its runs' averaged per-user values; `runs` keeps the runs' evaluation.
    const std::vector<RunGroup> groups = runGroups(data);
    if (hasRepeatedRuns(groups) && (!o.partial.empty() || !o.buckets.empty()))
        throw Error("repeated runs of a model (one NAME given to several --run) cannot be sharded yet: leave out "
                    "--buckets and --partial, or give each run its own name");
    line->setStep("evaluating");
    const Progress evaluating(line->progress(), 0.6, 1.0);
    RankCache cache;
    std::optional<shard::BucketSelection> shardSelection;
    if (!o.buckets.empty()) shardSelection = shard::restrictToBuckets(data, settings, range);
    // A shard's users were selected once, above: evaluated here, and their
    // counts and set-level state kept in the partial state below.
    const study::EvaluatedStudy evaluated = study::byModel(
        std::make_shared<const Evaluation>(streamed         ? streamed->finish(data, &evaluating)
                                           : shardSelection ? shard::evaluateSelection(data, *shardSelection, cache,
                                                                                       &evaluating)
                                                            : evaluate(data, settings, cache, &evaluating)),
        groups);
    const Evaluation& eval = *evaluated.models;
    if (perUserFile) {  // before the partial state that names it
        perUserFile->write(formatPerUser(eval, data.ids));
        perUserFile->commit();
    }
    if (!o.partial.empty()) {
        line.reset();
        const UserCounts counts = shardSelection ? shardSelection->counts : eval.counts;
        OutputFile& file = *partialFile;
        // Set-level columns: their per-item counts over the range's users.
        const SetLevelState setLevel =
            setLevelState(data, shardSelection ? shardSelection->settings : settings, cache);
        shard::EvalPartial partial = shard::evalPartial(eval, range, counts, &setLevel);
        shard::setDataInputs(partial.inputs, data, range);  // what the shards must agree on
        if (!o.perUser.empty()) {  // where this range's users' values are, relative to the state's folder
            namespace fs = std::filesystem;
            const fs::path state = fs::absolute(o.partial).parent_path();
            partial.perUser.push_back({range, fs::absolute(o.perUser).lexically_relative(state).string()});
        }
        file.write(shard::writeEvalPartial(partial));
        file.commit();
    } else {
        std::optional<SampledEvaluation> sampled;
        if (o.sampled.enabled()) {
            line->setStep("estimating the full-catalogue metrics");
            stats::ComparisonOptions defaults;  // eval's intervals: the comparison's defaults
            defaults.resampling.parallelism = settings.parallelism;
            sampled = study::estimateSampledStudy(data, *evaluated.runs, o.sampled.settings(0.95), defaults);
        }
        line.reset();  // erased before the table is printed
        const std::string report =
            study::formatEvaluatedStudy(evaluated, *parseTableFormat(o.format), o.digits, sampled ? &*sampled : nullptr);
        std::cout << withManifest(report, o.format, "", o.input, &settings, nullptr, "", &eval.counts);
    }
}

} // namespace

void addEvalCommand(Command& app) {
    auto options = std::make_shared<EvalCommandOptions>();
    auto* cmd = app.add_subcommand("eval", "Evaluate every model: metrics at cutoffs, averaged over users");
    options->input.addTo(*cmd, /*runsRequired=*/true);
    options->eval.addTo(*cmd);
    options->sampled.addTo(*cmd);
    cmd->add_option("--format", options->format, "table | csv | json | md | latex")
        ->check(Check::member({"table", "csv", "json", "md", "latex"}))
        ->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in table, csv, md and latex output")
        ->check(Check::range(0, 17))
        ->capture_default_str();
    cmd->add_option("--per-user", options->perUser,
                    "Also write every user's values (TSV) to this file; with --partial the state names it, and the "
                    "workbench's File → Open Sharded Results… reads it when its table is scrolled");
    cmd->add_flag("--stream", options->stream,
                  "Read each run in chunks of whole users and keep only the per-user values: for runs larger than "
                  "memory. The run must give each user's lines together (TREC or delimited text); the numbers "
                  "are the same");
    cmd->add_option("--stream-chunk", options->streamChunk,
                    "Entries per chunk with --stream: smaller chunks hold less, but each chunk also walks the "
                    "ground truth's users once (1,000-entry chunks of a 10M-line run: 10,000 walks)")
        ->check(Check::range(std::size_t{1000}, std::size_t{1'000'000'000}))
        ->capture_default_str();
    cmd->add_option("--buckets", options->buckets,
                    "Only the users whose bucket (of 4096, by a hash of the user id) is in a:b (sharded evaluation)");
    cmd->add_option("--partial", options->partial,
                    "Write the mergeable partial state (JSON: exact sums per metric, per-item counts for the "
                    "set-level metrics) to this file instead of the table; `ranklab-cli merge` of the states of "
                    "every bucket prints the single command's table");
    options->input.targets.eval = &options->eval;
    options->input.targets.sampled = &options->sampled;
    cmd->callback([options] { runEval(*options); });
}

} // namespace ranklab::cli

// ranklab-cli merge: the partial states of disjoint bucket ranges
// (eval|compare|ranks|curves|cohorts --buckets a:b --partial OUT) merged
// into what the single command prints, byte for byte.
#include <iostream>

#include "cli/commands.h"
#include "cli/merge_command.h"
#include "common/output_file.h"
#include "common/error.h"
#include "io/side_file.h"
#include "shard/merge_report.h"

namespace ranklab::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> files;
    std::string format = "table";
    int digits = 4;
    std::string interval = "t";  // compare
    std::string out;
    std::string partial;  // write the merged partial state instead
    std::string bucketSizes;  // write every bucket's users instead
    std::string minEffect;    // compare: --min-effect
};

void writeText(const std::string& text, const std::string& path) {
    if (path.empty()) {
        std::cout << text;
        return;
    }
    OutputFile file(path);
    file.write(text);
    file.commit();
}

void runMerge(const MergeOptions& o) {
    std::vector<std::string> texts;
    for (const std::string& f : o.files) texts.push_back(readSideFile(f, "partial state"));
    if (!o.partial.empty()) return writeText(shard::mergeStates(texts, o.files), o.partial);
    if (!o.bucketSizes.empty()) return writeText(shard::mergedBucketSizes(texts, o.files), o.bucketSizes);
    shard::MergeReportOptions options;
    options.format = *parseTableFormat(o.format);
    options.digits = o.digits;
    options.interval = *parseShownInterval(o.interval);
    options.minEffect = o.minEffect;
    writeText(shard::mergeReport(texts, o.files, options), o.out);
}

} // namespace

void addMergeCommand(Command& app) {
    auto options = std::make_shared<MergeOptions>();
    auto* cmd = app.add_subcommand(
        "merge", "Merge the partial states of disjoint bucket ranges (eval|compare|ranks|curves|cohorts --buckets a:b "
                 "--partial OUT) and print what the single command prints");
    cmd->add_option("partials", options->files, "Partial-state files, covering every bucket 0:4096 once")
        ->required()
        ->check(Check::existingFile());
    cmd->add_option("--format", options->format,
                    "table | csv | json | md | latex (ranks and curves: table, csv or json; cohorts: no latex)")
        ->check(Check::member({"table", "csv", "json", "md", "latex"}))
        ->capture_default_str();
    cmd->add_option("--digits", options->digits, "Decimals in table, csv, md and latex output")
        ->check(Check::range(0, 17))
        ->capture_default_str();
    cmd->add_option("--interval", options->interval, "compare: the interval shown in table, md and latex (t | none)")
        ->check(Check::member({"t", "bootstrap", "none"}))
        ->capture_default_str();
    cmd->add_option("--out,-o", options->out, "Write the report to this file (atomically) instead of stdout");
    cmd->add_option("--partial", options->partial,
                    "Write the merged partial state (of the union of the ranges) to this file instead");
    cmd->add_option("--bucket-sizes", options->bucketSizes,
                    "compare: write every bucket's users (from states covering all buckets) to this file instead, "
                    "for the shards' second pass (compare --bucket-sizes), which the bootstrap needs");
    cmd->add_option("--min-effect", options->minEffect,
                    "compare: the smallest difference that matters, as `compare --min-effect` takes it (a partial "
                    "state does not keep it): the merged report gets the TOST and the practical classes");
    cmd->callback([options] { runMerge(*options); });
}

} // namespace ranklab::cli

// ranklab-cli synth: deterministic example and benchmark data.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "report/text_table.h"
#include "synth/synth.h"

namespace ranklab::cli {
namespace {

struct SynthArgs {
    synth::SynthOptions options;
    std::string format = "trec";
    std::string itemIds = "sequential";
};

void run(const SynthArgs& args) {
    synth::SynthOptions options = args.options;
    options.format = args.format == "tsv" ? synth::SynthFormat::Tsv : synth::SynthFormat::Trec;
    options.itemIds = args.itemIds == "spread" ? synth::SynthItemIds::Spread : synth::SynthItemIds::Sequential;
    const synth::SynthReport report = synth::writeSyntheticData(options);

    using A = TextTable::Align;
    TextTable table({"file", "lines", "bytes"}, {A::Left, A::Right, A::Right});
    for (const auto& file : report.files)
        table.addRow({file.path, std::to_string(file.lines), std::to_string(file.bytes)});
    std::cout << "synth: " << options.users << " users, " << options.items << " items, " << options.perUser
              << " items per user and model, seed " << options.seed << '\n'
              << table.render();
}

} // namespace

void addSynthCommand(Command& app) {
    auto args = std::make_shared<SynthArgs>();
    synth::SynthOptions& o = args->options;
    auto* cmd = app.add_subcommand(
        "synth",
        "Write a deterministic synthetic data set: graded ground truth, the runs of three models "
        "(popularity, toprank, broad), training interactions (train.tsv) and user groups (users.tsv)");
    cmd->add_option("--out,-o", o.outDir, "Output directory (created if missing)")->required();
    cmd->add_option("--users", o.users, "Number of users")->check(Check::range(1u, 100'000'000u))->capture_default_str();
    cmd->add_option("--items", o.items, "Number of items")->check(Check::range(10u, 10'000'000u))->capture_default_str();
    cmd->add_option("--per-user", o.perUser, "Items each model scores per user (at most half the items)")
        ->check(Check::range(1u, 5'000'000u))
        ->capture_default_str();
    cmd->add_option("--format", args->format,
                    "trec (qrels.txt, <model>.run) | tsv (qrels.tsv, <model>.tsv, with header lines)")
        ->check(Check::member({"trec", "tsv"}))
        ->capture_default_str();
    cmd->add_option("--item-ids", args->itemIds,
                    "sequential (i00001, i00002, ...) | spread (10-character ids like a real catalogue's, "
                    "B0 and 8 scrambled base-36 characters: no shared prefix, no order)")
        ->check(Check::member({"sequential", "spread"}))
        ->capture_default_str();
    cmd->add_option("--seed", o.seed, "Random seed: the same seed gives the same bytes")->capture_default_str();
    cmd->add_option("--threads", o.threads, "Threads to use (0 = all); the output does not depend on it")
        ->check(Check::nonNegativeNumber())
        ->capture_default_str();
    cmd->callback([args] { run(*args); });
}

} // namespace ranklab::cli

#include "cli/input_options.h"

#include "eval/id_overlap.h"

#include <iostream>

#include "common/error.h"
#include "io/header_mode.h"

namespace ranklab::cli {

void InputOptions::addTo(Command& command, bool runsRequired_) {
    runsRequired = runsRequired_;
    command.add_option("--workspace,-w", workspacePath,
                       "A RankLab workspace (.ranklab, as the GUI saves it): its files, formats, names, evaluation "
                       "choices and comparison set-up; options given explicitly override its values");
    command.add_option("--qrels,-q", qrels,
                       "Ground truth: TREC qrels, TSV/CSV, or JSON (gzip/zstd ok); required without --workspace");
    command.add_option("--run,-r", runs, "A model's scores as [NAME=]FILE; repeat for more models");
    command.add_option("--exclude", exclude, "user item pairs to drop before ranking (e.g. training data)");
    command.add_option("--cohorts", cohorts, "user group pairs, for per-cohort results");
    command.add_option("--catalog", catalog,
                       "The item catalogue, one item id a line (default: the items of --exclude and --qrels)");
    command.add_option("--items", items, "item attribute pairs (several per item), for ild and serendipity");
    const char* formatHelp =
        "auto | trec | json | tsv | csv | ws | parquet, then optional ,header ,noheader ,user=COL ,item=COL ,score=COL "
        "(COL: 0-based index or header name); parquet also ,rank=COL or list columns ,items=COL ,scores=COL "
        "(a .parquet file, a folder of parts or a glob; needs DuckDB's library: cmake/fetch_duckdb.sh)";
    const char* runFormatHelp =
        "Format of every --run: as --qrels-format, or numpy: npy[,users=USERS.txt][,items=ITEMS.txt] (a dense "
        "users x items score matrix, -inf = not ranked; a vocabulary's line r+1 names index r, else the index is "
        "the id), npy-topk[,users=..][,items=..][,scores=SCORES.npy][,pad=N] (item indices in rank order; without "
        "scores= the score is -rank; index N dropped), npz[,users=..][,items=..][,pad=N] (array scores, or items "
        "and scores); .npy/.npz files are detected under auto";
    command.add_option("--qrels-format", qrelsFormat, formatHelp)->capture_default_str();
    command.add_option("--run-format", runFormat, runFormatHelp)->capture_default_str();
    command.add_option("--exclude-format", excludeFormat, "Format of --exclude")->capture_default_str();
    command.add_option("--cohorts-format", cohortsFormat, "Format of --cohorts")->capture_default_str();
    command.add_option("--items-format", itemsFormat, "Format of --items (user=COL picks the item column, attribute=COL the attribute)")->capture_default_str();
    command.add_option("--header", header,
                       "Whether the first line of a delimited file (TSV, CSV, whitespace) is a header: yes | no | "
                       "auto (a header when its fields name the columns: user, item, score, qid, docid, rating...). "
                       "A format's own ,header or ,noheader wins")
        ->check(Check::member({"yes", "no", "auto"}))
        ->capture_default_str();
    command.add_flag("--skip-bad-lines", skipBadLines, "Skip and count bad lines instead of stopping at the first");
    command.add_option("--duplicates", duplicates, "A repeated (user, item): error | first | max")
        ->check(Check::member({"error", "first", "max"}))
        ->capture_default_str();
    command.add_option("--threads", threads, "Threads to use (0 = all)")->check(Check::nonNegativeNumber());
    command.add_option("--max-line-length", maxLineLength, "Longest line read, in bytes (0 = no limit)")
        ->capture_default_str();
    command.add_option("--max-fields", maxFields, "Most fields on a line (0 = no limit)")->capture_default_str();
    command.add_option("--max-expansion", maxExpansion, "Most a gzip/zstd file may expand, x:1 (0 = no limit)")
        ->check(Check::nonNegativeNumber())
        ->capture_default_str();
    command.add_flag("--manifest", manifest,
                     "Embed the manifest (inputs with SHA-256, settings, users) in standard output too (a file "
                     "written with --out always carries one)");
    command.parse_complete_callback([this, &command] { applyWorkspace(command, *this, targets); });
}

DatasetSources InputOptions::sources() const {
    DatasetSources s;
    const bool ws = workspace.has_value();
    if (ws) s = toSources(*workspace);
    // An explicit --skip-bad-lines or --duplicates holds for every file.
    if (ws && (isGiven("--skip-bad-lines") || isGiven("--duplicates"))) {
        s.judgmentsPolicy.reset();
        s.exclusionsPolicy.reset();
        s.cohortsPolicy.reset();
        s.runPolicies.clear();
    }
    if (!ws || isGiven("--qrels")) {
        s.judgments = qrels;
        s.judgmentsPolicy.reset();
    }
    if (!ws || isGiven("--qrels-format")) s.judgmentsFormat = FormatSpec::parse(qrelsFormat);
    FormatSpec runSpec = FormatSpec::parse(runFormat);
    if (ws && !isGiven("--run")) {
        if (isGiven("--run-format"))
            for (RunSource& r : s.runs) r.format = runSpec;
    } else {
        s.runs.clear();
        s.runPolicies.clear();
    }
    if (!ws || isGiven("--run"))
    for (const std::string& arg : runs) {
        RunSource source;
        source.format = runSpec;
        auto eq = arg.find('=');
        if (eq != std::string::npos && eq > 0) {
            source.name = arg.substr(0, eq);
            source.path = arg.substr(eq + 1);
        } else {
            source.path = arg;
        }
        s.runs.push_back(std::move(source));
    }
    if (!ws || isGiven("--exclude")) {
        s.exclusions = exclude;
        s.exclusionsPolicy.reset();
    }
    if (!ws || isGiven("--exclude-format")) s.exclusionsFormat = FormatSpec::parse(excludeFormat);
    if (!ws || isGiven("--cohorts")) {
        s.cohorts = cohorts;
        s.cohortsPolicy.reset();
    }
    if (!ws || isGiven("--cohorts-format")) s.cohortsFormat = FormatSpec::parse(cohortsFormat);
    // The beyond-accuracy inputs as the others: the workspace's unless given.
    if (!ws || isGiven("--catalog")) s.catalog = catalog;
    if (!ws || isGiven("--items")) s.items = items;
    if (!ws || isGiven("--items-format")) s.itemsFormat = FormatSpec::parse(itemsFormat);
    if (!ws || isGiven("--header")) applyHeaderMode(s, parseHeaderMode(header).value_or(HeaderMode::Auto));
    return s;
}

ReadOptions InputOptions::readOptions() const {
    ReadOptions o;
    if (workspace) o = toReadOptions(*workspace);
    if (!workspace || isGiven("--skip-bad-lines")) o.skipBadLines = skipBadLines;
    if (!workspace || isGiven("--duplicates"))
        o.duplicates = parseDuplicatePolicy(duplicates).value_or(DuplicatePolicy::Error);
    o.parallelism = Parallelism(threads);
    o.maxLineBytes = maxLineLength;
    o.maxFields = maxFields;
    o.maxExpansion = maxExpansion;
    // loadDataset keeps a dense matrix whole when there are exclusions
    // (given here or by the workspace).
    o.rankDepth = rankDepth;
    return o;
}

namespace {
void warnSkipped(const LoadReport& report) {
    // A first line guessed to be a header from words that are not the usual
    // column names is said, so a data line is never lost unseen (any guess
    // is a warning of the load report: inspect, validate, the workbench).
    for (const std::string& warning : report.warnings)
        if (isUnusualHeaderWarning(warning)) std::cerr << "ranklab-cli: note: " << report.path << ": " << warning << '\n';
    for (const std::string& repeated : report.repeatedUsers)
        std::cerr << "ranklab-cli: warning: " << report.path << ": " << repeated << '\n';
    if (report.skippedLines == 0) return;
    std::cerr << "ranklab-cli: warning: " << report.path << ": skipped " << report.skippedLines << " bad line"
              << (report.skippedLines == 1 ? "" : "s") << '\n';
    for (const BadLine& b : report.firstSkipped)
        std::cerr << "  " << report.path << ':' << b.line << ':' << b.column << ": " << b.problem << " (found \""
                  << printable(b.text) << "\")\n";
}
} // namespace

Dataset InputOptions::load(const Progress* progress, const RunStreaming* streaming) const {
    Dataset data = loadDataset(sources(), readOptions(), progress, streaming);
    warnSkipped(data.judgmentsReport);
    for (const auto& m : data.models) warnSkipped(m.report);
    if (data.exclusionsReport) warnSkipped(*data.exclusionsReport);
    if (data.cohortsReport) warnSkipped(*data.cohortsReport);
    if (data.itemAttributesReport) warnSkipped(*data.itemAttributesReport);
    if (checkUserIds) {
        const std::vector<RunOverlap> overlaps = runOverlaps(data);
        refuseDisjointRuns(overlaps);
        for (const std::string& line : overlapWarnings(overlaps)) std::cerr << "ranklab-cli: warning: " << line << '\n';
    }
    return data;
}

} // namespace ranklab::cli

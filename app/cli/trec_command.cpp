// ranklab-cli trec: a drop-in for trec_eval 10. Same options, same output,
// byte for byte (tests/cli/trec_golden_test.cpp checks it on trec_eval's own
// outputs), same exit code 4 when trec_eval stops on bad input.
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "common/terminal_text.h"
#include "trec/errors.h"
#include "trec/evaluation.h"
#include "trec/input.h"
#include "trec/output.h"

namespace ranklab::cli {
namespace {

struct TrecArgs {
    std::string qrels, run;
    bool perQuery = false;
    bool noSummary = false;
    bool complete = false;
    bool judgedOnly = false;
    double level = 1;
    std::uint32_t maxLength = 0;
    std::vector<std::string> measures;
    int digits = 4;
    std::string qrelsFormat = "trec";
    std::string runFormat = "trec";
    int threads = 0;
};

// trec_eval's exit code when it refuses its input.
constexpr int kTrecInputExit = 4;

// Each line of a message, prefixed as trec_eval prefixes its own.
void printLines(const std::string& message) {
    std::size_t start = 0;
    while (start <= message.size()) {
        const std::size_t end = std::min(message.find('\n', start), message.size());
        std::cerr << "ranklab-cli trec: " << message.substr(start, end - start) << '\n';
        start = end + 1;
    }
}

void run(const TrecArgs& args) {
    trec::InputOptions input;
    input.qrelsFormat = args.qrelsFormat;
    input.runFormat = args.runFormat;
    input.maxLength = args.maxLength;
    input.parallelism = Parallelism(args.threads);
    trec::TrecSettings settings;
    settings.measures = args.measures;
    settings.complete = args.complete;
    settings.level = args.level;
    settings.maxLength = args.maxLength;
    settings.judgedOnly = args.judgedOnly;
    settings.parallelism = input.parallelism;
    try {
        const Dataset data = trec::loadTrecInput(args.qrels, args.run, input);
        RankCache cache;
        const trec::TrecResults results = trec::evaluateTrec(data, settings, cache);
        trec::writeTrecOutput(std::cout, results, args.perQuery, args.digits, !args.noSummary);
        std::cout.flush();
    } catch (const trec::DuplicateDocsError& e) {
        std::cerr << "ranklab-cli trec: " << terminalSafe(e.what()) << '\n';
        exitCode() = kTrecInputExit;
    } catch (const trec::MissingQueryError& e) {
        std::cerr << "ranklab-cli trec: " << terminalSafe(e.what()) << '\n';
        exitCode() = kTrecInputExit;
    } catch (const trec::MeasureParamError& e) {
        printLines(e.what());
        exitCode() = e.exitCode();
    } catch (const trec::TrecInputError& e) {
        printLines(e.what());
        exitCode() = e.exitCode();
    }
}

} // namespace

void addTrecCommand(Command& app) {
    auto args = std::make_shared<TrecArgs>();
    auto* cmd = app.add_subcommand(
        "trec",
        "trec_eval 10 drop-in: the same options and output (measure, qid, value), ties broken by docno "
        "descending, exit 4 where trec_eval refuses the input");
    cmd->add_option("qrels", args->qrels, "Relevance judgments: qid 0 docno grade")->required();
    cmd->add_option("run", args->run, "The run: qid Q0 docno rank score tag (the rank is ignored)")->required();
    cmd->add_flag("-q", args->perQuery, "Print every query's values before the summary (\"all\") lines");
    cmd->add_flag("-J", args->judgedOnly,
                  "Judged documents only: every document the qrels do not judge (absent, or a negative grade) "
                  "leaves the ranking before any measure (after -M), as trec_eval -J");
    cmd->add_flag("-n", args->noSummary, "No summary (\"all\") lines");
    cmd->add_flag("-c", args->complete,
                  "Average over every qrels query; those missing from the run score 0 (else they are an error). "
                  "As in trec_eval, the summary num_rel then counts every judged grade > 0 of the qrels, "
                  "whatever -l says (ranklab-cli eval counts at the level)");
    cmd->add_option("-l", args->level, "Relevance level: grade >= N is relevant (binary measures; not ndcg, dcg)")
        ->capture_default_str();
    cmd->add_option("-M", args->maxLength, "Keep only the top N documents of each query after sorting (0: all)")
        ->capture_default_str();
    cmd->add_option("-m", args->measures,
                    "Measure, optionally with parameters (P.5,10  ndcg_cut.1,3  relstring.20  ndcg.1=0,2=5  "
                    "rbp.p=0.8), or a nickname: official (the default), all_trec; repeatable (as in trec_eval, "
                    "the first parameters given to a measure count; cutoffs are sorted; a repeated cutoff exits 2)")
        ->allow_extra_args(false);
    cmd->add_option("--digits", args->digits, "Decimals of the values (trec_eval prints 4)")
        ->check(Check::range(0, 17))
        ->capture_default_str();
    cmd->add_option("--qrels-format", args->qrelsFormat, "Format of the qrels (trec, auto, tsv, csv, json, ...)")
        ->capture_default_str();
    cmd->add_option("--run-format", args->runFormat, "Format of the run (trec, auto, tsv, csv, json, ...)")
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "Threads to use (0 = all)")->check(Check::nonNegativeNumber());
    cmd->callback([args] { run(*args); });
}

} // namespace ranklab::cli

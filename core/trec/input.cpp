#include "trec/input.h"

#include <sys/stat.h>

#include "io/dataset_loader.h"
#include "io/file_handle.h"
#include "io/readers.h"
#include "io/user_grouping.h"
#include "trec/errors.h"
#include "trec/run_lines.h"

namespace ranklab::trec {
namespace {

ReadOptions readOptions(const std::string& format, const Parallelism& parallelism) {
    ReadOptions o;
    o.format = FormatSpec::parse(format);
    o.duplicates = DuplicatePolicy::Error;
    o.parallelism = parallelism;
    return o;
}

// The run from its lines: each document once, its highest score (the copy
// ranked first; any other copy is past -M, so nothing above it moves).
ModelRun runFromLines(const RunLines& lines, const std::string& path, IdSpace& ids,
                      const Parallelism& parallelism) {
    std::vector<Record> records;
    records.reserve(lines.lines.size());
    for (const RunLine& l : lines.lines) records.push_back({l.qid, l.docno, l.score});
    GroupedLists grouped = groupByUser(records, ids.users.size());
    DuplicateCounts counts;
    resolveDuplicates(grouped, ids.items.size(), DuplicatePolicy::Max, /*identicalMerge=*/false, parallelism, counts);
    ModelRun model;
    model.run = Run(std::move(grouped.index), std::move(grouped.keys), std::move(grouped.values));
    model.report.path = path;
    model.report.role = Role::Run;
    model.report.format = "TREC run (fields past the sixth ignored, as trec_eval does)";
    model.report.records = model.run.size();
    model.report.duplicatesDropped = counts.dropped;
    model.report.tag = lines.tag;
    model.name = lines.tag.empty() ? fileStem(path) : lines.tag;
    return model;
}

// What the run's path is: trec_eval maps the file and refuses an empty one
// (and anything it cannot seek, such as a pipe).
enum class RunKind { Regular, Empty, Stream };

RunKind runKind(const std::string& path) {
    if (isStandardInput(path)) return RunKind::Stream;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return RunKind::Regular;  // the reader names the missing file
    if (!S_ISREG(st.st_mode)) return RunKind::Stream;
    return st.st_size == 0 ? RunKind::Empty : RunKind::Regular;
}

[[noreturn]] void cannotRead(const std::string& path, const std::string& why) {
    throw TrecInputError("Cannot read results file '" + path + "' (" + why + ")\nQuit in file '" + path + "'");
}

} // namespace

Dataset loadTrecInput(const std::string& qrelsPath, const std::string& runPath, const InputOptions& options) {
    Dataset data;
    LoadedJudgments judgments = readJudgments(qrelsPath, data.ids, readOptions(options.qrelsFormat, options.parallelism));
    data.judgments = std::move(judgments.judgments);
    data.judgmentsReport = std::move(judgments.report);
    const RunKind kind = runKind(runPath);
    if (kind == RunKind::Empty) cannotRead(runPath, "it is empty");
    try {
        LoadedRun run = readRun(runPath, data.ids, readOptions(options.runFormat, options.parallelism));
        // A pipe cannot be told empty before it is read; nothing in it is an empty run.
        if (kind == RunKind::Stream && run.report.records == 0) cannotRead(runPath, "nothing was read from it");
        std::string name = run.report.tag.empty() ? fileStem(runPath) : run.report.tag;
        data.models.push_back({std::move(name), std::move(run.run), std::move(run.report)});
    } catch (const InputError& e) {
        // The lenient reading reads the file again: a pipe or a FIFO cannot be.
        if (kind == RunKind::Stream && e.problem().rfind("the file is empty", 0) == 0)
            cannotRead(runPath, "nothing was read from it");
        if (kind == RunKind::Stream)
            throw Error(std::string(e.what()) + "\n(" + runPath +
                        " is not a regular file, so it cannot be read again with trec_eval's leniency; "
                        "save the run to a file first)");
        std::optional<RunLines> lines = readRunLines(runPath, data.ids);
        if (!lines) throw;  // not a run trec_eval reads either; the strict error says why
        if (auto dup = findDuplicateInTop(*lines, data.ids, options.maxLength))
            throw DuplicateDocsError(dup->qid, dup->docno,
                                     "(lines " + std::to_string(dup->firstLine) + " and " +
                                         std::to_string(dup->secondLine) + " of " + runPath + ")");
        data.models.push_back(runFromLines(*lines, runPath, data.ids, options.parallelism));
    }
    return data;
}

} // namespace ranklab::trec

#include "trec/input.h"

#include "io/dataset_loader.h"
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
    for (const RunLine& l : lines.lines)
        records.push_back({ids.users.intern(l.qid), ids.items.intern(l.docno), l.score});
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

} // namespace

Dataset loadTrecInput(const std::string& qrelsPath, const std::string& runPath, const InputOptions& options) {
    Dataset data;
    LoadedJudgments judgments = readJudgments(qrelsPath, data.ids, readOptions(options.qrelsFormat, options.parallelism));
    data.judgments = std::move(judgments.judgments);
    data.judgmentsReport = std::move(judgments.report);
    try {
        LoadedRun run = readRun(runPath, data.ids, readOptions(options.runFormat, options.parallelism));
        std::string name = run.report.tag.empty() ? fileStem(runPath) : run.report.tag;
        data.models.push_back({std::move(name), std::move(run.run), std::move(run.report)});
    } catch (const InputError&) {
        std::optional<RunLines> lines = readRunLines(runPath);
        if (!lines) throw;  // not a run trec_eval reads either; the strict error says why
        if (auto dup = findDuplicateInTop(*lines, options.maxLength))
            throw DuplicateDocsError(std::string(dup->qid), std::string(dup->docno),
                                     "(lines " + std::to_string(dup->firstLine) + " and " +
                                         std::to_string(dup->secondLine) + " of " + runPath + ")");
        data.models.push_back(runFromLines(*lines, runPath, data.ids, options.parallelism));
    }
    return data;
}

} // namespace ranklab::trec

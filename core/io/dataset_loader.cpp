#include "io/dataset_loader.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "common/error.h"
#include "io/catalog_reader.h"
#include "io/file_handle.h"
#include "io/readers.h"

namespace ranklab {
namespace {

ReadOptions withPolicy(ReadOptions options, const FormatSpec& format, const std::optional<FileReadPolicy>& policy) {
    options.format = format;
    if (policy) {
        options.skipBadLines = policy->skipBadLines;
        options.duplicates = policy->duplicates;
    }
    return options;
}

// Runs `read` with its share [done, done + 1) of `files` steps of `progress`.
template <typename Read>
void step(const Progress* progress, double& done, double files, Read&& read) {
    if (progress) {
        progress->check();
        Progress part(*progress, done / files, (done + 1) / files);
        read(&part);
    } else {
        read(nullptr);
    }
    done += 1;
}

// Model names made unique in the order they come: "name", "name (2)",
// "name (3)"... Names taken and the next number to try per name are kept,
// so 1,000 runs sharing a tag are named in linear time, not cubic.
class ModelNames {
public:
    std::string take(const std::string& name) {
        std::string unique = name;
        for (int& n = nextNumber_.try_emplace(name, 2).first->second; taken_.count(unique); ++n)
            unique = name + " (" + std::to_string(n) + ")";
        taken_.insert(unique);
        return unique;
    }

private:
    std::unordered_set<std::string> taken_;
    std::unordered_map<std::string, int> nextNumber_;
};

// Names for runs in the order they come. An explicit name given to more
// than one run makes those runs one model's repeated runs: each is named
// "NAME (run K)" (K counting that model's runs from 1) and carries NAME as
// its model. Any other run is a model of its own, named by ModelNames.
class RunNames {
public:
    explicit RunNames(const std::vector<std::string>& explicitNames) {
        for (const std::string& name : explicitNames)
            if (!name.empty()) ++given_[name];
    }
    // (the run's unique name, its model or "").
    std::pair<std::string, std::string> take(const std::string& explicitName, const std::string& fallback) {
        if (explicitName.empty()) return {names_.take(fallback), {}};
        const auto given = given_.find(explicitName);
        if (given == given_.end() || given->second < 2) return {names_.take(explicitName), {}};
        const int k = ++runsSeen_[explicitName];
        return {names_.take(explicitName + " (run " + std::to_string(k) + ")"), explicitName};
    }

private:
    ModelNames names_;
    std::unordered_map<std::string, int> given_;     // explicit name -> runs given it
    std::unordered_map<std::string, int> runsSeen_;  // repeated name -> runs named so far
};

void readModel(Dataset& data, RunNames& names, const RunSource& source, const std::optional<FileReadPolicy>& policy,
               const ReadOptions& options, const Progress* progress) {
    auto loaded = readRun(source.path, data.ids, withPolicy(options, source.format, policy), progress);
    const std::string fallback = !loaded.report.tag.empty() ? loaded.report.tag : fileStem(source.path);
    auto [name, model] = names.take(source.name, fallback);
    data.models.push_back({std::move(name), std::move(loaded.run), std::move(loaded.report), std::move(model)});
}

void streamModel(Dataset& data, RunNames& names, const RunSource& source, const std::optional<FileReadPolicy>& policy,
                 const ReadOptions& options, const RunStreaming& streaming, std::size_t model,
                 const Progress* progress) {
    LoadReport report = streamRun(
        source.path, data.ids, withPolicy(options, source.format, policy), streaming.chunkRecords,
        [&](Run&& chunk) { streaming.chunk(data, model, std::move(chunk)); }, progress);
    const std::string fallback = !report.tag.empty() ? report.tag : fileStem(source.path);
    auto [name, modelName] = names.take(source.name, fallback);
    data.models.push_back({std::move(name), Run(), std::move(report), std::move(modelName)});
}

// Standard input ("-") can be read once: given for two files, the second
// would read nothing.
void checkStandardInput(const DatasetSources& sources) {
    std::vector<std::string> roles;
    auto note = [&](const std::string& path, const std::string& role) {
        if (isStandardInput(path)) roles.push_back(role);
    };
    note(sources.judgments, "the ground truth");
    for (const RunSource& r : sources.runs) note(r.path, "a run");
    note(sources.exclusions, "the exclusions");
    note(sources.cohorts, "the cohorts");
    note(sources.catalog, "the catalogue");
    note(sources.items, "the item attributes");
    if (roles.size() > 1)
        throw InputError({"-", 0, 0}, "standard input (\"-\") is given for " + roles[0] + " and for " + roles[1] +
                                          ", but it can be read only once; expected \"-\" for one file at most "
                                          "(give the others as files, or as <(...) with bash)");
}

// A copy of `from` with the same ids in the same order.
void copyIds(const Interner& from, Interner& to) {
    for (std::uint32_t id = 0; id < from.size(); ++id) to.intern(from.name(id));
}

} // namespace

std::string fileStem(const std::string& given) {
    // A folder of parts ("runs/als/") or a glob ("runs/als/*.parquet"): the folder's name.
    std::string path = given;
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    if (path.find_first_of("*?[") != std::string::npos && path.find('/') != std::string::npos)
        return fileStem(path.substr(0, path.find_last_of('/')));
    std::string name = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    for (const char* ext : {".gz", ".zst", ".zstd"}) {
        std::string e(ext);
        if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) {
            name.resize(name.size() - e.size());
            break;
        }
    }
    auto dot = name.find_last_of('.');
    if (dot != std::string::npos && dot > 0) name.resize(dot);
    return name;
}


Dataset loadDataset(const DatasetSources& sources, const ReadOptions& given, const Progress* progress,
                    const RunStreaming* streaming) {
    checkStandardInput(sources);
    ReadOptions options = given;
    // Exclusions drop items before ranking, so items past the depth could
    // move up: a dense matrix is kept whole then.
    if (!sources.exclusions.empty()) options.rankDepth = 0;
    Dataset data;
    const double files = 1.0 + double(sources.runs.size()) + !sources.exclusions.empty() + !sources.cohorts.empty() +
                         !sources.catalog.empty() + !sources.items.empty();
    double done = 0;

    step(progress, done, files, [&](const Progress* p) {
        auto loaded = readJudgments(sources.judgments, data.ids,
                                    withPolicy(options, sources.judgmentsFormat, sources.judgmentsPolicy), p);
        data.judgments = std::move(loaded.judgments);
        data.judgmentsReport = std::move(loaded.report);
    });
    auto readRuns = [&] {
        std::vector<std::string> explicitNames;
        for (const RunSource& r : sources.runs) explicitNames.push_back(r.name);
        RunNames names(explicitNames);
        for (std::size_t i = 0; i < sources.runs.size(); ++i) {
            const std::optional<FileReadPolicy> policy =
                i < sources.runPolicies.size() ? sources.runPolicies[i] : std::nullopt;
            step(progress, done, files, [&](const Progress* p) {
                if (streaming)
                    streamModel(data, names, sources.runs[i], policy, options, *streaming, i, p);
                else
                    readModel(data, names, sources.runs[i], policy, options, p);
            });
        }
    };
    auto readOthers = [&] {
        if (!sources.exclusions.empty()) {
            step(progress, done, files, [&](const Progress* p) {
                auto loaded = readExclusions(sources.exclusions, data.ids,
                                             withPolicy(options, sources.exclusionsFormat, sources.exclusionsPolicy), p);
                data.exclusions = std::move(loaded.exclusions);
                data.exclusionsReport = std::move(loaded.report);
            });
        }
        if (!sources.cohorts.empty()) {
            step(progress, done, files, [&](const Progress* p) {
                auto loaded = readCohorts(sources.cohorts, data.ids,
                                          withPolicy(options, sources.cohortsFormat, sources.cohortsPolicy), p);
                data.cohorts = std::move(loaded.cohorts);
                data.cohortsReport = std::move(loaded.report);
            });
        }
        // The beyond-accuracy inputs: --catalog and --items.
        if (!sources.catalog.empty()) {
            step(progress, done, files, [&](const Progress*) {
                auto loaded = readCatalog(sources.catalog, data.ids);
                data.catalog = std::move(loaded.items);
                data.catalogReport = std::move(loaded.report);
            });
        }
        if (!sources.items.empty()) {
            step(progress, done, files, [&](const Progress* p) {
                ReadOptions o = options;
                o.format = sources.itemsFormat;
                auto loaded = readItemAttributes(sources.items, data.ids, o, p);
                data.itemAttributes = std::move(loaded.attributes);
                data.itemAttributesReport = std::move(loaded.report);
            });
        }
    };
    // Streaming, the runs come last: their chunks are evaluated as they are
    // read, with the exclusions and the item inputs already there.
    if (streaming) {
        readOthers();
        readRuns();
    } else {
        readRuns();
        readOthers();
    }
    return data;
}

Dataset deriveDataset(const Dataset& base, const std::vector<DerivedModel>& models, const ReadOptions& given,
                      const Progress* progress) {
    ReadOptions options = given;
    if (base.exclusions) options.rankDepth = 0;  // as loadDataset
    Dataset data;
    data.baseIdentity = base.baseIdentity;
    copyIds(base.ids.users, data.ids.users);
    copyIds(base.ids.items, data.ids.items);
    data.judgments = base.judgments;
    data.judgmentsReport = base.judgmentsReport;
    data.exclusions = base.exclusions;
    data.exclusionsReport = base.exclusionsReport;
    data.cohorts = base.cohorts;
    data.cohortsReport = base.cohortsReport;
    data.catalog = base.catalog;
    data.catalogReport = base.catalogReport;
    data.itemAttributes = base.itemAttributes;
    data.itemAttributesReport = base.itemAttributesReport;

    double files = 0;
    for (const DerivedModel& m : models) files += m.reuse ? 0.0 : 1.0;
    double done = 0;
    std::vector<std::string> explicitNames;
    for (const DerivedModel& m : models)
        explicitNames.push_back(m.source.name.empty() && m.reuse ? base.models.at(*m.reuse).model : m.source.name);
    RunNames names(explicitNames);
    for (const DerivedModel& m : models) {
        if (m.reuse) {
            const ModelRun& kept = base.models.at(*m.reuse);
            // A kept run keeps its model unless it is given a name.
            const std::string given = m.source.name.empty() ? kept.model : m.source.name;
            auto [name, model] = names.take(given, kept.name);
            data.models.push_back({std::move(name), kept.run, kept.report, std::move(model)});
            continue;
        }
        step(progress, done, files, [&](const Progress* p) { readModel(data, names, m.source, m.policy, options, p); });
    }
    if (progress) progress->report(1.0);
    return data;
}

} // namespace ranklab

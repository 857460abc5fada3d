#include "io/dataset_loader.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "io/readers.h"

namespace ranklab {

std::string fileStem(const std::string& path) {
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

Dataset loadDataset(const DatasetSources& sources, const ReadOptions& options, const Progress* progress) {
    Dataset data;
    const double files = 1.0 + double(sources.runs.size()) + !sources.exclusions.empty() + !sources.cohorts.empty();
    double done = 0;
    auto step = [&](const FormatSpec& format, auto&& read) {
        ReadOptions fileOptions = options;
        fileOptions.format = format;
        if (progress) {
            progress->check();
            Progress part(*progress, done / files, (done + 1) / files);
            read(fileOptions, &part);
        } else {
            read(fileOptions, nullptr);
        }
        done += 1;
    };

    step(sources.judgmentsFormat, [&](const ReadOptions& o, const Progress* p) {
        auto loaded = readJudgments(sources.judgments, data.ids, o, p);
        data.judgments = std::move(loaded.judgments);
        data.judgmentsReport = std::move(loaded.report);
    });
    std::unordered_set<std::string> taken;
    std::unordered_map<std::string, int> nextNumber;
    for (const RunSource& source : sources.runs) {
        step(source.format, [&](const ReadOptions& o, const Progress* p) {
            auto loaded = readRun(source.path, data.ids, o, p);
            std::string name = !source.name.empty()       ? source.name
                               : !loaded.report.tag.empty() ? loaded.report.tag
                                                            : fileStem(source.path);
            // Names taken and the next number to try per name: linear, not
            // cubic, in the number of runs sharing a tag.
            std::string unique = name;
            for (int& n = nextNumber.try_emplace(name, 2).first->second; taken.count(unique); ++n)
                unique = name + " (" + std::to_string(n) + ")";
            taken.insert(unique);
            data.models.push_back({unique, std::move(loaded.run), std::move(loaded.report)});
        });
    }
    if (!sources.exclusions.empty()) {
        step(sources.exclusionsFormat, [&](const ReadOptions& o, const Progress* p) {
            auto loaded = readExclusions(sources.exclusions, data.ids, o, p);
            data.exclusions = std::move(loaded.exclusions);
            data.exclusionsReport = std::move(loaded.report);
        });
    }
    if (!sources.cohorts.empty()) {
        step(sources.cohortsFormat, [&](const ReadOptions& o, const Progress* p) {
            auto loaded = readCohorts(sources.cohorts, data.ids, o, p);
            data.cohorts = std::move(loaded.cohorts);
            data.cohortsReport = std::move(loaded.report);
        });
    }
    return data;
}

} // namespace ranklab

#pragma once
// The engine's test data sets (tests/data/engine/NAME: qrels.txt and one
// run.txt, with trec_eval's output beside them) loaded as a Dataset, and
// evaluation settings for one tie and users policy.
#include <string>

#include "common/parallel.h"
#include "eval/eval_settings.h"
#include "io/dataset_loader.h"

namespace ranklab::testing {

inline std::string engineDir(const std::string& name) {
    return std::string(RANKLAB_TEST_DATA) + "/engine/" + name + "/";
}

// tests/data/engine/NAME's ground truth and its run (the model `model`).
inline Dataset loadEngineSet(const std::string& name, const std::string& model = "run") {
    DatasetSources sources;
    sources.judgments = engineDir(name) + "qrels.txt";
    sources.runs.push_back({model, engineDir(name) + "run.txt", {}});
    return loadDataset(sources, ReadOptions{});
}

// The same files as ranklab-cli's options: --qrels and --run 'model=...'.
inline std::string engineSetInputs(const std::string& name, const std::string& model = "run") {
    return "--qrels '" + engineDir(name) + "qrels.txt' --run '" + model + "=" + engineDir(name) + "run.txt'";
}

inline EvalSettings settingsFor(TiePolicy ties, UsersPolicy users = UsersPolicy::Relevant, int threads = 1) {
    EvalSettings s;
    s.ties = ties;
    s.users = users;
    s.parallelism = Parallelism(threads);
    return s;
}

} // namespace ranklab::testing

#pragma once
// tests/data/compare: a ground truth (qrels.txt) and three TREC runs whose
// models differ clearly (strong.trec > middle.trec > weak.trec), the inputs
// of the comparison, report, study and verify tests.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <cmath>

#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "compare/comparison.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "metrics/metric_spec.h"

namespace ranklab::testing {

inline const std::vector<std::string> kCompareModels = {"strong", "middle", "weak"};

// tests/data/compare/NAME.
inline std::string compareData(const std::string& name) {
    return std::string(RANKLAB_TEST_DATA) + "/compare/" + name;
}

// "--qrels 'DIR/qrels.txt' --run strong='DIR/strong.trec' ..." for `models`
// in `dir` (ending in '/'; the default: tests/data/compare/).
inline std::string compareInputs(const std::string& dir = compareData(""),
                                 const std::vector<std::string>& models = kCompareModels) {
    std::string out = "--qrels '" + dir + "qrels.txt'";
    for (const std::string& m : models) out += " --run " + m + "='" + dir + m + ".trec'";
    return out;
}

// Copies qrels.txt and the runs of `models` into `dir` (ending in '/').
inline void copyCompareData(const std::string& dir, const std::vector<std::string>& models = kCompareModels) {
    std::filesystem::copy_file(compareData("qrels.txt"), dir + "qrels.txt");
    for (const std::string& m : models) std::filesystem::copy_file(compareData(m + ".trec"), dir + m + ".trec");
}

// The same comparison through the core library, for the CLI's output to be
// checked against: tests/data/compare's models, `metrics` over `cutoffs`.
inline stats::Comparison coreComparison(const std::string& metrics, const std::vector<std::uint32_t>& cutoffs,
                                        const stats::ComparisonOptions& options) {
    DatasetSources sources;
    sources.judgments = compareData("qrels.txt");
    for (const std::string& m : kCompareModels) sources.runs.push_back({m, compareData(m + ".trec"), {}});
    const Dataset dataset = loadDataset(sources, ReadOptions{});
    EvalSettings settings;
    settings.metrics = expandMetrics(metrics, cutoffs);
    RankCache cache;
    return stats::compareEvaluation(evaluate(dataset, settings, cache), options);
}

// A JSON number, NaN for null (what the JSON writes for NaN).
inline double num(const nlohmann::json& j) { return j.is_null() ? NAN : j.get<double>(); }

// A test of `ranklab-cli compare` on tests/data/compare's three models.
class CompareCliFixture : public CliFixture {
protected:
    // `compare` on the three models with --format json and `args`, parsed.
    nlohmann::json runJson(const std::string& args) const {
        const CliResult r = run("compare " + compareInputs() + " --format json " + args);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return nlohmann::json::parse(r.out);
    }
};

} // namespace ranklab::testing

#include "compare/model_comparison.h"

#include <string>

#include "common/error.h"

namespace ranklab::stats {

std::vector<double> perUserColumn(const Evaluation& evaluation, std::size_t model, std::size_t metric) {
    if (model >= evaluation.models.size())
        throw Error("no model " + std::to_string(model) + " in the evaluation (" +
                    std::to_string(evaluation.models.size()) + " models)");
    if (metric >= evaluation.metricCount())
        throw Error("no metric column " + std::to_string(metric) + " in the evaluation (" +
                    std::to_string(evaluation.metricCount()) + " metrics)");
    std::vector<double> column(evaluation.users.size());
    for (std::size_t row = 0; row < column.size(); ++row) column[row] = evaluation.value(model, row, metric);
    return column;
}

PairedComparison compareModels(const Evaluation& evaluation, std::size_t modelA, std::size_t modelB,
                               std::size_t metric, const PairedOptions& options) {
    const auto a = perUserColumn(evaluation, modelA, metric);
    const auto b = perUserColumn(evaluation, modelB, metric);
    return comparePaired(a, b, options);
}

} // namespace ranklab::stats

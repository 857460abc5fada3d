#include "eval/curve_values.h"

#include <algorithm>
#include <mutex>
#include <string>

#include "common/error.h"
#include "metrics/registry.h"

namespace ranklab {

std::vector<double> perUserCurveValues(const RankedRun& ranked, const TruthTable& truth,
                                       const std::vector<UserId>& users, const MetricSpec& family, double threshold,
                                       const Discounts& discounts, std::uint32_t kmax, const Parallelism& parallelism,
                                       const Progress* progress) {
    const MetricFamily* definition = findMetricFamily(family.family);
    if (!definition) throw Error(std::string("curves: unknown metric \"").append(family.family).append("\""));
    if (!definition->takesCutoff)
        throw Error(std::string("curves: ").append(family.family).append(" takes no cutoff: it has no curve over k"));
    std::vector<std::uint32_t> cutoffs(kmax);
    for (std::uint32_t k = 0; k < kmax; ++k) cutoffs[k] = k + 1;
    const std::size_t rows = users.size(), columns = cutoffs.size();
    std::vector<double> table(rows * columns, 0.0);
    const std::size_t grain = std::max<std::size_t>(256, rows / 256);
    std::mutex reportMutex;
    std::size_t done = 0;
    parallelism.forRange(0, rows, grain, [&](std::size_t lo, std::size_t hi) {
        if (progress) progress->check();
        std::vector<double> scratch(columns);
        const MetricContext ctx{family, threshold, discounts};
        for (std::size_t row = lo; row < hi; ++row) {
            const UserId u = users[row];
            std::fill(scratch.begin(), scratch.end(), 0.0);
            definition->kernel(ctx, ranked.user(u), truth.user(u), cutoffs, scratch);
            for (std::size_t c = 0; c < columns; ++c) table[c * rows + row] = scratch[c];
        }
        if (progress) {
            std::lock_guard lock(reportMutex);
            done += hi - lo;
            progress->report(double(done) / double(rows));
        }
    });
    return table;
}

} // namespace ranklab

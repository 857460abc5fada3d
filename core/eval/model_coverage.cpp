#include "eval/model_coverage.h"

#include <cstdio>

#include "common/grouped_number.h"

namespace ranklab {

std::vector<ModelCoverage> modelCoverage(const Dataset& data, const Evaluation& eval) {
    std::vector<ModelCoverage> out;
    if (eval.models.size() != data.models.size()) return out;
    for (std::size_t m = 0; m < data.models.size(); ++m) {
        if (eval.models[m].name != data.models[m].name) return {};
        ModelCoverage c;
        c.evaluated = eval.users.size();
        for (UserId u : eval.users) c.scored += data.models[m].run.hasUser(u);
        c.skippedLines = data.models[m].report.skippedLines;
        out.push_back(c);
    }
    return out;
}

std::string coverageText(const ModelCoverage& c) {
    if (c.complete()) return {};
    std::string out;
    if (c.scored != c.evaluated) {
        char share[32];
        const double p = 100.0 * c.share();
        std::snprintf(share, sizeof share, p > 0 && p < 0.1 ? "%.2g%%" : "%.1f%%", p);
        out = "scored " + groupedNumber(c.scored) + " of " + groupedNumber(c.evaluated) + " users (" + share + ")";
    }
    if (c.skippedLines > 0)
        out += (out.empty() ? "" : ", ") + groupedNumber(c.skippedLines) + " bad line" + (c.skippedLines == 1 ? "" : "s") +
               " skipped";
    return out;
}

} // namespace ranklab

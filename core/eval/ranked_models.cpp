#include "eval/ranked_models.h"

#include <algorithm>

namespace ranklab {

RankedModels rankModels(const Dataset& data, const EvalSettings& settings, const std::vector<UserId>& users,
                        RankCache& cache, const Progress* progress, double share) {
    const std::size_t models = data.models.size();
    RankedModels out;
    out.runs.resize(models);
    for (std::size_t m = 0; m < models; ++m) {
        if (progress) progress->check();
        std::unique_ptr<Progress> part;
        if (progress)
            part = std::make_unique<Progress>(*progress, share * double(m) / double(models),
                                              share * double(m + 1) / double(models));
        out.runs[m] = cache.get(data, m, settings.ties, settings.useExclusions, settings.parallelism, part.get(),
                                settings.maxLength);
        for (UserId u : users) out.longest = std::max<std::size_t>(out.longest, out.runs[m]->user(u).listLength);
    }
    return out;
}

} // namespace ranklab

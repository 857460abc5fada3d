#include "eval/tie_structure.h"

#include <algorithm>
#include <functional>
#include <mutex>

namespace ranklab {

TieStructure findTies(const Run& run, const Exclusions* exclusions, const Parallelism& parallelism,
                      const Progress* progress) {
    const std::size_t users = run.index().userCount();
    TieStructure out;
    out.firstTie.assign(users, TieStructure::kNoTie);
    out.listLength.assign(users, 0);
    out.tiedEntries.assign(users, 0);
    std::mutex totalsMutex;
    std::size_t done = 0;
    const std::size_t grain = std::max<std::size_t>(256, users / 64);
    parallelism.forRange(0, users, grain, [&](std::size_t lo, std::size_t hi) {
        if (progress) progress->check();
        std::vector<double> scores;
        std::uint64_t entries = 0, tied = 0;
        for (std::size_t u = lo; u < hi; ++u) {
            const auto items = run.items(UserId(u));
            const auto raw = run.scores(UserId(u));
            scores.clear();
            for (std::size_t i = 0; i < items.size(); ++i)
                if (!exclusions || !exclusions->contains(UserId(u), items[i])) scores.push_back(raw[i]);
            std::sort(scores.begin(), scores.end(), std::greater<double>());
            std::uint32_t tiedHere = 0;
            for (std::size_t p = 0; p < scores.size();) {
                std::size_t end = p + 1;
                while (end < scores.size() && scores[end] == scores[p]) ++end;
                if (end - p >= 2) {
                    if (out.firstTie[u] == TieStructure::kNoTie) out.firstTie[u] = static_cast<std::uint32_t>(p);
                    tiedHere += static_cast<std::uint32_t>(end - p);
                }
                p = end;
            }
            out.listLength[u] = static_cast<std::uint32_t>(scores.size());
            out.tiedEntries[u] = tiedHere;
            entries += scores.size();
            tied += tiedHere;
        }
        std::lock_guard lock(totalsMutex);
        out.entries += entries;
        out.tied += tied;
        done += hi - lo;
        if (progress) progress->report(double(done) / double(users));
    });
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab

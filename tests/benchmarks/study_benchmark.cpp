// The many-model statistics of the study issue at benchmark scale: 10 models
// x 36 metric columns (6 metrics x 6 cutoffs) x 100,000 users, all pairs:
//   1. Tukey's HSD and the Friedman test with the Nemenyi post-hoc;
//   2. Carterette's randomized Tukey HSD (10,000 permutations, shared by the
//      36 columns);
// goal for both together: < 10 s. The per-user values are synthetic (a user
// effect plus a model effect plus noise, clipped to [0, 1], a third of the
// users at 0 for every model), made in memory so no data set is needed.
//
//   ranklab_study_bench [--users N] [--models K] [--resamples B] [--threads N] [--only classic|randomized|all]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "bench_support.h"
#include "eval/evaluation.h"
#include "metrics/metric_spec.h"
#include "compare/comparison.h"
#include "common/random.h"

using namespace ranklab;

namespace {

double uniform(synth::Rng& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

Evaluation synthetic(std::size_t users, std::size_t models) {
    Evaluation e;
    e.settings.metrics = expandMetrics("hr,precision,recall,ndcg,ap,rr", parseCutoffs("1,5,10,20,50,100"));
    const std::size_t columns = e.settings.metrics.size();
    for (std::size_t u = 0; u < users; ++u) e.users.push_back(static_cast<UserId>(u));
    e.counts.evaluated = users;
    synth::Rng rng(20261125);
    std::vector<double> base(users * columns);
    for (auto& b : base) b = uniform(rng) < 0.33 ? -1.0 : uniform(rng);
    for (std::size_t m = 0; m < models; ++m) {
        ModelValues model{"model" + std::to_string(m), std::vector<double>(users * columns), std::vector<double>(columns, 0.0)};
        for (std::size_t i = 0; i < users * columns; ++i) {
            const double b = base[i];
            model.perUser[i] = b < 0 ? 0.0 : std::clamp(b + 0.002 * static_cast<double>(m) + 0.2 * (uniform(rng) - 0.5), 0.0, 1.0);
            model.means[i % columns] += model.perUser[i] / static_cast<double>(users);
        }
        e.models.push_back(std::move(model));
    }
    return e;
}

stats::ComparisonOptions options(std::vector<stats::ManyModelTest> many, std::size_t resamples, int threads) {
    stats::ComparisonOptions o;
    o.tests = {};
    o.many = std::move(many);
    o.bootstrapIntervals = false;
    o.resampling.resamples = resamples;
    o.resampling.parallelism = Parallelism(threads);
    return o;
}

} // namespace

int main(int argc, char** argv) {
    std::size_t users = 100'000, models = 10, resamples = 10'000;
    int threads = 0;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--users") users = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--models") models = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--resamples") resamples = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--threads") threads = std::atoi(next().c_str());
        else if (a == "--only") only = next();
    }
    try {
        const Evaluation evaluation = synthetic(users, models);
        std::printf("users: %zu, models: %zu, metric columns: %zu, permutations: %zu, threads: %s\n", users, models,
                    evaluation.metricCount(), resamples, threads ? std::to_string(threads).c_str() : "all");
        using stats::ManyModelTest;
        stats::Comparison classic, randomized;
        const double fast = (only == "randomized" || only == "all") ? 0.0 : bench::bestSeconds(1, [&] {
            classic = stats::compareEvaluation(evaluation, options({ManyModelTest::Tukey, ManyModelTest::Friedman}, resamples, threads));
        });
        const double slow = (only == "classic" || only == "all") ? 0.0 : bench::bestSeconds(1, [&] {
            randomized = stats::compareEvaluation(evaluation, options({ManyModelTest::RandomizedTukey}, resamples, threads));
        });
        // What `compare --test tukey,randomized-tukey,friedman` does: one
        // comparison (the pairs' moments once) with the three procedures.
        stats::Comparison all;
        const double together = (!only.empty() && only != "all") ? 0.0 : bench::bestSeconds(1, [&] {
            all = stats::compareEvaluation(evaluation, options({ManyModelTest::Tukey, ManyModelTest::RandomizedTukey,
                                                                ManyModelTest::Friedman}, resamples, threads));
        });
        std::printf("Tukey HSD + Friedman/Nemenyi, %zu pair-columns:   %8.3f s\n", classic.pairs.size(), fast);
        std::printf("randomized Tukey HSD, %zu pair-columns:          %8.3f s\n", randomized.pairs.size(), slow);
        std::printf("all three in one comparison:                   %8.3f s   (goal < 10 s)\n", together);
        std::printf("RESULT tukey_friedman_s=%.3f randomized_tukey_s=%.3f total_s=%.3f\n", fast, slow, together);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "ranklab_study_bench: " << e.what() << '\n';
        return 1;
    }
}

// The statistics of the analytics issue at benchmark scale: 100,000 users,
// three models, 6 metrics x 6 cutoffs, all pairs of models.
//   1. paired t-tests and Wilcoxon tests with Holm's correction (goal < 1 s);
//   2. randomization tests (10,000 sign flips) and bootstrap CIs and tests
//      (10,000 resamples) for every pair and metric column (goal < 10 s);
// and a check that the second gives identical numbers with one thread;
//   3. the draws keyed by user (keyed_bootstrap.h, keyed_flips.h: what a
//      sharded comparison merges bit for bit) against the unkeyed draws of
//      the same size (resampled_means.h, randomization_test.h), as ratios.
//
//   ranklab_stats_bench --qrels QRELS --run [NAME=]RUN --run ... [--threads N]
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "bench_support.h"
#include "common/allocator_tuning.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "compare/comparison.h"
#include "stats/keyed_bootstrap.h"
#include "stats/randomization_test.h"
#include "stats/resampled_means.h"

using namespace ranklab;

namespace {

stats::ComparisonOptions options(std::vector<stats::SignificanceTest> tests, bool bootstrap, int threads) {
    stats::ComparisonOptions o;
    o.tests = std::move(tests);
    o.correction = stats::Correction::Holm;
    o.bootstrapIntervals = bootstrap;
    o.resampling.parallelism = Parallelism(threads);
    return o;
}

bool sameNumbers(const stats::Comparison& x, const stats::Comparison& y) {
    if (x.pairs.size() != y.pairs.size()) return false;
    auto same = [](double a, double b) { return (a == b) || (a != a && b != b); };
    for (std::size_t p = 0; p < x.pairs.size(); ++p) {
        const auto& a = x.pairs[p];
        const auto& b = y.pairs[p];
        if (!same(a.ciBootstrap->lo, b.ciBootstrap->lo) || !same(a.ciBootstrap->hi, b.ciBootstrap->hi)) return false;
        for (std::size_t t = 0; t < a.tests.size(); ++t)
            if (!same(a.tests[t].pvalue, b.tests[t].pvalue)) return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    std::string qrels;
    std::vector<std::string> runs;
    int threads = 0;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--qrels") qrels = next();
        else if (a == "--run") runs.push_back(next());
        else if (a == "--threads") threads = std::atoi(next().c_str());
    }
    if (qrels.empty() || runs.size() < 2) {
        std::cerr << "usage: ranklab_stats_bench --qrels QRELS --run RUN --run RUN [--run RUN] [--threads N]\n";
        return 2;
    }
    try {
        DatasetSources sources;
        sources.judgments = qrels;
        for (const auto& run : runs) sources.runs.push_back({"", run, {}});
        Dataset data = loadDataset(sources, ReadOptions{});
        EvalSettings settings;
        settings.metrics = expandMetrics("hr,precision,recall,ndcg,ap,rr", parseCutoffs("1,5,10,20,50,100"));
        RankCache cache;
        const Evaluation evaluation = evaluate(data, settings, cache);
        const std::size_t columns = evaluation.metricCount();
        std::printf("users: %zu, models: %zu, metric columns: %zu, threads: %s\n", evaluation.users.size(),
                    evaluation.models.size(), columns, threads ? std::to_string(threads).c_str() : "all");

        using stats::SignificanceTest;
        stats::Comparison rankTests;
        const double fast = bench::bestSeconds(3, [&] {
            rankTests = stats::compareEvaluation(
                evaluation, options({SignificanceTest::TTest, SignificanceTest::Wilcoxon}, false, threads));
        });
        stats::Comparison resampling;
        const double slow = bench::bestSeconds(1, [&] {
            resampling = stats::compareEvaluation(
                evaluation,
                options({SignificanceTest::Randomization, SignificanceTest::Bootstrap}, true, threads));
        });
        // The same on two metric columns with one thread: identical numbers?
        auto single = options({SignificanceTest::Randomization, SignificanceTest::Bootstrap}, true, 1);
        single.metrics = {0, columns - 1};
        auto both = options({SignificanceTest::Randomization, SignificanceTest::Bootstrap}, true, threads);
        both.metrics = single.metrics;
        const bool identical =
            sameNumbers(stats::compareEvaluation(evaluation, single), stats::compareEvaluation(evaluation, both));

        // Keyed against unkeyed draws on the same columns.
        std::vector<std::vector<double>> values;
        std::vector<std::span<const double>> modelColumns, diffColumns;
        std::vector<stats::Moments> diffMoments;
        for (std::size_t m = 0; m < evaluation.models.size(); ++m)
            for (std::size_t c = 0; c < columns; ++c) {
                auto& v = values.emplace_back(evaluation.users.size());
                for (std::size_t r = 0; r < v.size(); ++r) v[r] = evaluation.value(m, r, c);
            }
        for (const auto& v : values) modelColumns.emplace_back(v);
        std::vector<std::vector<double>> diffs;
        for (std::size_t c = 0; c < columns; ++c) {
            auto& d = diffs.emplace_back(evaluation.users.size());
            for (std::size_t r = 0; r < d.size(); ++r) d[r] = values[c][r] - values[columns + c][r];
        }
        for (const auto& d : diffs) {
            diffColumns.emplace_back(d);
            diffMoments.push_back(stats::moments(d));
        }
        stats::ResamplingOptions draws;
        draws.parallelism = Parallelism(threads);
        stats::RandomizationOptions flips;
        flips.resampling = draws;
        const double unkeyedBoot = bench::bestSeconds(2, [&] { stats::resampleMeans(modelColumns, draws); });
        const double keyedBoot =
            bench::bestSeconds(2, [&] { stats::keyedResampleMeans(evaluation.keysOfRows(), modelColumns, draws); });
        const double unkeyedFlips = bench::bestSeconds(2, [&] { stats::randomizationTests(diffColumns, flips); });
        const stats::UserLayout layout = stats::UserLayout::of(evaluation.keysOfRows());
        const double keyedFlips =
            bench::bestSeconds(2, [&] { stats::keyedRandomizationTests(layout, diffColumns, diffMoments, flips); });

        std::printf("t + Wilcoxon + Holm, %zu pair-columns:           %8.3f s   (goal < 1 s)\n",
                    rankTests.pairs.size(), fast);
        std::printf("randomization + bootstrap, %zu pair-columns:     %8.3f s   (goal < 10 s)\n",
                    resampling.pairs.size(), slow);
        std::printf("one thread gives identical numbers:             %s\n", identical ? "yes" : "NO");
        std::printf("bootstrap, %zu columns: keyed %.3f s, unkeyed %.3f s (%.2fx)\n", modelColumns.size(), keyedBoot,
                    unkeyedBoot, keyedBoot / unkeyedBoot);
        std::printf("sign flips, %zu columns: keyed %.3f s, unkeyed %.3f s (%.2fx)\n", diffColumns.size(), keyedFlips,
                    unkeyedFlips, keyedFlips / unkeyedFlips);
        std::printf("RESULT rank_tests_s=%.3f resampling_s=%.3f identical=%d keyed_bootstrap_ratio=%.2f "
                    "keyed_flips_ratio=%.2f\n",
                    fast, slow, identical ? 1 : 0, keyedBoot / unkeyedBoot, keyedFlips / unkeyedFlips);
        return identical ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "ranklab_stats_bench: " << e.what() << '\n';
        return 1;
    }
}

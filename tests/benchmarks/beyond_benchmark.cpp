// The beyond-accuracy metrics at scale, measured in one process so the
// ratios hold on a shared machine:
// - evaluation of the 36 accuracy columns (6 metrics x 6 cutoffs) alone and
//   with the per-user beyond-accuracy metrics (novelty, arp, aplt, aclt,
//   epc, efd) at the same 6 cutoffs added: the evaluation step alone
//   (ranking cached), and end to end from the files (goal: <= 1.5x);
// - the set-level metrics (coverage, gini, entropy, personalization) with
//   bootstrap intervals (1,000 resamples) over all users of every model
//   (goal: <= 5 s for 100k users x 3 models).
//
//   ranklab_beyond_bench --qrels QRELS --train TRAIN --run RUN [--run RUN ...] [--cutoff K]
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "bench_support.h"
#include "common/allocator_tuning.h"
#include "data/item_context.h"
#include "eval/item_inputs.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "stats/resampled_means.h"
#include "metrics/set_level_bootstrap.h"

using namespace ranklab;

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    DatasetSources sources;
    std::uint32_t cutoff = 10;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--qrels") sources.judgments = next();
        else if (a == "--train") sources.exclusions = next();
        else if (a == "--run") sources.runs.push_back({"", next(), {}});
        else if (a == "--cutoff") cutoff = std::uint32_t(std::atoi(next().c_str()));
    }
    if (sources.judgments.empty() || sources.exclusions.empty() || sources.runs.empty()) {
        std::cerr << "usage: ranklab_beyond_bench --qrels QRELS --train TRAIN --run RUN [--run RUN ...]\n";
        return 2;
    }
    try {
        Dataset data = loadDataset(sources, ReadOptions{});
        const auto cutoffs = parseCutoffs("1,5,10,20,50,100");
        EvalSettings accuracy, beyond;
        accuracy.metrics = expandMetrics("hr,precision,recall,ndcg,ap,rr", cutoffs);
        beyond.metrics = expandMetrics("hr,precision,recall,ndcg,ap,rr,novelty,arp,aplt,aclt,epc,efd", cutoffs);
        RankCache cache;
        evaluate(data, accuracy, cache);  // ranks every model once
        const double a = bench::bestSeconds(5, [&] { evaluate(data, accuracy, cache); });
        const double b = bench::bestSeconds(5, [&] { evaluate(data, beyond, cache); });
        std::printf("models: %zu, users averaged: %zu\n", data.models.size(),
                    evaluate(data, accuracy, cache).users.size());
        std::printf("evaluation step, 36 accuracy columns:        %8.1f ms\n", a * 1000);
        std::printf("  + 36 per-user beyond-accuracy columns:     %8.1f ms = %.2fx\n", b * 1000, b / a);

        // The goal: the 10M-line evaluation end to end (read the
        // files, rank, evaluate), as `ranklab-cli eval --exclude` runs it.
        auto endToEnd = [&](const EvalSettings& settings) {
            return bench::bestSeconds(3, [&] {
                Dataset fresh = loadDataset(sources, ReadOptions{});
                RankCache freshCache;
                evaluate(fresh, settings, freshCache);
            });
        };
        const double ea = endToEnd(accuracy), eb = endToEnd(beyond);
        std::printf("end to end (read, rank, evaluate), accuracy: %8.1f ms\n", ea * 1000);
        std::printf("  + the beyond-accuracy columns:             %8.1f ms = %.2fx   (goal <= 1.5x)\n", eb * 1000,
                    eb / ea);

        // Set-level metrics with bootstrap CIs over every model's users.
        EvalSettings set;
        set.metrics = expandMetrics("coverage,gini,entropy,personalization", {cutoff});
        const Evaluation eval = evaluate(data, set, cache);
        const ItemContext items = buildItemContext(data);
        double seconds = bench::bestSeconds(3, [&] {
            std::vector<stats::TopKLists> lists;
            for (std::size_t m = 0; m < data.models.size(); ++m) {
                auto ranked = cache.get(data, m, set.ties, set.useExclusions, set.parallelism, nullptr, 0);
                lists.push_back(stats::collectTopK(*ranked, eval.users, cutoff, items));
            }
            std::vector<const stats::TopKLists*> pointers;
            std::vector<stats::SetLevelColumn> columns;
            for (std::size_t m = 0; m < lists.size(); ++m) {
                pointers.push_back(&lists[m]);
                for (auto kind : {stats::SetStatistic::Kind::Coverage, stats::SetStatistic::Kind::Gini,
                                  stats::SetStatistic::Kind::Entropy, stats::SetStatistic::Kind::Personalization})
                    columns.push_back({m, {kind}});
            }
            stats::ResamplingOptions options;
            options.resamples = 1000;
            auto resampled = stats::resampleSetLevel(pointers, columns, items.trainingSlot, options);
            for (std::size_t c = 0; c < columns.size(); ++c) stats::percentileInterval(resampled.column(c));
            for (std::size_t m = 1; m < lists.size(); ++m) stats::compareSetLevel(resampled, 0, m * 4);
        });
        std::printf("set-level coverage, gini, entropy, personalization @%u with 1,000-resample bootstrap CIs "
                    "and paired differences, %zu models x %zu users: %.2f s   (goal <= 5 s)\n",
                    cutoff, data.models.size(), eval.users.size(), seconds);
        std::printf("RESULT beyond_ratio=%.3f beyond_step_ratio=%.3f set_level_bootstrap_s=%.3f\n", eb / ea, b / a, seconds);
    } catch (const std::exception& e) {
        std::cerr << "ranklab_beyond_bench: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

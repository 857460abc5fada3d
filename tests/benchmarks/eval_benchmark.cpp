// Evaluating a large run end to end (ranklab-cli eval, 6 metrics x 6
// cutoffs) against `wc -l` on the same run, in the same process run;
// re-evaluation with a new metric list from the cached ranking; and the
// peak memory of a whole evaluation per run line, beyond the id strings.
//
//   ranklab_eval_bench --cli PATH/ranklab-cli --qrels QRELS --run RUN [--repeats N]
#include <chrono>
#include <cstdio>
#include <thread>
#include <cstdlib>
#include <iostream>
#include <string>

#include "bench_support.h"
#include "common/allocator_tuning.h"
#include "common/error.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"

using namespace ranklab;

namespace {

const char* kMetrics = "hr,precision,recall,ndcg,ap,rr";
const char* kCutoffs = "1,5,10,20,50,100";

Dataset load(const std::string& qrels, const std::string& run) {
    DatasetSources sources;
    sources.judgments = qrels;
    sources.runs.push_back({"model", run, {}});
    return loadDataset(sources, ReadOptions{});
}

EvalSettings settings(const char* metrics) {
    EvalSettings s;
    s.metrics = expandMetrics(metrics, parseCutoffs(kCutoffs));
    return s;
}

int probeMemory(const std::string& qrels, const std::string& run) {
    std::uint64_t before = bench::statusBytes("VmRSS");
    Dataset data = load(qrels, run);
    RankCache cache;
    Evaluation eval = evaluate(data, settings(kMetrics), cache);
    std::uint64_t peak = bench::statusBytes("VmHWM");
    std::uint64_t idBytes = data.ids.users.stringBytes() + data.ids.items.stringBytes();
    std::printf("%llu %llu %llu\n", static_cast<unsigned long long>(peak - before),
                static_cast<unsigned long long>(data.models[0].run.size()), static_cast<unsigned long long>(idBytes));
    return eval.models.empty() ? 1 : 0;
}

} // namespace

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    std::string cli, qrels, run;
    int repeats = 3;
    bool probe = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--cli") cli = next();
        else if (a == "--qrels") qrels = next();
        else if (a == "--run") run = next();
        else if (a == "--repeats") repeats = std::atoi(next().c_str());
        else if (a == "--probe-memory") probe = true;
    }
    if (qrels.empty() || run.empty() || (!probe && cli.empty())) {
        std::cerr << "usage: ranklab_eval_bench --cli RANKLAB_CLI --qrels QRELS --run RUN [--repeats N]\n";
        return 2;
    }
    try {
        if (probe) return probeMemory(qrels, run);
        std::string out = bench::runSelf(argv[0], "--probe-memory --qrels '" + qrels + "' --run '" + run + "'");
        unsigned long long growth = 0, lines = 0, idBytes = 0;
        if (std::sscanf(out.c_str(), "%llu %llu %llu", &growth, &lines, &idBytes) != 3)
            throw std::runtime_error("bad probe output: " + out);
        double bytesPerLine = (double(growth) - double(idBytes)) / double(lines);

        bench::bestCommandSeconds(1, "cat '" + run + "' '" + qrels + "' > /dev/null");
        double wc = bench::bestCommandSeconds(repeats, "wc -l '" + run + "' > /dev/null");
        std::string command = "'" + cli + "' eval --qrels '" + qrels + "' --run '" + run + "' --metrics " + kMetrics +
                              " --cutoffs " + kCutoffs + " > /dev/null";
        double endToEnd = bench::bestCommandSeconds(repeats, command);

        // Re-evaluation from the cache: a new metric list, same ranking.
        Dataset data = load(qrels, run);
        RankCache cache;
        evaluate(data, settings(kMetrics), cache);
        double again = bench::bestSeconds(repeats, [&] {
            evaluate(data, settings("ndcg(gain=exp),f1,hits,ap(norm=min),rprec,dcg"), cache);
        });

        // Cancel latency: cancel a fresh evaluation (ranking included) part way
        // through and time how long it takes to stop.
        double worstCancel = 0;
        for (int delayMs : {50, 150, 300}) {
            RankCache fresh;
            Progress progress;
            std::chrono::steady_clock::time_point cancelledAt;
            std::thread canceller([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
                cancelledAt = std::chrono::steady_clock::now();
                progress.cancel();
            });
            bool stopped = false;
            try {
                evaluate(data, settings(kMetrics), fresh, &progress);
            } catch (const Cancelled&) {
                stopped = true;
            }
            auto end = std::chrono::steady_clock::now();
            canceller.join();
            if (stopped)
                worstCancel = std::max(worstCancel, std::chrono::duration<double>(end - cancelledAt).count());
        }

        std::printf("run: %s (%llu lines)\n", run.c_str(), lines);
        std::printf("wc -l:                         %8.3f s\n", wc);
        std::printf("ranklab-cli eval, end to end:  %8.3f s  = %.2fx wc -l   (goal <= 10x)\n", endToEnd, endToEnd / wc);
        std::printf("re-evaluation from the cache:  %8.1f ms                (goal <= 100 ms)\n", again * 1000);
        std::printf("cancel takes effect within:    %8.1f ms (worst of 3)    (goal <= 100 ms)\n", worstCancel * 1000);
        std::printf("peak memory of an evaluation:  %8.1f bytes per run line beyond %.1f MB of ids   (goal <= 40)\n",
                    bytesPerLine, double(idBytes) / 1e6);
        std::printf("RESULT eval_ratio=%.3f reeval_ms=%.1f cancel_ms=%.1f eval_bytes_per_line=%.2f\n", endToEnd / wc,
                    again * 1000, worstCancel * 1000, bytesPerLine);
    } catch (const std::exception& e) {
        std::cerr << "ranklab_eval_bench: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

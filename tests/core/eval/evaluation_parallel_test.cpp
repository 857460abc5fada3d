// evaluate() on a few thousand synthetic users: the same bits whatever the
// number of threads, progress that climbs to 1.0, and a cancel from another
// thread that throws Cancelled and leaves nothing half-made. The reference
// for every comparison is the same evaluation run serially (Parallelism(1)).
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <thread>

#include <gtest/gtest.h>

#include "common/error.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "synth/synth.h"

using namespace ranklab;
namespace fs = std::filesystem;

namespace {

// Written once per test program by ranklab's synth (graded qrels, three
// models, training exclusions), then read like any user's files.
class SyntheticData : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new fs::path(fs::temp_directory_path() / ("ranklab_eval_parallel_" + std::to_string(::getpid())));
        synth::SynthOptions options;
        options.outDir = dir_->string();
        options.users = 3000;
        options.items = 2000;
        options.perUser = 40;
        options.seed = 7;
        synth::writeSyntheticData(options);
        DatasetSources sources;
        sources.judgments = (*dir_ / "qrels.txt").string();
        for (const char* model : {"popularity", "toprank", "broad"})
            sources.runs.push_back({model, (*dir_ / (std::string(model) + ".run")).string(), {}});
        sources.exclusions = (*dir_ / "train.tsv").string();
        data_ = new Dataset(loadDataset(sources, ReadOptions{}));
    }
    static void TearDownTestSuite() {
        delete data_;
        data_ = nullptr;
        fs::remove_all(*dir_);
        delete dir_;
    }

    static EvalSettings settings(int threads, TiePolicy ties = TiePolicy::Expected) {
        EvalSettings s;
        s.metrics = expandMetrics("hr,precision,recall,f1,ndcg,ndcg(gain=exp),ap,ap(norm=min),rr,hits,dcg,recall(rel=2),"
                                  "rprec,num_ret,num_rel,num_rel_ret,ndcg@all,ap@all",
                                  {1, 5, 10, 20});
        s.ties = ties;
        s.users = UsersPolicy::All;
        s.parallelism = Parallelism(threads);
        return s;
    }

    static fs::path* dir_;
    static Dataset* data_;
};

fs::path* SyntheticData::dir_ = nullptr;
Dataset* SyntheticData::data_ = nullptr;

bool bitIdentical(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

void expectSameBits(const Evaluation& a, const Evaluation& b) {
    ASSERT_EQ(a.users, b.users);
    ASSERT_EQ(a.models.size(), b.models.size());
    for (std::size_t m = 0; m < a.models.size(); ++m) {
        EXPECT_EQ(a.models[m].name, b.models[m].name);
        EXPECT_TRUE(bitIdentical(a.models[m].perUser, b.models[m].perUser)) << a.models[m].name;
        EXPECT_TRUE(bitIdentical(a.models[m].means, b.models[m].means)) << a.models[m].name;
    }
    EXPECT_EQ(a.counts.evaluated, b.counts.evaluated);
    EXPECT_EQ(a.counts.runOnly, b.counts.runOnly);
    EXPECT_EQ(a.counts.qrelsOnly, b.counts.qrelsOnly);
}

} // namespace

TEST_F(SyntheticData, ResultsAreBitIdenticalForAnyNumberOfThreads) {
    ASSERT_GE(data_->ids.users.size(), 3000u);
    for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Trec}) {
        RankCache serialCache;
        const Evaluation serial = evaluate(*data_, settings(1, ties), serialCache);
        ASSERT_EQ(serial.users.size(), 3000u);
        for (int threads : {2, 8}) {
            RankCache cache;  // ranked again, in parallel
            expectSameBits(serial, evaluate(*data_, settings(threads, ties), cache));
        }
    }
}

TEST_F(SyntheticData, ProgressClimbsToOneWithoutGoingBack) {
    for (int threads : {1, 4}) {
        for (int attempt = 0; attempt < 3; ++attempt) {
            std::mutex mutex;
            std::vector<double> seen;
            std::atomic<int> calls{0};
            Progress progress([&](double f) {
                // The first call dawdles before it records, so that a report
                // made meanwhile by another thread would overtake it unless
                // the engine hands reports over one at a time, in order.
                if (calls++ == 0) std::this_thread::sleep_for(std::chrono::milliseconds(30));
                std::lock_guard lock(mutex);
                seen.push_back(f);
            });
            RankCache cache;
            evaluate(*data_, settings(threads), cache, &progress);
            ASSERT_GT(seen.size(), 3u);
            EXPECT_EQ(seen.back(), 1.0);
            for (std::size_t i = 0; i < seen.size(); ++i) {
                EXPECT_GE(seen[i], 0.0);
                EXPECT_LE(seen[i], 1.0);
                if (i > 0) {
                    ASSERT_GE(seen[i], seen[i - 1]) << "report " << i << " with " << threads << " threads";
                }
            }
        }
    }
}

TEST_F(SyntheticData, CancelFromAnotherThreadThrowsCancelledAndLeavesNoPartialRanking) {
    for (int threads : {1, 4}) {
        for (bool rankedBefore : {false, true}) {
            RankCache cache;
            if (rankedBefore) evaluate(*data_, settings(threads), cache);  // the cancel then hits the metric phase
            const std::size_t cachedBefore = cache.size();
            std::atomic<bool> reported{false};
            Progress* self = nullptr;
            // The first report wakes the other thread, then waits (at most 10 s)
            // until its cancel has arrived, so the cancel surely lands mid-run.
            Progress progress([&](double) {
                reported = true;
                const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
                while (!self->cancelled() && std::chrono::steady_clock::now() < until)
                    std::this_thread::sleep_for(std::chrono::microseconds(100));
            });
            self = &progress;
            std::thread canceller([&] {
                while (!reported) std::this_thread::yield();
                progress.cancel();
            });
            EXPECT_THROW(evaluate(*data_, settings(threads), cache, &progress), Cancelled);
            canceller.join();
            // Nothing half-ranked was kept, and the next evaluation is whole.
            EXPECT_EQ(cache.size(), cachedBefore);
            RankCache fresh;
            expectSameBits(evaluate(*data_, settings(threads), cache), evaluate(*data_, settings(1), fresh));
        }
    }
}

TEST_F(SyntheticData, AlreadyCancelledProgressThrowsAtOnce) {
    Progress progress;
    progress.cancel();
    RankCache cache;
    EXPECT_THROW(evaluate(*data_, settings(2), cache, &progress), Cancelled);
    EXPECT_EQ(cache.size(), 0u);
}

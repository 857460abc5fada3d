// The shared pass over ranked users (eval/user_pass.h): fixed chunks that
// cover every row once whatever the thread count, cancellation, grouping of
// metrics, and the set-level plumbing: an accumulator per chunk, merged in
// order, finished to one value per column, NaN in the per-user cells. The
// set-level metric here is a test-only record (the mean of hits@k over the
// users, as a set statistic), checked against hits computed in the test.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <random>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "eval/user_pass.h"
#include "metrics/kernels.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

TEST(UserPassTest, ChunksCoverEveryRowOnceInOrder) {
    for (std::size_t rows : {0u, 1u, 1023u, 1024u, 1025u, 65536u, 100000u, 1000003u}) {
        const UserChunks chunks(rows);
        EXPECT_LE(chunks.count, 64u) << rows;
        std::size_t next = 0;
        for (std::size_t c = 0; c < chunks.count; ++c) {
            EXPECT_EQ(chunks.begin(c), next) << rows;
            EXPECT_GT(chunks.end(c), chunks.begin(c)) << rows;
            next = chunks.end(c);
        }
        EXPECT_EQ(next, rows);
    }
}

TEST(UserPassTest, WalkVisitsEveryRowOnceWithAnyThreadCountAndReportsProgress) {
    const UserChunks chunks(200000);
    for (int threads : {1, 2, 4}) {
        std::vector<std::atomic<int>> seen(chunks.rows);
        std::atomic<double> last{0};
        Progress progress([&](double f) { last = f; });
        walkUsers(chunks, Parallelism(threads), &progress, [&](std::size_t chunk, std::size_t lo, std::size_t hi) {
            EXPECT_EQ(lo, chunks.begin(chunk));
            EXPECT_EQ(hi, chunks.end(chunk));
            for (std::size_t row = lo; row < hi; ++row) ++seen[row];
        });
        EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](const auto& n) { return n == 1; })) << threads;
        EXPECT_DOUBLE_EQ(last, 1.0);
    }
}

TEST(UserPassTest, ACancelledWalkThrows) {
    Progress progress;
    progress.cancel();
    EXPECT_THROW(walkUsers(UserChunks(5000), Parallelism(2), &progress, [](std::size_t, std::size_t, std::size_t) {}),
                 Cancelled);
}

TEST(UserPassTest, GroupsShareFamilyAndParametersWithCutoffsAscending) {
    const auto specs = expandMetrics("ndcg@10,recall(rel=2)@5,ndcg@all,ndcg@3,recall@5,ndcg(gain=exp)@3", {});
    const auto groups = groupMetrics(specs, 1.5);
    ASSERT_EQ(groups.size(), 4u);
    EXPECT_EQ(groups[0].spec.familyKey(), "ndcg");
    EXPECT_EQ(groups[0].cutoffs, (std::vector<std::uint32_t>{3, 10, kCutoffAll}));
    EXPECT_EQ(groups[0].columns, (std::vector<std::size_t>{3, 0, 2}));
    EXPECT_EQ(groups[0].threshold, 1.5);
    EXPECT_EQ(groups[1].spec.familyKey(), "recall(rel=2)");
    EXPECT_EQ(groups[1].threshold, 2.0);  // its own rel= wins
    EXPECT_EQ(groups[2].threshold, 1.5);
    EXPECT_EQ(groups[3].spec.familyKey(), "ndcg(gain=exp)");
    EXPECT_EQ(groups[3].spec.params.size(), groups[3].record->params.size());  // filled for the kernels
    EXPECT_EQ(groupMetrics(expandMetrics("recall(rel=-2)@5", {}), 1)[0].threshold, 0.0);  // never negative
}

// A set-level statistic for the test: the sum of every averaged user's
// hits@k over the number of users, kept as (sum, users) partial states.
class MeanHitsAccumulator : public SetAccumulator {
public:
    explicit MeanHitsAccumulator(std::size_t cutoffs) : sums_(cutoffs, 0.0) {}
    void add(const MetricContext& ctx, const UserRanking& ranking, const UserTruth&,
             std::span<const std::uint32_t> cutoffs) override {
        std::vector<double> hits(cutoffs.size());
        expectedHits(ranking, ctx.threshold, cutoffs, hits);
        for (std::size_t c = 0; c < cutoffs.size(); ++c) sums_[c] += hits[c];
        ++users_;
    }
    void merge(const SetAccumulator& later) override {
        const auto& other = static_cast<const MeanHitsAccumulator&>(later);
        for (std::size_t c = 0; c < sums_.size(); ++c) sums_[c] += other.sums_[c];
        users_ += other.users_;
        ++merges;
    }
    void finish(const MetricContext&, std::span<const std::uint32_t>, std::span<double> out) const override {
        for (std::size_t c = 0; c < sums_.size(); ++c) out[c] = users_ == 0 ? 0.0 : sums_[c] / double(users_);
    }
    static inline std::atomic<int> merges{0};

private:
    std::vector<double> sums_;
    std::size_t users_ = 0;
};

std::unique_ptr<SetAccumulator> makeMeanHits(const MetricContext&, std::span<const std::uint32_t> cutoffs) {
    return std::make_unique<MeanHitsAccumulator>(cutoffs.size());
}

const MetricRecord& meanHitsRecord() {
    static const MetricRecord record{
        .id = "hits",  // the spec's family resolves to hits; the pass reads the group's record
        .name = "mean hits over the set",
        .definition = "test only",
        .formula = "Σ_u hits_u(%K) / |U|",
        .hi = kUnbounded,
        .aggregation = Aggregation::SetLevel,
        .accumulator = makeMeanHits,
    };
    return record;
}

TEST(UserPassTest, SetLevelGroupsAccumulateOverEveryUserAndLeaveNaNPerUser) {
    // 5,000 users (several chunks), lists of 1..20 items with a few score
    // levels (ties), grades 0..2. Expected: the mean over users of hits@k,
    // counted here from the sorted lists under the trec order.
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> size(1, 20), level(1, 4), grade(0, 2);
    std::vector<Triple> qrels, run;
    std::vector<std::vector<std::pair<double, double>>> lists;  // per user: (score, grade)
    for (int u = 0; u < 5000; ++u) {
        const std::string user = "u" + std::to_string(u);
        const int n = size(rng);
        lists.emplace_back();
        for (int i = 0; i < n; ++i) {
            const std::string item = "i" + std::to_string(100 + i);  // same width: byte order = number order
            const double g = grade(rng), score = level(rng);
            qrels.emplace_back(user, item, g);
            run.emplace_back(user, item, score);
            lists.back().emplace_back(score, g);
        }
    }
    Dataset data = makeDataset(qrels, {{"m", run}});
    EvalSettings settings;
    settings.ties = TiePolicy::Trec;  // within a score, item id descending
    RankCache cache;
    auto ranked = cache.get(data, 0, settings.ties, false, Parallelism(1), nullptr, 0);
    const TruthTable truth(data.judgments);
    std::vector<UserId> users;
    for (int u = 0; u < 5000; ++u) users.push_back(data.ids.users.find("u" + std::to_string(u)));
    const Discounts discounts(64);

    const std::vector<std::uint32_t> ks{1, 5, 10, kCutoffAll};
    std::vector<double> expected;
    for (std::uint32_t k : ks) {
        double sum = 0;
        for (auto list : lists) {
            // Score descending, then item id descending (later items first).
            std::vector<std::size_t> order(list.size());
            for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
            std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
                return list[a].first != list[b].first ? list[a].first > list[b].first : a > b;
            });
            for (std::size_t p = 0; p < std::min<std::size_t>(k, order.size()); ++p) sum += list[order[p]].second >= 1;
        }
        expected.push_back(sum / 5000.0);
    }

    // Columns: recall@5 (per user), then the set-level group at ks.
    std::vector<MetricSpec> specs{MetricSpec::parse("recall@5")};
    for (std::uint32_t k : ks) specs.push_back(MetricSpec::of("hits", k));
    std::vector<MetricGroup> groups = groupMetrics(specs, 1.0);
    ASSERT_EQ(groups.size(), 2u);
    groups[1].record = &meanHitsRecord();

    std::vector<std::vector<double>> sets;
    for (int threads : {1, 3}) {
        std::vector<double> table(users.size() * specs.size(), -1.0), setValues(specs.size(), -1.0);
        MeanHitsAccumulator::merges = 0;
        runMetricPass(groups, MetricPassInput{*ranked, truth, users, discounts},
                      UserTable{table.data(), specs.size(), 1}, setValues, Parallelism(threads), nullptr);
        EXPECT_EQ(MeanHitsAccumulator::merges, int(UserChunks(users.size()).count) - 1);
        EXPECT_EQ(setValues[0], -1.0);  // a per-user column's entry is left alone
        for (std::size_t c = 0; c < ks.size(); ++c) EXPECT_NEAR(setValues[c + 1], expected[c], 1e-12) << ks[c];
        for (std::size_t row = 0; row < users.size(); ++row) {
            EXPECT_GE(table[row * specs.size()], 0.0);  // recall written
            for (std::size_t c = 1; c < specs.size(); ++c) ASSERT_TRUE(std::isnan(table[row * specs.size() + c]));
        }
        sets.push_back(setValues);
    }
    EXPECT_EQ(sets[0], sets[1]);  // bit for bit, whatever the thread count
}

} // namespace

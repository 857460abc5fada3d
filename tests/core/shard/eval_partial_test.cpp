// Partial states of eval: the states of disjoint bucket ranges, written to
// text and read back, merge into the whole evaluation's means (bit for bit)
// and user counts.
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "shard/eval_partial.h"
#include "shard/partial_file.h"

namespace ranklab::shard {
namespace {

using ranklab::testing::Triple;

Dataset randomData(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> score(0, 1);
    std::vector<Triple> qrels, a, b;
    for (int u = 0; u < 400; ++u) {
        const std::string user = "user" + std::to_string(u);
        for (int i = 0; i < 30; ++i) {
            const std::string item = "i" + std::to_string((u * 7 + i * 13) % 97);
            if (u % 17 != 0 && i < 25) a.emplace_back(user, item, std::floor(score(rng) * 8));  // ties
            if (u % 19 != 0) b.emplace_back(user, item, score(rng));
            if (i % 6 == u % 6 && u % 23 != 0) qrels.emplace_back(user, item, 1 + (i % 3));
        }
    }
    for (int u = 400; u < 420; ++u) a.emplace_back("runonly" + std::to_string(u), "i1", 1.0);
    return ranklab::testing::makeDataset(qrels, {{"a", a}, {"b", b}});
}

EvalSettings settingsFor(UsersPolicy users) {
    EvalSettings s;
    s.metrics = expandMetrics("ndcg,recall,ap,rr,precision,hr", {1, 5, 10, 20});
    s.users = users;
    return s;
}

EvalPartial partialOf(const Dataset& data, const EvalSettings& settings, const BucketRange& range) {
    RankCache cache;
    const BucketSelection selection = restrictToBuckets(data, settings, range);
    const Evaluation eval = evaluate(data, selection.settings, cache);
    // Through the file format, as a worker would hand it over.
    return readEvalPartial(writeEvalPartial(evalPartial(eval, range, selection.counts)), "shard");
}

TEST(EvalPartial, MergedRangesGiveTheWholeEvaluationsMeansBitForBit) {
    const Dataset data = randomData(3);
    for (UsersPolicy users : {UsersPolicy::Relevant, UsersPolicy::All, UsersPolicy::Trec}) {
        const EvalSettings settings = settingsFor(users);
        RankCache cache;
        const Evaluation whole = evaluate(data, settings, cache);
        for (const std::vector<BucketRange>& split : std::vector<std::vector<BucketRange>>{
                 {{0, 4096}}, {{0, 1000}, {1000, 4096}}, {{3000, 4096}, {17, 3000}, {0, 17}}}) {
            std::vector<EvalPartial> parts;
            for (const BucketRange& r : split) parts.push_back(partialOf(data, settings, r));
            const Evaluation merged = evaluationOf(mergeEvalPartials(parts, {}));
            ASSERT_EQ(merged.models.size(), whole.models.size());
            for (std::size_t m = 0; m < whole.models.size(); ++m) {
                EXPECT_EQ(merged.models[m].name, whole.models[m].name);
                for (std::size_t c = 0; c < whole.metricCount(); ++c)
                    EXPECT_EQ(merged.models[m].means[c], whole.models[m].means[c])
                        << whole.settings.metrics[c].id() << " with " << split.size() << " ranges";
            }
            EXPECT_EQ(merged.counts.evaluated, whole.counts.evaluated);
            EXPECT_EQ(merged.counts.runOnly, whole.counts.runOnly);
            EXPECT_EQ(merged.counts.qrelsOnly, whole.counts.qrelsOnly);
        }
    }
}

TEST(EvalPartial, ARangeHoldsExactlyTheUsersOfItsBuckets) {
    const Dataset data = randomData(5);
    const BucketRange range{0, 2048};
    std::size_t expected = 0;
    RankCache cache;
    const Evaluation whole = evaluate(data, settingsFor(UsersPolicy::Relevant), cache);
    for (UserId u : whole.users) expected += userBucket(data.ids.users.name(u)) < 2048;
    EXPECT_EQ(partialOf(data, settingsFor(UsersPolicy::Relevant), range).counts.evaluated, expected);
    EXPECT_GT(expected, 0u);
    EXPECT_LT(expected, whole.users.size());
}

TEST(EvalPartial, SetLevelColumnsAreRefusedNamingTheMetric) {
    const Dataset data = randomData(7);
    EvalSettings settings = settingsFor(UsersPolicy::Relevant);
    settings.metrics = expandMetrics("ndcg@10,coverage@10", {});
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache);
    try {
        evalPartial(eval, {}, eval.counts);
        ADD_FAILURE() << "set-level column accepted";
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("coverage@10 is a set-level metric"));
    }
}

TEST(EvalPartial, AMalformedFileIsRefusedNamingIt) {
    EXPECT_THROW(readEvalPartial("not json", "x.json"), Error);
    try {
        readEvalPartial("{\"format\": \"ranklab-partial\", \"version\": 1, \"command\": \"eval\"}", "x.json");
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("x.json: malformed partial state"));
    }
}

} // namespace
} // namespace ranklab::shard

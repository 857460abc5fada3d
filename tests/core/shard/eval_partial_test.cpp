// Partial states of eval: the states of disjoint bucket ranges, written to
// text and read back, merge into the whole evaluation's means (bit for bit)
// and user counts.
#include <cstring>
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

TEST(EvalPartial, SetLevelColumnsWithoutTheirCountsAreRefusedNamingTheMetric) {
    const Dataset data = randomData(7);
    EvalSettings settings = settingsFor(UsersPolicy::Relevant);
    settings.metrics = expandMetrics("ndcg@10,coverage@10", {});
    RankCache cache;
    const Evaluation eval = evaluate(data, settings, cache);
    try {
        evalPartial(eval, {}, eval.counts);
        ADD_FAILURE() << "set-level column accepted without its counts";
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("coverage@10 is a set-level metric"));
    }
}

// Set-level columns: the per-item counts of the ranges (whole shares and
// the exact fractions of tie groups straddling k: run "a" has tied scores)
// add up to the whole evaluation's statistics, bit for bit.
EvalPartial setLevelPartialOf(const Dataset& data, const EvalSettings& settings, const BucketRange& range) {
    RankCache cache;
    const BucketSelection selection = restrictToBuckets(data, settings, range);
    const Evaluation eval = evaluate(data, selection.settings, cache);
    const SetLevelState setLevel = setLevelState(data, selection.settings, cache);
    return readEvalPartial(writeEvalPartial(evalPartial(eval, range, selection.counts, &setLevel)), toString(range));
}

TEST(EvalPartial, MergedSetLevelCountsGiveTheWholeStatisticsBitForBit) {
    Dataset data = randomData(12);
    ranklab::testing::addItemInputs(data);
    bool fractions = false;
    for (UsersPolicy users : {UsersPolicy::Relevant, UsersPolicy::All}) {
        EvalSettings settings = settingsFor(users);
        settings.metrics = expandMetrics(
            "coverage,coverage(of=training),gini,gini(zeros=recommended),entropy,entropy(base=e),personalization,ndcg",
            {1, 3, 10});
        for (const MetricSpec& all : expandMetrics("coverage@all,personalization@all,gini@all,entropy@all", {}))
            settings.metrics.push_back(all);
        RankCache cache;
        const Evaluation whole = evaluate(data, settings, cache);
        for (const std::vector<BucketRange>& split : std::vector<std::vector<BucketRange>>{
                 {{0, 4096}}, {{1001, 4096}, {0, 1000}, {1000, 1001}}, {{3000, 4096}, {17, 3000}, {0, 17}}}) {
            std::vector<EvalPartial> parts;
            std::vector<std::string> names;
            for (const BucketRange& r : split) {
                parts.push_back(setLevelPartialOf(data, settings, r));
                names.push_back(toString(r));
                for (const auto& c : parts.back().models.front().setLevel) fractions = fractions || !c.part.empty();
            }
            const Evaluation merged = evaluationOf(mergeEvalPartials(parts, names));
            for (std::size_t m = 0; m < whole.models.size(); ++m)
                for (std::size_t c = 0; c < whole.metricCount(); ++c) {
                    const double x = merged.models[m].means[c], y = whole.models[m].means[c];
                    EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0)
                        << whole.settings.metrics[c].id() << " of " << whole.models[m].name << ": " << x << " vs " << y;
                }
        }
    }
    EXPECT_TRUE(fractions) << "the data should give tie groups straddling k";
}

TEST(EvalPartial, SetLevelStatesOfAnotherCatalogueOrBadCountsAreRefusedNamingTheFile) {
    Dataset data = randomData(13);
    ranklab::testing::addItemInputs(data);
    EvalSettings settings = settingsFor(UsersPolicy::Relevant);
    settings.metrics = expandMetrics("coverage@5,personalization@5", {});
    const EvalPartial low = setLevelPartialOf(data, settings, {0, 2000});
    EvalPartial high = setLevelPartialOf(data, settings, {2000, 4096});
    EXPECT_NO_THROW(evaluationOf(mergeEvalPartials({high, low}, {"high", "low"})));
    EvalPartial other = high;
    other.catalog.hash = "0000000000000000";
    try {
        mergeEvalPartials({low, other}, {"low.json", "other.json"});
        ADD_FAILURE() << "another catalogue accepted";
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("other.json: its set-level counts are over another catalogue"));
    }
    const std::string text = writeEvalPartial(low);
    const auto refusal = [](const std::string& t) {
        try {
            readEvalPartial(t, "bad.json");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusal(text), "accepted");
    std::string noCounts = text;
    noCounts.replace(noCounts.find("\"set_level\""), 11, "\"sat_level\"");
    EXPECT_THAT(refusal(noCounts), ::testing::HasSubstr("bad.json: malformed partial state"));
    std::string badSlot = text;
    badSlot.replace(badSlot.find("\"whole\": ["), 10, "\"whole\": [[999999, 1], ");
    EXPECT_THAT(refusal(badSlot), ::testing::HasSubstr("item slot 999999 outside the catalogue"));
    std::string badTraining = text;
    badTraining.replace(badTraining.find("\"training\": \""), 13, "\"training\": \"x");
    EXPECT_THAT(refusal(badTraining), ::testing::HasSubstr("bad.json: set_level.catalog.training must hold"));
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

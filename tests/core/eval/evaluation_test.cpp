// evaluate(): which users are averaged (docs/metrics.md, "Which users are
// averaged"), thresholds, negative grades, gains. Every expected value is a
// hand computation written next to it (or trec_eval's output, copied from
// golden/05_zero_relevant into tests/data/engine).
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"
#include "io/dataset_loader.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

// Users:
//   a  judged (i1: 1, i2: 0), R = 1, in the run: i1 first           rr 1
//   b  judged (i1: 2), R = 1, not in the run (ground truth only)    rr 0
//   c  judged, only grade 0 (R = 0), in the run                     rr 0
//   d  judged, only grade -1 (R = 0), not in the run                rr 0
//   e  judged (i3: 1), R = 1, in the run: i3 second                 rr 1/2
//   f  judged, only grade 0 (R = 0), in the run                     rr 0
//   x, y  in the run only
Dataset usersDataset() {
    return makeDataset({{"a", "i1", 1}, {"a", "i2", 0}, {"b", "i1", 2}, {"c", "i1", 0}, {"c", "i2", 0},
                        {"d", "i1", -1}, {"e", "i3", 1}, {"f", "i4", 0}},
                       {{"m", {{"a", "i1", 0.9}, {"a", "i9", 0.5}, {"c", "i1", 0.9}, {"c", "i2", 0.8},
                               {"e", "i5", 0.9}, {"e", "i3", 0.8}, {"f", "i4", 0.3}, {"x", "i1", 1.0},
                               {"y", "i2", 1.0}}}});
}

Evaluation run(const Dataset& data, const std::string& metrics, UsersPolicy users, double theta = 1.0,
               TiePolicy ties = TiePolicy::Expected) {
    EvalSettings settings;
    settings.metrics = expandMetrics(metrics, {});
    settings.users = users;
    settings.ties = ties;
    settings.relevanceThreshold = theta;
    settings.parallelism = Parallelism(1);
    RankCache cache;
    return evaluate(data, settings, cache);
}

std::vector<std::string> userNames(const Dataset& data, const Evaluation& eval) {
    std::vector<std::string> out;
    for (UserId u : eval.users) out.emplace_back(data.ids.users.name(u));
    return out;
}

using Names = std::vector<std::string>;

// The `all` lines of a trec_eval output file: measure -> value.
std::map<std::string, double> trecEvalAll(const std::string& path) {
    std::ifstream in(path);
    std::map<std::string, double> out;
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string measure, query;
        double value = 0;
        if (fields >> measure >> query >> value && query == "all") out[measure] = value;
    }
    return out;
}

} // namespace

TEST(EvaluationUsersTest, RelevantPolicyAveragesGroundTruthUsersWithARelevantItem) {
    Dataset data = usersDataset();
    Evaluation eval = run(data, "rr@all", UsersPolicy::Relevant);
    EXPECT_EQ(userNames(data, eval), (Names{"a", "b", "e"}));
    EXPECT_EQ(eval.counts.evaluated, 3u);
    EXPECT_EQ(eval.counts.runOnly, 2u);    // x, y
    EXPECT_EQ(eval.counts.qrelsOnly, 2u);  // b, d
    // (1 + 0 + 1/2) / 3: b is missing from the run and scores 0.
    EXPECT_DOUBLE_EQ(eval.models[0].means[0], 0.5);
    EXPECT_EQ(eval.value(0, 1, 0), 0.0);
}

TEST(EvaluationUsersTest, TrecPolicyAveragesUsersInTheRunAndTheGroundTruth) {
    Dataset data = usersDataset();
    Evaluation eval = run(data, "rr@all", UsersPolicy::Trec);
    EXPECT_EQ(userNames(data, eval), (Names{"a", "c", "e", "f"}));
    EXPECT_EQ(eval.counts.evaluated, 4u);
    EXPECT_EQ(eval.counts.runOnly, 2u);
    EXPECT_EQ(eval.counts.qrelsOnly, 2u);
    // (1 + 0 + 1/2 + 0) / 4: users with only grade-0 judgments count, with 0.
    EXPECT_DOUBLE_EQ(eval.models[0].means[0], 0.375);
}

TEST(EvaluationUsersTest, AllPolicyAveragesEveryGroundTruthUser) {
    Dataset data = usersDataset();
    Evaluation eval = run(data, "rr@all", UsersPolicy::All);
    EXPECT_EQ(userNames(data, eval), (Names{"a", "b", "c", "d", "e", "f"}));
    EXPECT_EQ(eval.counts.evaluated, 6u);
    EXPECT_EQ(eval.counts.runOnly, 2u);
    EXPECT_EQ(eval.counts.qrelsOnly, 2u);
    EXPECT_DOUBLE_EQ(eval.models[0].means[0], 0.25);  // 1.5 / 6
}

TEST(EvaluationUsersTest, RelevantPolicyUsesTheGlobalThreshold) {
    Dataset data = usersDataset();
    // θ = 2: only b (grade 2) has a relevant item.
    Evaluation eval = run(data, "rr@all", UsersPolicy::Relevant, 2.0);
    EXPECT_EQ(userNames(data, eval), (Names{"b"}));
    EXPECT_EQ(eval.models[0].means[0], 0.0);
}

TEST(EvaluationUsersTest, TrecPolicyWithSeveralModelsTakesUsersInEveryRun) {
    // The per-user table has one set of rows for all models, so with several
    // runs `trec` keeps the users that every run has; the others are still
    // not "ground truth only" (some run has them).
    Dataset data = makeDataset({{"a", "i1", 1}, {"b", "i1", 1}, {"c", "i1", 1}},
                               {{"m", {{"a", "i1", 1.0}, {"b", "i1", 1.0}}}, {"n", {{"a", "i1", 1.0}, {"c", "i1", 1.0}}}});
    Evaluation eval = run(data, "hr@1", UsersPolicy::Trec);
    EXPECT_EQ(userNames(data, eval), (Names{"a"}));
    EXPECT_EQ(eval.counts.qrelsOnly, 0u);
    EXPECT_EQ(eval.models.size(), 2u);
    EXPECT_EQ(eval.models[0].means[0], 1.0);
    EXPECT_EQ(eval.models[1].means[0], 1.0);
}

TEST(EvaluationUsersTest, NoModelsMeansEveryJudgedUserIsGroundTruthOnly) {
    Dataset data = makeDataset({{"a", "i1", 1}, {"b", "i1", 0}}, {});
    Evaluation eval = run(data, "hr@1", UsersPolicy::Relevant);
    EXPECT_TRUE(eval.models.empty());
    EXPECT_EQ(eval.counts.qrelsOnly, 2u);
    EXPECT_EQ(eval.counts.evaluated, 1u);
}

TEST(EvaluationUsersTest, TrecPolicyOnGolden05ZeroRelevantMatchesTrecEval) {
    // 12 queries, 4 with only grade-0 judgments: they score 0 and still count
    // in trec_eval's mean. Values: trec_eval 10.0, trec_eval_core_hp.txt.
    const std::string dir = std::string(RANKLAB_TEST_DATA) + "/engine/05_zero_relevant/";
    DatasetSources sources;
    sources.judgments = dir + "qrels.txt";
    sources.runs.push_back({"run", dir + "run.txt", {}});
    Dataset data = loadDataset(sources, ReadOptions{});
    Evaluation eval = run(data, "ap@all,precision@5,ndcg@all,rr@all,rprec,recall@10,ndcg@5,hr@3", UsersPolicy::Trec,
                          1.0, TiePolicy::Trec);
    auto golden = trecEvalAll(dir + "trec_eval_core_hp.txt");
    EXPECT_EQ(eval.counts.evaluated, 12u);
    const char* measures[] = {"map", "P_5", "ndcg", "recip_rank", "Rprec", "recall_10", "ndcg_cut_5", "success_3"};
    for (std::size_t i = 0; i < 8; ++i) {
        ASSERT_TRUE(golden.count(measures[i])) << measures[i];
        EXPECT_NEAR(eval.models[0].means[i], golden[measures[i]], 1e-9) << measures[i];
    }
}

TEST(EvaluationThresholdTest, MetricRelOverridesTheGlobalThreshold) {
    // Ranked g1 (1), g3 (3), n (unjudged), g2 (2).
    Dataset data = makeDataset({{"u", "g1", 1}, {"u", "g2", 2}, {"u", "g3", 3}},
                               {{"m", {{"u", "g1", 4.0}, {"u", "g3", 3.0}, {"u", "n", 2.0}, {"u", "g2", 1.0}}}});
    const std::string metrics = "recall@2,recall(rel=1)@2,recall(rel=2)@2,recall(rel=3)@2,rr@all,rr(rel=2)@all,"
                                "num_rel,num_rel(rel=3),precision(rel=2.5)@4";
    for (double theta : {1.0, 2.0}) {
        Evaluation eval = run(data, metrics, UsersPolicy::All, theta);
        const auto& v = eval.models[0].means;
        // recall@2 follows θ: θ = 1: R = 3, hits 2 -> 2/3; θ = 2: R = 2, hits 1 (g3) -> 1/2.
        EXPECT_DOUBLE_EQ(v[0], theta == 1.0 ? 2.0 / 3.0 : 0.5) << theta;
        EXPECT_DOUBLE_EQ(v[1], 2.0 / 3.0) << theta;  // rel=1 whatever θ
        EXPECT_DOUBLE_EQ(v[2], 0.5) << theta;        // rel=2: R = 2, hits 1
        EXPECT_DOUBLE_EQ(v[3], 1.0) << theta;        // rel=3: R = 1, g3 at 2
        EXPECT_DOUBLE_EQ(v[4], theta == 1.0 ? 1.0 : 0.5) << theta;  // first relevant: g1 or g3
        EXPECT_DOUBLE_EQ(v[5], 0.5) << theta;
        EXPECT_DOUBLE_EQ(v[6], theta == 1.0 ? 3.0 : 2.0) << theta;
        EXPECT_DOUBLE_EQ(v[7], 1.0) << theta;
        EXPECT_DOUBLE_EQ(v[8], 0.25) << theta;  // rel=2.5: only g3 -> 1/4
    }
}

TEST(EvaluationThresholdTest, NdcgIgnoresTheThresholdAndUsesTheGrades) {
    Dataset data = makeDataset({{"u", "g1", 1}, {"u", "g2", 2}, {"u", "g3", 3}},
                               {{"m", {{"u", "g1", 4.0}, {"u", "g3", 3.0}, {"u", "n", 2.0}, {"u", "g2", 1.0}}}});
    // DCG = 1/log2 2 + 3/log2 3 + 0 + 2/log2 5; ideal 3, 2, 1: 3 + 2/log2 3 + 1/log2 4.
    const double dcg = 1.0 + 3.0 / std::log2(3.0) + 2.0 / std::log2(5.0);
    const double ideal = 3.0 + 2.0 / std::log2(3.0) + 0.5;
    for (double theta : {1.0, 3.0}) {
        Evaluation eval = run(data, "ndcg@4,dcg@4", UsersPolicy::All, theta);
        EXPECT_NEAR(eval.models[0].means[0], dcg / ideal, 1e-14) << theta;
        EXPECT_NEAR(eval.models[0].means[1], dcg, 1e-14) << theta;
    }
}

TEST(EvaluationGainTest, ExponentialGainNdcgMatchesHandComputation) {
    Dataset data = makeDataset({{"u", "g1", 1}, {"u", "g2", 2}, {"u", "g3", 3}},
                               {{"m", {{"u", "g1", 4.0}, {"u", "g3", 3.0}, {"u", "n", 2.0}, {"u", "g2", 1.0}}}});
    // gain 2^g - 1: 1, 7, 0, 3 at positions 1..4; ideal 7, 3, 1.
    const double dcg4 = 1.0 + 7.0 / std::log2(3.0) + 3.0 / std::log2(5.0);
    const double ideal4 = 7.0 + 3.0 / std::log2(3.0) + 1.0 / std::log2(4.0);
    const double dcg2 = 1.0 + 7.0 / std::log2(3.0), ideal2 = 7.0 + 3.0 / std::log2(3.0);
    Evaluation eval = run(data, "ndcg(gain=exp)@4,ndcg(gain=exp)@2,dcg(gain=exp)@4,ndcg(gain=exp)@1", UsersPolicy::All);
    EXPECT_NEAR(eval.models[0].means[0], dcg4 / ideal4, 1e-14);
    EXPECT_NEAR(eval.models[0].means[1], dcg2 / ideal2, 1e-14);
    EXPECT_NEAR(eval.models[0].means[2], dcg4, 1e-13);
    EXPECT_NEAR(eval.models[0].means[3], 1.0 / 7.0, 1e-15);  // 1 / 7 at k = 1
}

TEST(EvaluationGradeTest, NegativeGradesAreNeverRelevantAndGiveNoGain) {
    // Ranked p (-2), q (1), s (0); r (-1) judged, not ranked.
    Dataset data = makeDataset({{"u", "p", -2}, {"u", "q", 1}, {"u", "r", -1}, {"u", "s", 0}},
                               {{"m", {{"u", "p", 3.0}, {"u", "q", 2.0}, {"u", "s", 1.0}}}});
    Evaluation eval = run(data,
                          "recall@1,hits@3,num_rel,dcg@1,ndcg@2,ndcg(gain=exp)@2,dcg@3,"
                          "recall(rel=0)@1,num_rel(rel=0),hits(rel=0)@3,rr(rel=0)@all",
                          UsersPolicy::All);
    const auto& v = eval.models[0].means;
    EXPECT_EQ(v[0], 0.0);  // p at 1 is not relevant
    EXPECT_EQ(v[1], 1.0);  // only q
    EXPECT_EQ(v[2], 1.0);
    EXPECT_EQ(v[3], 0.0);  // no gain, and not negative
    // DCG@2 = 0 + 1/log2 3; ideal: only grades > 0 (q): 1.
    EXPECT_NEAR(v[4], 1.0 / std::log2(3.0), 1e-15);
    EXPECT_NEAR(v[5], 1.0 / std::log2(3.0), 1e-15);  // 2^1 - 1 = 1
    EXPECT_NEAR(v[6], 1.0 / std::log2(3.0), 1e-15);  // s (0) adds nothing
    // θ = 0: q and s are relevant (R = 2), p and r (negative) are not.
    EXPECT_EQ(v[7], 0.0);
    EXPECT_EQ(v[8], 2.0);
    EXPECT_EQ(v[9], 2.0);
    EXPECT_EQ(v[10], 0.5);
}

TEST(EvaluationGradeTest, NegativeGradesStayNonRelevantUnderANegativeThreshold) {
    // docs/metrics.md: "Negative grades are judged non-relevant" - whatever θ is.
    // Ranked p (-2), q (1); r (-1) judged, not ranked.
    Dataset data = makeDataset({{"u", "p", -2}, {"u", "q", 1}, {"u", "r", -1}, {"v", "r", -1}},
                               {{"m", {{"u", "p", 3.0}, {"u", "q", 2.0}, {"v", "r", 1.0}}}});
    for (double theta : {-1.0, -5.0}) {
        Evaluation eval = run(data, "hits@1,num_rel,rr@all,recall(rel=-3)@1,num_rel(rel=-2)", UsersPolicy::Relevant,
                              theta);
        // Only u has a relevant item (q): v's only judgment is negative.
        ASSERT_EQ(userNames(data, eval), (Names{"u"})) << theta;
        const auto& v = eval.models[0].means;
        EXPECT_EQ(v[0], 0.0) << theta;  // p is first and not relevant
        EXPECT_EQ(v[1], 1.0) << theta;  // R = 1 (q)
        EXPECT_EQ(v[2], 0.5) << theta;  // q at 2
        EXPECT_EQ(v[3], 0.0) << theta;
        EXPECT_EQ(v[4], 1.0) << theta;
    }
}

TEST(EvaluationTest, MetricIndexFindsColumnsByCanonicalId) {
    Dataset data = usersDataset();
    Evaluation eval = run(data, "p@5,map@all,rprec", UsersPolicy::All);
    EXPECT_EQ(eval.metricIndex("precision@5"), 0u);
    EXPECT_EQ(eval.metricIndex("ap@all"), 1u);
    EXPECT_EQ(eval.metricIndex("rprec"), 2u);
    EXPECT_EQ(eval.metricIndex("ndcg@5"), static_cast<std::size_t>(-1));
    EXPECT_EQ(eval.models[0].perUser.size(), eval.users.size() * 3);
}

TEST(EvaluationTest, MeansAreTheAverageOfThePerUserTable) {
    Dataset data = usersDataset();
    Evaluation eval = run(data, "precision@2,rr@all,ndcg@2", UsersPolicy::All);
    for (std::size_t c = 0; c < eval.metricCount(); ++c) {
        double sum = 0;
        for (std::size_t row = 0; row < eval.users.size(); ++row) sum += eval.value(0, row, c);
        EXPECT_DOUBLE_EQ(eval.models[0].means[c], sum / double(eval.users.size()));
    }
    // precision@2 by hand: a 1/2, e 1/2, the rest 0 -> 1/6.
    EXPECT_DOUBLE_EQ(eval.models[0].means[0], 1.0 / 6.0);
}

TEST(EvaluationTest, NoAveragedUsersGivesZeroMeans) {
    Dataset data = makeDataset({{"a", "i1", 0}}, {{"m", {{"a", "i1", 1.0}}}});
    Evaluation eval = run(data, "hr@1,ndcg@5", UsersPolicy::Relevant);
    EXPECT_TRUE(eval.users.empty());
    EXPECT_EQ(eval.models[0].means, (std::vector<double>{0.0, 0.0}));
}

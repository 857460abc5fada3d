// explain: the clause-by-clause decomposition of the difference between two
// definition profiles. The contributions sum to the difference of the means
// (a telescoping sum over the steps), checked on a hand example and on a
// generated data set for every pair of profiles.
#include <cmath>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"
#include "core/eval/profile_test_data.h"
#include "eval/profile_explain.h"

namespace ranklab {
namespace {

using testing::makeDataset;
using testing::workedExample;

EvalSettings baseSettings(const std::string& metrics) {
    EvalSettings s;
    s.metrics = expandMetrics(metrics, {});
    s.parallelism = Parallelism(1);
    return s;
}

TEST(ProfileExplain, TrecEvalToElliotSplitsApIntoTheUsersAndTheNormaliser) {
    // ap@3 of the worked example (profile_test_data.h): u1 = 1/3 under R and
    // 13/18 under Elliot's mean of precisions, u2 = 7/18 under both, u3 = 0.
    // trec_eval averages u1, u2, u3: 13/54. Step "users" (trec -> ranked)
    // drops u3: 13/36, +13/108. Step "norm" (R -> k) moves u1 only:
    // (13/18 + 7/18)/2 = 5/9, +7/36. Total 17/54 = 5/9 - 13/54.
    RankCache cache;
    const ProfileExplanation x = explainProfiles(workedExample(), baseSettings("ap@3"), findProfile("trec_eval"),
                                                 findProfile("elliot"), cache);
    ASSERT_EQ(x.models.size(), 1u);
    const MetricExplanation& m = x.models[0].metrics.at(0);
    EXPECT_EQ(m.idA, "ap@3");
    EXPECT_EQ(m.idB, "ap(norm=k)@3");
    EXPECT_NEAR(m.meanA, 13.0 / 54, 1e-12);
    EXPECT_NEAR(m.meanB, 5.0 / 9, 1e-12);
    EXPECT_EQ(m.usersA, 3u);
    EXPECT_EQ(m.usersB, 2u);
    ASSERT_EQ(m.steps.size(), 5u);
    EXPECT_EQ(m.steps[0].clause, ProfileClause::Ties);
    EXPECT_EQ(m.steps[0].from, "trec");
    EXPECT_EQ(m.steps[0].to, "expected");
    EXPECT_NEAR(m.steps[0].contribution, 0.0, 1e-15);  // no ties in the data
    EXPECT_EQ(m.steps[0].usersChanged, 0u);
    EXPECT_NEAR(m.steps[1].contribution, 13.0 / 108, 1e-12);
    EXPECT_EQ(m.steps[1].usersChanged, 1u);
    EXPECT_EQ(m.steps[2].from, "");  // ap has no gain
    EXPECT_EQ(m.steps[2].contribution, 0.0);
    EXPECT_EQ(m.steps[4].from, "R");
    EXPECT_EQ(m.steps[4].to, "k");
    EXPECT_NEAR(m.steps[4].contribution, 7.0 / 36, 1e-12);
    EXPECT_EQ(m.steps[4].usersChanged, 1u);
    // u1 differs through the normaliser, u3 through the users policy.
    ASSERT_EQ(m.users.size(), 2u);
    EXPECT_EQ(m.users[0].clauses, std::vector<ProfileClause>{ProfileClause::Norm});
    EXPECT_NEAR(m.users[0].a, 1.0 / 3, 1e-12);
    EXPECT_NEAR(m.users[0].b, 13.0 / 18, 1e-12);
    EXPECT_EQ(m.users[1].clauses, std::vector<ProfileClause>{ProfileClause::Users});
    EXPECT_TRUE(std::isnan(m.users[1].b));
}

// A generated data set with graded judgments, ties, users without relevant
// items and users missing from one of two runs.
Dataset generated() {
    std::mt19937 random(7);
    std::vector<testing::Triple> qrels;
    std::vector<testing::Triple> run1, run2;
    for (int u = 0; u < 40; ++u) {
        const std::string user = "u" + std::to_string(u);
        for (int i = 0; i < 12; ++i) {
            const std::string item = "i" + std::to_string(i);
            const int grade = int(random() % 5) - 1;  // -1..3, -1: unjudged
            if (grade >= 0 && (u % 9 != 0 || grade == 0)) qrels.push_back({user, item, double(grade)});
            if (u % 7 != 3) run1.push_back({user, item, double(random() % 4)});  // coarse scores: ties
            if (u % 11 != 5 && i < 9) run2.push_back({user, item, double(random() % 100) / 10});
        }
    }
    return makeDataset(qrels, {{"coarse", run1}, {"fine", run2}});
}

TEST(ProfileExplain, ContributionsSumToTheDifferenceOfTheMeansForEveryPairOfProfiles) {
    const Dataset data = generated();
    const EvalSettings base = baseSettings("ndcg@5,ndcg@all,ap@5,ap@all,precision@5,recall@10,rr@all");
    for (const DefinitionProfile& a : builtinProfiles())
        for (const DefinitionProfile& b : builtinProfiles()) {
            RankCache cache;
            const ProfileExplanation x = explainProfiles(data, base, a, b, cache);
            // Each profile evaluated on its own gives the same means and users.
            EvalSettings sa = base, sb = base;
            applyProfile(a, sa);
            applyProfile(b, sb);
            RankCache other;
            const Evaluation ea = evaluate(data, sa, other), eb = evaluate(data, sb, other);
            for (std::size_t model = 0; model < x.models.size(); ++model)
                for (std::size_t m = 0; m < base.metrics.size(); ++m) {
                    const MetricExplanation& e = x.models[model].metrics[m];
                    const std::string where = a.name + " -> " + b.name + " " + e.metric;
                    double sum = 0;
                    for (const ClauseStep& s : e.steps) sum += s.contribution;
                    EXPECT_NEAR(sum, e.meanB - e.meanA, 1e-12) << where;
                    EXPECT_DOUBLE_EQ(e.meanA, ea.models[model].means[m]) << where;
                    EXPECT_DOUBLE_EQ(e.meanB, eb.models[model].means[m]) << where;
                    // The differing users, counted directly from the two evaluations.
                    std::size_t differing = 0;
                    for (std::size_t i = 0, j = 0; i < ea.users.size() || j < eb.users.size();) {
                        if (j == eb.users.size() || (i < ea.users.size() && ea.users[i] < eb.users[j])) {
                            ++differing, ++i;
                        } else if (i == ea.users.size() || eb.users[j] < ea.users[i]) {
                            ++differing, ++j;
                        } else {
                            differing += std::abs(ea.value(model, i, m) - eb.value(model, j, m)) > kExplainTolerance;
                            ++i, ++j;
                        }
                    }
                    EXPECT_EQ(e.users.size(), differing) << where;
                    for (const UserDifference& d : e.users) {
                        EXPECT_FALSE(d.clauses.empty()) << where;
                    }
                    if (a.name == b.name) {
                        EXPECT_TRUE(e.users.empty()) << where;
                    }
                }
        }
}

} // namespace
} // namespace ranklab

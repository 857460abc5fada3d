// The definition profiles (resources/profiles/*.tsv, docs/profiles.md):
// each pinned on a worked example where the tools are known to differ (AP's
// normaliser, NDCG's gain and ideal, which users are averaged, ties). Every
// expected number is derived by hand in the comments from the tools'
// definitions, not taken from RankLab's output.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "eval/definition_profile.h"
#include "core/eval/profile_test_data.h"

namespace ranklab {
namespace {

using testing::makeDataset;
using testing::workedExample;

// 1/log2(p + 1), the DCG discount at position p.
double disc(int p) { return 1.0 / std::log2(double(p) + 1.0); }

struct ProfileMeans {
    double ndcg, ap;
    std::size_t users;
};

ProfileMeans evaluateUnder(const std::string& profile, const Dataset& data) {
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg@3,ap@3", {});
    settings.parallelism = Parallelism(1);
    applyProfile(findProfile(profile), settings);
    RankCache cache;
    const Evaluation e = evaluate(data, settings, cache);
    return {e.models[0].means[0], e.models[0].means[1], e.users.size()};
}

// Per-user values by hand, k = 3.
// u1 ndcg: hits at 1 and 3, all grades 1, so every gain rule gives
//   dcg = 1 + 1/2, idcg = 1 + disc(2) + 1/2 (R = 5 >= 3, and the run holds 3 relevant).
double u1Ndcg() { return 1.5 / (1 + disc(2) + 0.5); }
// u1 ap: relevant at positions 1 and 3: sum of hits(p)/p = 1 + 2/3 = 5/3.
//   norm R: 5/3 / 5 = 1/3; min(R, k) = 3: 5/9; hits(3) = 2: 5/6;
//   Elliot (mean of P@1..P@3): (1 + 1/2 + 2/3) / 3 = 13/18.
// u2 ndcg (grades at positions 2 and 3 are 2 and 1; judged grades 3, 2, 1, 0):
//   lin, judged: (2 disc(2) + 1/2) / (3 + 2 disc(2) + 1/2)
//   exp, judged: (3 disc(2) + 1/2) / (7 + 3 disc(2) + 1/2)
//   bin, judged: (disc(2) + 1/2) / (1 + disc(2) + 1/2)       (min(R, k) = 3 ones)
//   lin, run:    (2 disc(2) + 1/2) / (2 + 1 disc(2))         (the run's grades: 2, 1, 0)
double u2NdcgLinJudged() { return (2 * disc(2) + 0.5) / (3 + 2 * disc(2) + 0.5); }
double u2NdcgExpJudged() { return (3 * disc(2) + 0.5) / (7 + 3 * disc(2) + 0.5); }
double u2NdcgBinJudged() { return (disc(2) + 0.5) / (1 + disc(2) + 0.5); }
double u2NdcgLinRun() { return (2 * disc(2) + 0.5) / (2 + disc(2)); }
// u2 ap: relevant at 2 and 3: 1/2 + 2/3 = 7/6. R = 3: 7/18; min(3, 3): 7/18;
//   hits(3) = 2: 7/12; Elliot: (0 + 1/2 + 2/3) / 3 = 7/18.

TEST(DefinitionProfile, TheSevenToolsAreBuiltInEachRowNamingItsSource) {
    EXPECT_EQ(profileNames(),
              (std::vector<std::string>{"elliot", "msr", "ranx", "recbole", "spark", "torchmetrics", "trec_eval"}));
    for (const DefinitionProfile& p : builtinProfiles()) {
        EXPECT_FALSE(p.description.empty()) << p.name;
        ASSERT_TRUE(p.row("ndcg")) << p.name;
        ASSERT_TRUE(p.row("ap")) << p.name;
        for (const ProfileRow& row : p.rows) EXPECT_NE(row.source.find('/'), std::string::npos) << p.name;
    }
}

TEST(DefinitionProfile, AnUnknownProfileIsRefusedListingTheNames) {
    try {
        findProfile("sklearn");
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("unknown profile \"sklearn\""), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("elliot, msr, ranx, recbole, spark, torchmetrics, trec_eval"),
                  std::string::npos)
            << e.what();
    }
}

TEST(DefinitionProfile, ABadTableNamesFileLineColumnAndWhatWasExpected) {
    const std::string header = "metric\tgain\tideal\tnorm\tcutoff\tties\tusers\tsource\tnote\n";
    try {
        parseProfile("# x\n" + header + "ndcg\tsquare\tjudged\t-\tk\ttrec\ttrec\ta/b c.c\t\n", "x", "x.tsv");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.where().file, "x.tsv");
        EXPECT_EQ(e.where().line, 3u);
        EXPECT_EQ(e.where().column, 6u);  // after "ndcg\t"
        EXPECT_NE(e.problem().find("lin"), std::string::npos) << e.problem();
    }
    // ties and users are evaluation-wide: every row must agree.
    EXPECT_THROW(parseProfile(header + "ndcg\tlin\tjudged\t-\tk\ttrec\ttrec\ta/b c\t\n" +
                                  "ap\t-\t-\tR\tk\texpected\ttrec\ta/b c\t\n",
                              "x", "x.tsv"),
                 InputError);
    // A clause the family does not have.
    EXPECT_THROW(parseProfile(header + "ap\tlin\t-\tR\tk\ttrec\ttrec\ta/b c\t\n", "x", "x.tsv"), InputError);
}

TEST(DefinitionProfile, TheIdsShowEachToolsDefinition) {
    auto ids = [](const std::string& profile) {
        EvalSettings s;
        s.metrics = expandMetrics("ndcg@10,ap@10,recall@10", {});
        applyProfile(findProfile(profile), s);
        return s.metrics[0].id() + " " + s.metrics[1].id() + " " + s.metrics[2].id() + " " +
               tiePolicyName(s.ties) + " " + usersPolicyName(s.users);
    };
    EXPECT_EQ(ids("trec_eval"), "ndcg@10 ap@10 recall@10 trec trec");
    EXPECT_EQ(ids("ranx"), "ndcg@10 ap@10 recall@10 expected all");
    EXPECT_EQ(ids("recbole"), "ndcg(gain=bin)@10 ap(norm=min)@10 recall@10 expected relevant");
    EXPECT_EQ(ids("elliot"), "ndcg(gain=exp)@10 ap(norm=k)@10 recall@10 expected ranked");
    EXPECT_EQ(ids("torchmetrics"), "ndcg(ideal=run)@10 ap(norm=hits)@10 recall@10 expected trec");
    EXPECT_EQ(ids("spark"), "ndcg(gain=bin)@10 ap(norm=min)@10 recall@10 input trec");
    EXPECT_EQ(ids("msr"), "ndcg(gain=bin)@10 ap(norm=min)@10 recall@10 input trec");
}

TEST(DefinitionProfile, AParameterTheUserWroteWinsOverTheProfileAndIsNamed) {
    EvalSettings s;
    // lin and R are RankLab's defaults, written anyway: still the user's.
    s.metrics = expandMetrics("ndcg(gain=lin)@10,ap(norm=R)@10,ndcg(ideal=run)@5,ap@5", {});
    const std::vector<MetricSpec> written = s.metrics;
    applyProfile(findProfile("recbole"), s);
    EXPECT_EQ(s.metrics[0].choice("gain"), "lin");  // recbole's is bin
    EXPECT_EQ(s.metrics[1].choice("norm"), "R");    // recbole's is min
    EXPECT_EQ(s.metrics[2].choice("gain"), "bin");  // not written: the profile's
    EXPECT_EQ(s.metrics[2].choice("ideal"), "run");
    EXPECT_EQ(s.metrics[3].choice("norm"), "min");
    const std::vector<std::string> kept = profileKept(findProfile("recbole"), written);
    ASSERT_EQ(kept.size(), 3u);
    EXPECT_EQ(kept[0], "ndcg@10: gain=lin as written (the recbole profile's gain is bin)");
    EXPECT_EQ(kept[1], "ap@10: norm=R as written (the recbole profile's norm is min)");
    EXPECT_EQ(kept[2], "ndcg(ideal=run)@5: ideal=run as written (the recbole profile's ideal is judged)");
    // Written and equal to the profile's: nothing to say.
    EXPECT_TRUE(profileKept(findProfile("recbole"), expandMetrics("ndcg(gain=bin)@10", {})).empty());
    // The identity of a spec does not depend on how it was written.
    EXPECT_EQ(MetricSpec::parse("ndcg(gain=lin)@10"), MetricSpec::parse("ndcg@10"));
    EXPECT_EQ(MetricSpec::parse("ndcg(gain=lin)@10").id(), "ndcg@10");
}

TEST(DefinitionProfile, TrecEvalAveragesTheRunsTopicsWithLinearGainAndApOverR) {
    // Users in the run and the qrels: u1, u2, u3 (u3 scores 0; u4 is not in the run).
    const ProfileMeans m = evaluateUnder("trec_eval", workedExample());
    EXPECT_EQ(m.users, 3u);
    EXPECT_NEAR(m.ndcg, (u1Ndcg() + u2NdcgLinJudged()) / 3, 1e-12);
    EXPECT_NEAR(m.ap, (1.0 / 3 + 7.0 / 18) / 3, 1e-12);
}

TEST(DefinitionProfile, RanxAveragesEveryQrelsQuery) {
    // Every query of the qrels: u1..u4; u3 and u4 score 0. Jarvelin gain, AP over R.
    const ProfileMeans m = evaluateUnder("ranx", workedExample());
    EXPECT_EQ(m.users, 4u);
    EXPECT_NEAR(m.ndcg, (u1Ndcg() + u2NdcgLinJudged()) / 4, 1e-12);
    EXPECT_NEAR(m.ap, (1.0 / 3 + 7.0 / 18) / 4, 1e-12);
}

TEST(DefinitionProfile, RecBoleUsesBinaryGainApOverMinRkAndTheUsersWithPositives) {
    // Users with a positive item: u1, u2, u4 (u4 missing from the run scores 0).
    const ProfileMeans m = evaluateUnder("recbole", workedExample());
    EXPECT_EQ(m.users, 3u);
    EXPECT_NEAR(m.ndcg, (u1Ndcg() + u2NdcgBinJudged()) / 3, 1e-12);
    EXPECT_NEAR(m.ap, (5.0 / 9 + 7.0 / 18) / 3, 1e-12);
}

TEST(DefinitionProfile, ElliotUsesExponentialGainTheMeanOfPrecisionsAndRecommendedUsersWithPositives) {
    // Users in the run with a relevant item: u1, u2.
    const ProfileMeans m = evaluateUnder("elliot", workedExample());
    EXPECT_EQ(m.users, 2u);
    EXPECT_NEAR(m.ndcg, (u1Ndcg() + u2NdcgExpJudged()) / 2, 1e-12);
    EXPECT_NEAR(m.ap, (13.0 / 18 + 7.0 / 18) / 2, 1e-12);
}

TEST(DefinitionProfile, TorchMetricsTakesTheIdealFromTheRunAndApOverTheRetrievedRelevant) {
    // Every query in the run: u1, u2, u3 (no positive target: 0).
    const ProfileMeans m = evaluateUnder("torchmetrics", workedExample());
    EXPECT_EQ(m.users, 3u);
    EXPECT_NEAR(m.ndcg, (u1Ndcg() + u2NdcgLinRun()) / 3, 1e-12);
    EXPECT_NEAR(m.ap, (5.0 / 6 + 7.0 / 12) / 3, 1e-12);
}

TEST(DefinitionProfile, SparkAndMsRecommendersUseBinaryGainAndApOverMinRk) {
    for (const char* profile : {"spark", "msr"}) {
        const ProfileMeans m = evaluateUnder(profile, workedExample());
        EXPECT_EQ(m.users, 3u) << profile;
        EXPECT_NEAR(m.ndcg, (u1Ndcg() + u2NdcgBinJudged()) / 3, 1e-12) << profile;
        EXPECT_NEAR(m.ap, (5.0 / 9 + 7.0 / 18) / 3, 1e-12) << profile;
    }
}

TEST(DefinitionProfile, TiesFollowEachToolsOrder) {
    // One user, items "a" (relevant) then "b" in the file, equal scores.
    // trec_eval: docno descending puts b first: rr = 1/2. Spark and MS
    // Recommenders keep the input order: a first, rr = 1. Unspecified orders
    // (ranx, RecBole, Elliot, TorchMetrics): the expectation (1 + 1/2) / 2 = 3/4.
    const Dataset data = makeDataset({{"u", "a", 1}}, {{"m", {{"u", "a", 1}, {"u", "b", 1}}}});
    auto rr = [&](const std::string& profile) {
        EvalSettings s;
        s.metrics = expandMetrics("rr@all", {});
        s.parallelism = Parallelism(1);
        applyProfile(findProfile(profile), s);
        RankCache cache;
        return evaluate(data, s, cache).models[0].means[0];
    };
    EXPECT_DOUBLE_EQ(rr("trec_eval"), 0.5);
    EXPECT_DOUBLE_EQ(rr("spark"), 1.0);
    EXPECT_DOUBLE_EQ(rr("msr"), 1.0);
    for (const char* p : {"ranx", "recbole", "elliot", "torchmetrics"}) EXPECT_DOUBLE_EQ(rr(p), 0.75) << p;
}

} // namespace
} // namespace ranklab

// computeCurves(): the mean at every k against evaluate() at that cutoff (an
// independent path: explicit cutoffs, one evaluation), hand-computed curves
// on docs/metrics.md's worked examples 1 and 2, bands against the stats core on
// the same per-user column, K, threads, progress and cancel.
#include <cmath>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_data_sets.h"
#include "core/engine_test_support.h"
#include "eval/metric_curve.h"
#include "stats/keyed_bootstrap.h"
#include "io/dataset_loader.h"
#include "stats/bootstrap.h"
#include "stats/mean_ci.h"
#include "common/random.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

CurveOptions noBands(std::uint32_t kmax = 0) {
    CurveOptions o;
    o.bands = false;
    o.kmax = kmax;
    return o;
}

// Worked example 1's ranking [4, 6, 2, 3, 1, 8, 10, 9, 5, 7] for user `u`.
std::vector<Triple> exampleRanking(const std::string& u) {
    const int order[] = {4, 6, 2, 3, 1, 8, 10, 9, 5, 7};
    std::vector<Triple> run;
    for (int p = 0; p < 10; ++p) run.emplace_back(u, std::to_string(order[p]), 10.0 - p);
    return run;
}

// Users "u" (relevant {1, 6, 9}: positions 2, 5, 8; example 1) and "v"
// (relevant {2}: position 3; example 2), both ranked as in example 1.
Dataset twoUserExample() {
    std::vector<Triple> run = exampleRanking("u");
    for (const Triple& t : exampleRanking("v")) run.push_back(t);
    return makeDataset({{"u", "1", 1}, {"u", "6", 1}, {"u", "9", 1}, {"v", "2", 1}}, {{"m", run}});
}

// `users` users with 20 scored items each; every item is relevant with
// probability 0.3 and scores are uniform, from a fixed seed.
Dataset syntheticDataset(std::size_t users, std::uint64_t seed, std::size_t models = 1) {
    synth::Rng rng(seed);
    std::vector<Triple> qrels;
    std::vector<std::pair<std::string, std::vector<Triple>>> runs(models);
    for (std::size_t m = 0; m < models; ++m) runs[m].first = std::string("m").append(std::to_string(m));
    for (std::size_t u = 0; u < users; ++u) {
        const std::string user = std::string("u").append(std::to_string(u));
        for (int i = 0; i < 20; ++i) {
            const std::string item = std::string("i").append(std::to_string(i));
            if (rng.next() % 10 < 3) qrels.emplace_back(user, item, 1.0);
            for (auto& run : runs) run.second.emplace_back(user, item, double(rng.next() % 1000));
        }
    }
    return makeDataset(qrels, runs);
}

std::vector<std::uint32_t> oneTo(std::uint32_t k) {
    std::vector<std::uint32_t> out(k);
    for (std::uint32_t i = 0; i < k; ++i) out[i] = i + 1;
    return out;
}

// Per-user values of one metric id from evaluate(), in row order.
std::vector<double> column(const Evaluation& eval, std::size_t model, const std::string& id) {
    const std::size_t c = eval.metricIndex(id);
    EXPECT_NE(c, std::size_t(-1)) << id;
    std::vector<double> out;
    for (std::size_t row = 0; row < eval.users.size(); ++row) out.push_back(eval.value(model, row, c));
    return out;
}

const char* kFamilies = "hits,hr,precision,recall,f1,rr,ap,ap(norm=min),dcg,ndcg,ndcg(gain=exp)";

} // namespace

TEST(CurveTest, MeanAtEachKEqualsEvaluationAtThatCutoff) {
    for (const char* set : {"01_binary_basic", "03_ties_heavy", "04_all_tied", "05_zero_relevant"}) {
        const Dataset data = loadEngineSet(set);
        for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Pessimistic}) {
            for (UsersPolicy users : {UsersPolicy::Relevant, UsersPolicy::All}) {
                SCOPED_TRACE(std::string(set) + " ties " + tiePolicyName(ties) + " users " + usersPolicyName(users));
                RankCache cache;
                const auto families = parseCurveMetrics(kFamilies);
                const CurveResult curves =
                    computeCurves(data, families, settingsFor(ties, users), noBands(), cache);
                ASSERT_GT(curves.kmax, 0u);
                EvalSettings settings = settingsFor(ties, users);
                settings.metrics = expandMetrics(kFamilies, oneTo(curves.kmax));
                RankCache fresh;
                const Evaluation eval = evaluate(data, settings, fresh);
                EXPECT_EQ(curves.counts.evaluated, eval.counts.evaluated);
                for (std::size_t f = 0; f < families.size(); ++f) {
                    const MetricCurve& c = curves.curve(0, f);
                    ASSERT_EQ(c.mean.size(), curves.kmax);
                    EXPECT_TRUE(c.bootLo.empty() && c.tLo.empty());
                    for (std::uint32_t k = 1; k <= curves.kmax; ++k) {
                        MetricSpec spec = families[f];
                        spec.cutoff = k;
                        const std::size_t col = eval.metricIndex(spec.id());
                        ASSERT_NE(col, std::size_t(-1)) << spec.id();
                        EXPECT_NEAR(c.mean[k - 1], eval.models[0].means[col], 1e-12) << spec.id();
                    }
                }
            }
        }
    }
}

TEST(CurveTest, KIsTheLongestRankedListOfTheAveragedUsers) {
    // Counted from the files: run lines per user, over users with a grade >= 1.
    for (const char* set : {"01_binary_basic", "03_ties_heavy"}) {
        std::set<std::string> relevantUsers;
        std::ifstream qrels(engineDir(set) + "qrels.txt");
        for (std::string u, zero, item, grade; qrels >> u >> zero >> item >> grade;)
            if (std::stod(grade) >= 1) relevantUsers.insert(u);
        std::map<std::string, std::uint32_t> lines;
        std::ifstream run(engineDir(set) + "run.txt");
        for (std::string line; std::getline(run, line);) {
            std::istringstream fields(line);
            std::string u;
            fields >> u;
            if (relevantUsers.count(u)) ++lines[u];
        }
        std::uint32_t longest = 0;
        for (const auto& [u, n] : lines) longest = std::max(longest, n);

        const Dataset data = loadEngineSet(set);
        RankCache cache;
        const auto ndcg = parseCurveMetrics("ndcg");
        const auto settings = settingsFor(TiePolicy::Expected, UsersPolicy::Relevant);
        EXPECT_EQ(computeCurves(data, ndcg, settings, noBands(), cache).kmax, longest) << set;
        EXPECT_EQ(computeCurves(data, ndcg, settings, noBands(7), cache).kmax, 7u) << set;
        const CurveResult capped = computeCurves(data, ndcg, settings, noBands(longest + 50), cache);
        EXPECT_EQ(capped.kmax, longest) << set;
        EXPECT_EQ(capped.curve(0, 0).mean.size(), longest) << set;
    }
}

TEST(CurveTest, TwoUserWorkedExamplesByHand) {
    const Dataset data = twoUserExample();
    RankCache cache;
    const auto families = parseCurveMetrics("recall,rr,precision,ndcg");
    const CurveResult r =
        computeCurves(data, families, settingsFor(TiePolicy::Expected, UsersPolicy::Relevant), noBands(), cache);
    ASSERT_EQ(r.kmax, 10u);
    ASSERT_EQ(r.counts.evaluated, 2u);
    // recall: u hits positions 2, 5, 8 of R = 3; v position 3 of R = 1.
    const double recall[] = {0, 1.0 / 6, 2.0 / 3, 2.0 / 3, 5.0 / 6, 5.0 / 6, 5.0 / 6, 1, 1, 1};
    // rr: u 1/2 from k = 2; v 1/3 from k = 3.
    const double rr[] = {0, 0.25, 5.0 / 12, 5.0 / 12, 5.0 / 12, 5.0 / 12, 5.0 / 12, 5.0 / 12, 5.0 / 12, 5.0 / 12};
    // precision: (hits_u(k) + hits_v(k)) / (2k).
    const double hitsU[] = {0, 1, 1, 1, 2, 2, 2, 3, 3, 3}, hitsV[] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    for (std::size_t i = 0; i < 10; ++i) {
        EXPECT_NEAR(r.curve(0, 0).mean[i], recall[i], 1e-12) << "k " << i + 1;
        EXPECT_NEAR(r.curve(0, 1).mean[i], rr[i], 1e-12) << "k " << i + 1;
        EXPECT_NEAR(r.curve(0, 2).mean[i], (hitsU[i] + hitsV[i]) / (2.0 * double(i + 1)), 1e-12) << "k " << i + 1;
    }
    // ndcg@5: example 1 gives 0.4776237, example 2 gives 1/log2(4) = 0.5.
    EXPECT_NEAR(r.curve(0, 3).mean[4], (0.4776237 + 0.5) / 2, 1e-7);
}

TEST(CurveTest, TwoUserBandsByHand) {
    const Dataset data = twoUserExample();
    RankCache cache;
    CurveOptions options;  // 95%, 10,000 resamples
    const CurveResult r = computeCurves(data, parseCurveMetrics("recall"),
                                        settingsFor(TiePolicy::Expected, UsersPolicy::Relevant), options, cache);
    const MetricCurve& c = r.curve(0, 0);
    // recall@5: u 2/3, v 1. Mean 5/6, s = (1/3)/sqrt(2), s/sqrt(2) = 1/6;
    // t_{0.975, 1} = 12.706204736174698 (scipy.stats.t.ppf(0.975, 1)).
    EXPECT_NEAR(c.tLo[4], 5.0 / 6 - 12.706204736174698 / 6, 1e-9);
    EXPECT_NEAR(c.tHi[4], 5.0 / 6 + 12.706204736174698 / 6, 1e-9);
    // A resample of two users is {u, u} (mean 2/3) or {v, v} (mean 1) with
    // probability 1/4 each: far more than 2.5%, so the 95% percentile
    // interval is [2/3, 1] exactly.
    EXPECT_DOUBLE_EQ(c.bootLo[4], 2.0 / 3);
    EXPECT_DOUBLE_EQ(c.bootHi[4], 1.0);
    // k = 1: both users 0, so every interval is the point 0 (t: s = 0).
    EXPECT_EQ(c.bootLo[0], 0.0);
    EXPECT_EQ(c.bootHi[0], 0.0);
    EXPECT_EQ(c.tLo[0], 0.0);
    EXPECT_EQ(c.tHi[0], 0.0);
}

TEST(CurveTest, TBandsAloneSkipTheBootstrap) {
    const Dataset data = twoUserExample();
    RankCache cache;
    CurveOptions options;
    options.bootstrap = false;
    options.resamples = 0;  // not needed without the bootstrap
    const CurveResult r = computeCurves(data, parseCurveMetrics("recall"),
                                        settingsFor(TiePolicy::Expected, UsersPolicy::Relevant), options, cache);
    const MetricCurve& c = r.curve(0, 0);
    EXPECT_TRUE(c.bootLo.empty());
    EXPECT_TRUE(c.bootHi.empty());
    // The same t band as TwoUserBandsByHand's.
    EXPECT_NEAR(c.tLo[4], 5.0 / 6 - 12.706204736174698 / 6, 1e-9);
    EXPECT_NEAR(c.tHi[4], 5.0 / 6 + 12.706204736174698 / 6, 1e-9);
}

TEST(CurveTest, BandsEqualTheStatsCoreOnTheSameColumn) {
    const Dataset data = loadEngineSet("03_ties_heavy");
    CurveOptions options;
    options.level = 0.9;
    options.resamples = 2000;
    options.seed = 7;
    const auto settings = settingsFor(TiePolicy::Expected, UsersPolicy::Relevant);
    RankCache cache;
    const CurveResult r = computeCurves(data, parseCurveMetrics("ndcg"), settings, options, cache);
    EvalSettings evalSettings = settings;
    evalSettings.metrics = expandMetrics("ndcg", oneTo(r.kmax));
    const Evaluation eval = evaluate(data, evalSettings, cache);
    stats::ResamplingOptions resampling;
    resampling.resamples = 2000;
    resampling.seed = 7;
    for (std::uint32_t k = 1; k <= r.kmax; ++k) {
        const std::vector<double> x = column(eval, 0, std::string("ndcg@").append(std::to_string(k)));
        const std::span<const double> xs(x);
        const stats::BootstrapInterval b =
            stats::keyedBootstrapIntervals(eval.keysOfRows(), std::span<const std::span<const double>>(&xs, 1), 0.9,
                                           resampling)
                .front();
        const stats::TInterval t = stats::tInterval(stats::moments(x), 0.9);
        EXPECT_DOUBLE_EQ(r.curve(0, 0).bootLo[k - 1], b.lo) << k;
        EXPECT_DOUBLE_EQ(r.curve(0, 0).bootHi[k - 1], b.hi) << k;
        EXPECT_DOUBLE_EQ(r.curve(0, 0).tLo[k - 1], t.lo) << k;
        EXPECT_DOUBLE_EQ(r.curve(0, 0).tHi[k - 1], t.hi) << k;
    }
}

TEST(CurveTest, BandsContainTheMeanAndNarrowWithMoreUsers) {
    CurveOptions options;
    options.resamples = 1000;
    auto widths = [&](std::size_t users) {
        const Dataset data = syntheticDataset(users, 11);
        RankCache cache;
        const CurveResult r = computeCurves(data, parseCurveMetrics("ndcg,recall"),
                                            settingsFor(TiePolicy::Expected, UsersPolicy::Relevant, 2), options,
                                            cache);
        std::vector<double> out;
        for (const MetricCurve& c : r.curves) {
            for (std::size_t i = 0; i < c.mean.size(); ++i) {
                EXPECT_LE(c.bootLo[i], c.mean[i]);
                EXPECT_GE(c.bootHi[i], c.mean[i]);
                EXPECT_LE(c.tLo[i], c.mean[i]);
                EXPECT_GE(c.tHi[i], c.mean[i]);
                out.push_back(c.bootHi[i] - c.bootLo[i]);
            }
        }
        return out;
    };
    // 16 times the users: the width of a mean's interval shrinks like 1/sqrt(n), to about a quarter.
    const auto few = widths(40), many = widths(640);
    ASSERT_EQ(few.size(), many.size());
    for (std::size_t i = 0; i < few.size(); ++i) {
        if (i == few.size() - 1) {
            // recall@20 over lists of all 20 items is 1 for every user: a point interval.
            EXPECT_EQ(few[i], 0.0);
            EXPECT_EQ(many[i], 0.0);
            continue;
        }
        EXPECT_GT(few[i], 0.0) << i;
        EXPECT_LT(many[i], 0.5 * few[i]) << i;
    }
}

TEST(CurveTest, SameNumbersForAnyThreadCount) {
    const Dataset data = syntheticDataset(3000, 5, 2);
    CurveOptions options;
    options.resamples = 300;
    auto compute = [&](int threads) {
        RankCache cache;
        return computeCurves(data, parseCurveMetrics("ndcg,ap"),
                             settingsFor(TiePolicy::Expected, UsersPolicy::Relevant, threads), options, cache);
    };
    const CurveResult one = compute(1), two = compute(2), four = compute(4);
    ASSERT_EQ(one.curves.size(), 4u);
    for (const CurveResult* other : {&two, &four}) {
        for (std::size_t i = 0; i < one.curves.size(); ++i) {
            EXPECT_EQ(one.curves[i].mean, other->curves[i].mean);
            EXPECT_EQ(one.curves[i].bootLo, other->curves[i].bootLo);
            EXPECT_EQ(one.curves[i].bootHi, other->curves[i].bootHi);
            EXPECT_EQ(one.curves[i].tLo, other->curves[i].tLo);
        }
    }
}

TEST(CurveTest, CurvesAreModelMajorAndNamed) {
    const Dataset data = syntheticDataset(50, 3, 2);
    RankCache cache;
    const CurveResult r = computeCurves(data, parseCurveMetrics("ndcg(gain=exp),recall"),
                                        settingsFor(TiePolicy::Expected, UsersPolicy::Relevant), noBands(), cache);
    ASSERT_EQ(r.curves.size(), 4u);
    EXPECT_EQ(r.curve(0, 0).model, "m0");
    EXPECT_EQ(r.curve(0, 0).metric, "ndcg(gain=exp)");
    EXPECT_EQ(r.curve(0, 1).metric, "recall");
    EXPECT_EQ(r.curve(1, 1).model, "m1");
    EXPECT_EQ(r.curve(1, 1).metric, "recall");
}

TEST(CurveTest, ProgressEndsAtOneAndCancelStops) {
    const Dataset data = syntheticDataset(500, 9);
    CurveOptions options;
    options.resamples = 500;
    const auto settings = settingsFor(TiePolicy::Expected, UsersPolicy::Relevant, 2);
    std::vector<double> reports;
    std::mutex mutex;
    Progress progress([&](double f) {
        std::lock_guard lock(mutex);
        reports.push_back(f);
    });
    RankCache cache;
    computeCurves(data, parseCurveMetrics("ndcg"), settings, options, cache, &progress);
    ASSERT_FALSE(reports.empty());
    EXPECT_DOUBLE_EQ(reports.back(), 1.0);
    for (double f : reports) EXPECT_TRUE(f >= 0.0 && f <= 1.0) << f;

    Progress cancelled;
    cancelled.cancel();
    EXPECT_THROW(computeCurves(data, parseCurveMetrics("ndcg"), settings, options, cache, &cancelled), Cancelled);

    // Cancelled halfway, from the progress callback.
    Progress* self = nullptr;
    Progress halfway([&](double f) {
        if (f > 0.5) self->cancel();
    });
    self = &halfway;
    RankCache fresh;
    EXPECT_THROW(computeCurves(data, parseCurveMetrics("ndcg,recall"), settings, options, fresh, &halfway),
                 Cancelled);
}

TEST(CurveTest, FamiliesWithoutCutoffOrWithOneAreRejected) {
    EXPECT_THROW(parseCurveMetrics("ndcg@10"), Error);
    EXPECT_THROW(parseCurveMetrics("rprec"), Error);
    EXPECT_THROW(parseCurveMetrics("num_ret"), Error);
    EXPECT_THROW(parseCurveMetrics("nope"), Error);
    EXPECT_THROW(parseCurveMetrics(""), Error);
    try {
        parseCurveMetrics("recall@20");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("without @k"), std::string::npos) << e.what();
    }
    const auto specs = parseCurveMetrics("ndcg, recall ,ndcg,ndcg(gain=exp),success");
    ASSERT_EQ(specs.size(), 4u);
    EXPECT_EQ(specs[0].familyKey(), "ndcg");
    EXPECT_EQ(specs[1].familyKey(), "recall");
    EXPECT_EQ(specs[2].familyKey(), "ndcg(gain=exp)");
    EXPECT_EQ(specs[3].familyKey(), "hr");
}

TEST(CurveTest, BadLevelOrNoResamplesIsAnError) {
    const Dataset data = twoUserExample();
    RankCache cache;
    const auto settings = settingsFor(TiePolicy::Expected, UsersPolicy::Relevant);
    CurveOptions options;
    options.level = 1.0;
    EXPECT_THROW(computeCurves(data, parseCurveMetrics("ndcg"), settings, options, cache), Error);
    options.level = 0.95;
    options.resamples = 0;
    EXPECT_THROW(computeCurves(data, parseCurveMetrics("ndcg"), settings, options, cache), Error);
    options.bands = false;  // no resamples needed without bands
    EXPECT_NO_THROW(computeCurves(data, parseCurveMetrics("ndcg"), settings, options, cache));
}

TEST(CurveTest, NoAveragedUserGivesEmptyCurves) {
    const Dataset data = makeDataset({{"u", "a", 0}}, {{"m", {{"u", "a", 1.0}}}});
    RankCache cache;
    const CurveResult r = computeCurves(data, parseCurveMetrics("ndcg"),
                                        settingsFor(TiePolicy::Expected, UsersPolicy::Relevant), CurveOptions{}, cache);
    EXPECT_EQ(r.counts.evaluated, 0u);
    EXPECT_EQ(r.kmax, 0u);
    ASSERT_EQ(r.curves.size(), 1u);
    EXPECT_TRUE(r.curve(0, 0).mean.empty());
}

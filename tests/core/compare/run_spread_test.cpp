// Repeated runs of a model (seeds or folds): the loader groups the runs
// given one explicit name, averageRuns averages their per-user values, the
// spread between runs is the mean and SD of the run means, and the two-level
// bootstrap (users, then runs) equals an explicit loop over the documented
// draws written here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "eval/run_groups.h"
#include "io/dataset_loader.h"
#include "metrics/metric_spec.h"
#include "stats/bootstrap.h"
#include "stats/resampled_means.h"
#include "compare/run_spread.h"
#include "stats/keyed_bootstrap.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

std::string data(const std::string& name) { return std::string(RANKLAB_TEST_DATA) + "/compare/" + name; }

// tests/data/compare: 30 users; model "x" runs strong and middle, "y" runs
// weak and middle and weak again, "z" runs middle alone.
Dataset studyData() {
    DatasetSources sources;
    sources.judgments = data("qrels.txt");
    sources.runs = {{"x", data("strong.trec"), {}},
                    {"y", data("weak.trec"), {}},
                    {"x", data("middle.trec"), {}},
                    {"y", data("middle.trec"), {}},
                    {"z", data("middle.trec"), {}},
                    {"y", data("weak.trec"), {}}};
    return loadDataset(sources, ReadOptions{});
}

EvalSettings settings() {
    EvalSettings s;
    s.metrics = expandMetrics("ndcg,ap,precision,coverage", {5, 10});
    return s;
}

// An evaluation made here: `perRun[r]` is run r's per-user values of one
// per-user metric (ndcg@10).
Evaluation handEvaluation(const std::vector<std::vector<double>>& perRun) {
    Evaluation e;
    e.settings.metrics = expandMetrics("ndcg", {10});
    for (std::size_t u = 0; u < perRun.front().size(); ++u) e.users.push_back(static_cast<UserId>(u));
    for (std::size_t r = 0; r < perRun.size(); ++r) {
        ModelValues v;
        v.name = "run " + std::to_string(r);
        v.perUser = perRun[r];
        double sum = 0;
        for (double x : perRun[r]) sum += x;
        v.means = {sum / static_cast<double>(perRun[r].size())};
        e.models.push_back(std::move(v));
    }
    return e;
}

// numpy.percentile(x, 100·q), 'linear'.
double percentile(std::vector<double> x, double q) {
    std::sort(x.begin(), x.end());
    const double at = q * static_cast<double>(x.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(at));
    const std::size_t hi = std::min(lo + 1, x.size() - 1);
    return x[lo] + (at - static_cast<double>(lo)) * (x[hi] - x[lo]);
}

} // namespace

TEST(RepeatedRunsTest, AnExplicitNameGivenToSeveralRunsMakesOneModel) {
    const Dataset d = studyData();
    ASSERT_EQ(d.models.size(), 6u);
    const std::vector<std::string> names = {"x (run 1)", "y (run 1)", "x (run 2)", "y (run 2)", "z", "y (run 3)"};
    const std::vector<std::string> models = {"x", "y", "x", "y", "", "y"};
    for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(d.models[i].name, names[i]);
        EXPECT_EQ(d.models[i].model, models[i]);
    }
    const std::vector<RunGroup> groups = runGroups(d);
    ASSERT_EQ(groups.size(), 3u);
    EXPECT_EQ(groups[0].model, "x");
    EXPECT_EQ(groups[0].runs, (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(groups[1].model, "y");
    EXPECT_EQ(groups[1].runs, (std::vector<std::size_t>{1, 3, 5}));
    EXPECT_EQ(groups[2].model, "z");
    EXPECT_EQ(groups[2].runs, (std::vector<std::size_t>{4}));
    EXPECT_TRUE(hasRepeatedRuns(groups));
}

TEST(RepeatedRunsTest, NamesNotGivenStayModelsOfTheirOwn) {
    DatasetSources sources;
    sources.judgments = data("qrels.txt");
    sources.runs = {{"", data("strong.trec"), {}}, {"", data("strong.trec"), {}}, {"solo", data("weak.trec"), {}}};
    const Dataset d = loadDataset(sources, ReadOptions{});
    for (const ModelRun& m : d.models) EXPECT_EQ(m.model, "");
    EXPECT_NE(d.models[0].name, d.models[1].name);  // the tag, then "tag (2)"
    EXPECT_EQ(d.models[2].name, "solo");
    EXPECT_FALSE(hasRepeatedRuns(runGroups(d)));
}

TEST(RepeatedRunsTest, DerivingKeepsAModelsRunsTogetherUntilOneIsLeft) {
    const Dataset d = studyData();
    std::vector<DerivedModel> kept;
    for (std::size_t i : {0u, 2u, 1u}) kept.push_back({i, {}, {}});
    const Dataset two = deriveDataset(d, kept, ReadOptions{});
    EXPECT_EQ(two.models[0].model, "x");
    EXPECT_EQ(two.models[1].model, "x");
    EXPECT_EQ(two.models[1].name, "x (run 2)");
    EXPECT_EQ(two.models[2].model, "");  // y's only run left: a model of its own
    EXPECT_EQ(two.models[2].name, "y");
}

TEST(RepeatedRunsTest, AModelsPerUserValuesAreTheMeanOfItsRuns) {
    const Dataset d = studyData();
    RankCache cache;
    const Evaluation runs = evaluate(d, settings(), cache);
    const std::vector<RunGroup> groups = runGroups(d);
    const Evaluation models = averageRuns(runs, groups);
    ASSERT_EQ(models.models.size(), 3u);
    EXPECT_EQ(models.models[1].name, "y");
    EXPECT_EQ(models.users, runs.users);
    for (std::size_t m = 0; m < 3; ++m) {
        for (std::size_t c = 0; c < runs.metricCount(); ++c) {
            if (runs.isSetLevel(c)) {
                double sum = 0;
                for (std::size_t r : groups[m].runs) sum += runs.models[r].means[c];
                EXPECT_NEAR(models.models[m].means[c], sum / double(groups[m].runs.size()), 1e-15);
                continue;
            }
            double total = 0;
            for (std::size_t u = 0; u < runs.users.size(); ++u) {
                double sum = 0;
                for (std::size_t r : groups[m].runs) sum += runs.value(r, u, c);
                EXPECT_NEAR(models.value(m, u, c), sum / double(groups[m].runs.size()), 1e-15);
                total += models.value(m, u, c);
            }
            EXPECT_NEAR(models.models[m].means[c], total / double(runs.users.size()), 1e-14);
        }
    }
    // A model with one run is that run, bit for bit (set-level cells are NaN in both).
    ASSERT_EQ(models.models[2].perUser.size(), runs.models[4].perUser.size());
    EXPECT_EQ(std::memcmp(models.models[2].perUser.data(), runs.models[4].perUser.data(),
                          runs.models[4].perUser.size() * sizeof(double)),
              0);
}

TEST(RepeatedRunsTest, TheSpreadIsTheMeanAndSdOfTheRunMeans) {
    const Dataset d = studyData();
    RankCache cache;
    const Evaluation runs = evaluate(d, settings(), cache);
    const std::vector<RunSpread> spreads = runSpreads(runs, runGroups(d));
    ASSERT_EQ(spreads.size(), 3u);
    const RunSpread& y = spreads[1];
    EXPECT_EQ(y.runs, (std::vector<std::string>{"y (run 1)", "y (run 2)", "y (run 3)"}));
    for (std::size_t c = 0; c < runs.metricCount(); ++c) {
        const double a = runs.models[1].means[c], b = runs.models[3].means[c], e = runs.models[5].means[c];
        const double mean = (a + b + e) / 3;
        EXPECT_DOUBLE_EQ(y.means[2][c], e);
        EXPECT_NEAR(y.mean[c], mean, 1e-15);
        const double sd = std::sqrt(((a - mean) * (a - mean) + (b - mean) * (b - mean) + (e - mean) * (e - mean)) / 2);
        EXPECT_NEAR(y.sd[c], sd, 1e-15);
        EXPECT_TRUE(std::isnan(spreads[2].sd[c]));  // one run: no spread
        EXPECT_DOUBLE_EQ(spreads[2].mean[c], runs.models[4].means[c]);
    }
    // weak.trec twice in y: the spread is not zero (middle differs from it).
    EXPECT_GT(y.sd[runs.metricIndex("ndcg@10")], 0.0);
}

TEST(TwoLevelBootstrapTest, EqualsAnExplicitLoopOverUsersThenRuns) {
    std::mt19937_64 g(7);
    const std::size_t n = 37, B = 300;
    std::vector<std::vector<double>> values(5, std::vector<double>(n));
    for (auto& run : values)
        for (auto& v : run) v = (g() % 4 == 0) ? 0.0 : double(g() % 1000) / 1000.0;
    const Evaluation runs = handEvaluation(values);
    // Model 0: runs 0, 3, 4; model 1: run 1 alone; model 2: run 2 and 0.
    const std::vector<RunGroup> groups = {{"a", {0, 3, 4}}, {"b", {1}}, {"c", {2, 0}}};
    ResamplingOptions o;
    o.resamples = B;
    o.seed = 11;
    const TwoLevelBootstrap t = twoLevelBootstrap(runs, groups, {0}, {{0, 1}, {2, 0}}, 0.9, o);

    // The loop: users drawn as the keyed bootstrap draws them (each user's
    // count in resample b: the keyed sums of the users' indicator columns),
    // then each model's runs.
    std::vector<std::vector<double>> indicator(n, std::vector<double>(n, 0.0));
    for (std::size_t u = 0; u < n; ++u) indicator[u][u] = 1.0;
    const std::vector<std::span<const double>> indicatorColumns(indicator.begin(), indicator.end());
    const ResampledMeans counts = keyedResampleMeans(runs.keysOfRows(), indicatorColumns, o);
    std::vector<std::vector<double>> stat(3, std::vector<double>(B));
    for (std::size_t b = 0; b < B; ++b) {
        std::vector<double> count(n, 0.0);
        for (std::size_t u = 0; u < n; ++u) count[u] = std::round(counts.column(u)[b] * double(n));
        synth::Rng runRng = resampleRng(11, ResamplePurpose::Runs, b);
        for (std::size_t m = 0; m < 3; ++m) {
            const std::size_t R = groups[m].runs.size();
            std::vector<std::size_t> drawn(R, 0);
            if (R > 1) {
                IndexDraws draws(runRng, static_cast<std::uint32_t>(R));
                for (auto& d : drawn) d = draws.next();
            }
            double sum = 0;
            for (std::size_t d : drawn) {
                double weighted = 0;
                for (std::size_t u = 0; u < n; ++u) weighted += count[u] * values[groups[m].runs[d]][u];
                sum += weighted / double(n);
            }
            stat[m][b] = sum / double(R);
        }
    }
    ASSERT_EQ(t.metrics, (std::vector<std::size_t>{0}));
    for (std::size_t m = 0; m < 3; ++m) {
        EXPECT_NEAR(t.means[m][0].lo, percentile(stat[m], 0.05), 1e-12) << m;
        EXPECT_NEAR(t.means[m][0].hi, percentile(stat[m], 0.95), 1e-12) << m;
        EXPECT_EQ(t.means[m][0].resamples, B);
    }
    ASSERT_EQ(t.pairs.size(), 2u);
    std::vector<double> d01(B), d20(B);
    for (std::size_t b = 0; b < B; ++b) {
        d01[b] = stat[0][b] - stat[1][b];
        d20[b] = stat[2][b] - stat[0][b];
    }
    EXPECT_EQ(t.pairs[0].a, 0u);
    EXPECT_EQ(t.pairs[0].b, 1u);
    EXPECT_NEAR(t.pairs[0].interval.lo, percentile(d01, 0.05), 1e-12);
    EXPECT_NEAR(t.pairs[0].interval.hi, percentile(d01, 0.95), 1e-12);
    EXPECT_NEAR(t.pairs[1].interval.lo, percentile(d20, 0.05), 1e-12);
    EXPECT_NEAR(t.pairs[1].interval.hi, percentile(d20, 0.95), 1e-12);
    // The drawn runs are those drawRuns documents.
    const auto drawn = drawRuns({3, 1, 2}, 11, 5);
    EXPECT_EQ(drawn[1], (std::vector<std::size_t>{0}));
    EXPECT_EQ(drawn[0].size(), 3u);
}

TEST(TwoLevelBootstrapTest, OneRunGivesTheOneLevelInterval) {
    std::mt19937_64 g(3);
    std::vector<std::vector<double>> values(2, std::vector<double>(50));
    for (auto& run : values)
        for (auto& v : run) v = double(g() % 100) / 100.0;
    const Evaluation runs = handEvaluation(values);
    ResamplingOptions o;
    o.resamples = 400;
    const TwoLevelBootstrap t = twoLevelBootstrap(runs, {{"a", {0}}, {"b", {1}}}, {0}, {}, 0.95, o);
    const std::span<const double> run0(values[0]);
    const BootstrapInterval one =
        keyedBootstrapIntervals(runs.keysOfRows(), std::span<const std::span<const double>>(&run0, 1), 0.95, o).front();
    EXPECT_DOUBLE_EQ(t.means[0][0].lo, one.lo);
    EXPECT_DOUBLE_EQ(t.means[0][0].hi, one.hi);
}

TEST(TwoLevelBootstrapTest, RunsThatDisagreeWidenTheInterval) {
    // Three seeds of one model that shift every user's value by −0.1, 0, +0.1:
    // their average is the middle seed, but the runs' spread must show.
    std::mt19937_64 g(5);
    const std::size_t n = 400;
    std::vector<double> base(n);
    for (auto& v : base) v = 0.2 + double(g() % 600) / 1000.0;
    std::vector<std::vector<double>> values;
    for (double shift : {-0.1, 0.0, 0.1}) {
        std::vector<double> run(n);
        for (std::size_t u = 0; u < n; ++u) run[u] = base[u] + shift;
        values.push_back(run);
    }
    const Evaluation runs = handEvaluation(values);
    ResamplingOptions o;
    o.resamples = 1000;
    const TwoLevelBootstrap t = twoLevelBootstrap(runs, {{"a", {0, 1, 2}}}, {0}, {}, 0.95, o);
    const BootstrapInterval users = bootstrapMeanInterval(base, 0.95, o);
    EXPECT_GT(t.means[0][0].hi - t.means[0][0].lo, 2 * (users.hi - users.lo));
}

TEST(TwoLevelBootstrapTest, AComparisonTakesTheTwoLevelIntervals) {
    const Dataset d = studyData();
    RankCache cache;
    const Evaluation runs = evaluate(d, settings(), cache);
    const std::vector<RunGroup> groups = runGroups(d);
    ComparisonOptions o;
    o.baseline = 0;
    o.resampling.resamples = 200;
    Comparison c = compareEvaluation(averageRuns(runs, groups), o);
    EXPECT_FALSE(c.twoLevelBootstrap);
    useTwoLevelIntervals(c, runs, groups);
    EXPECT_TRUE(c.twoLevelBootstrap);
    const TwoLevelBootstrap t = twoLevelBootstrap(runs, groups, c.metrics, {{1, 0}, {2, 0}}, 0.95, o.resampling);
    std::size_t checked = 0;
    for (std::size_t k = 0; k < t.metrics.size(); ++k) {
        const std::size_t i = std::find(c.metrics.begin(), c.metrics.end(), t.metrics[k]) - c.metrics.begin();
        for (std::size_t m = 0; m < 3; ++m) {
            ASSERT_TRUE(c.means[m][i].bootstrap.has_value());
            EXPECT_DOUBLE_EQ(c.means[m][i].bootstrap->lo, t.means[m][k].lo);
            EXPECT_DOUBLE_EQ(c.means[m][i].bootstrap->hi, t.means[m][k].hi);
        }
    }
    for (const TwoLevelPair& p : t.pairs) {
        const PairComparison* pair = c.find(p.a, p.b, p.metric);
        ASSERT_NE(pair, nullptr);
        EXPECT_DOUBLE_EQ(pair->ciBootstrap->lo, p.interval.lo);
        EXPECT_DOUBLE_EQ(pair->ciBootstrap->hi, p.interval.hi);
        ++checked;
    }
    EXPECT_EQ(checked, 2 * t.metrics.size());
    EXPECT_EQ(t.metrics.size(), 6u);  // ndcg, ap, precision at 5 and 10; coverage is set-level
}

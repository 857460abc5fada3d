// The expected tie policy against brute force: for random small lists with
// tie groups and mixed grades, the engine's `expected` value of every metric
// at every cutoff equals the mean over all orders of every tie group,
// computed here with plain definitions from docs/metrics.md (not the engine's
// kernels). Also optimistic >= expected >= pessimistic.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

struct Item {
    std::string id;
    double score;
    std::optional<double> grade;
};

// A metric straight from its definition, on grades in ranked order
// (0 for unjudged); `judged` is every judged grade of the user.
double naive(const MetricSpec& spec, const std::vector<double>& ranked, const std::vector<double>& judged,
             double theta) {
    const double t = spec.rel().value_or(theta);
    const std::size_t n = ranked.size();
    const bool all = spec.cutoff == kCutoffAll;
    const std::size_t k = all ? n : spec.cutoff;
    double R = 0;
    for (double g : judged) R += g >= t;
    auto hits = [&](std::size_t upTo) {
        double h = 0;
        for (std::size_t p = 0; p < std::min(upTo, n); ++p) h += ranked[p] >= t;
        return h;
    };
    auto gain = [&](double g) { return g <= 0 ? 0.0 : spec.choice("gain") != "exp" ? g : std::pow(2.0, g) - 1; };
    const std::string& f = spec.family;
    if (f == "hits") return hits(k);
    if (f == "hr") return hits(k) >= 1 ? 1.0 : 0.0;
    if (f == "precision") return k == 0 ? 0.0 : hits(k) / double(k);
    if (f == "recall") return R == 0 ? 0.0 : hits(k) / R;
    if (f == "f1") return (double(k) + R) == 0 ? 0.0 : 2 * hits(k) / (double(k) + R);
    if (f == "rr") {
        for (std::size_t p = 0; p < std::min(k, n); ++p)
            if (ranked[p] >= t) return 1.0 / double(p + 1);
        return 0.0;
    }
    if (f == "ap") {
        double sum = 0;
        for (std::size_t p = 0; p < std::min(k, n); ++p)
            if (ranked[p] >= t) sum += hits(p + 1) / double(p + 1);
        double norm = spec.choice("norm") == "min" ? std::min(R, all ? R : double(k)) : R;
        return norm == 0 ? 0.0 : sum / norm;
    }
    if (f == "dcg" || f == "ndcg") {
        double dcg = 0;
        for (std::size_t p = 0; p < std::min(k, n); ++p) dcg += gain(ranked[p]) / std::log2(double(p) + 2);
        if (f == "dcg") return dcg;
        std::vector<double> ideal = judged;
        std::sort(ideal.begin(), ideal.end(), std::greater<double>());
        double idcg = 0;
        for (std::size_t p = 0; p < ideal.size() && (all || p < k); ++p) idcg += gain(ideal[p]) / std::log2(double(p) + 2);
        return idcg == 0 ? 0.0 : dcg / idcg;
    }
    if (f == "rprec") return R == 0 ? 0.0 : hits(std::size_t(R)) / R;
    if (f == "num_ret") return double(n);
    if (f == "num_rel") return R;
    if (f == "num_rel_ret") return hits(n);
    ADD_FAILURE() << "no naive definition for " << f;
    return 0;
}

struct Case {
    std::vector<Item> items;               // in input order
    std::vector<std::pair<std::string, double>> extraJudged;  // judged but not ranked
};

// `forcedSize` > 0 makes one all-tied list of that many items.
Case randomCase(std::mt19937& rng, int forcedSize = 0) {
    Case c;
    std::uniform_int_distribution<int> size(1, 9), levels(1, 4), gradeOf(-1, 3), coin(0, 9);
    const int n = forcedSize > 0 ? forcedSize : size(rng);
    const int distinctScores = forcedSize > 0 ? 1 : levels(rng);
    for (int i = 0; i < n; ++i) {
        Item item{"i" + std::to_string(i), double(std::uniform_int_distribution<int>(1, distinctScores)(rng)), {}};
        if (coin(rng) < 6) item.grade = gradeOf(rng);
        c.items.push_back(item);
    }
    if (coin(rng) < 5) c.extraJudged.emplace_back("x1", double(std::uniform_int_distribution<int>(1, 3)(rng)));
    if (coin(rng) < 3) c.extraJudged.emplace_back("x2", 0.0);
    return c;
}

// Product of factorials of tie-group sizes.
double orderCount(const Case& c) {
    std::map<double, int> sizes;
    for (const auto& it : c.items) ++sizes[it.score];
    double count = 1;
    for (auto [score, m] : sizes)
        for (int i = 2; i <= m; ++i) count *= i;
    return count;
}

// Mean of naive values over every order of every tie group.
std::vector<double> bruteForce(const Case& c, const std::vector<MetricSpec>& specs, double theta) {
    std::map<double, std::vector<std::size_t>, std::greater<double>> groups;
    for (std::size_t i = 0; i < c.items.size(); ++i) groups[c.items[i].score].push_back(i);
    std::vector<std::vector<std::size_t>> perms;
    for (auto& [score, members] : groups) perms.push_back(members);
    std::vector<double> judged;
    for (const auto& it : c.items)
        if (it.grade) judged.push_back(*it.grade);
    for (const auto& [id, g] : c.extraJudged) judged.push_back(g);

    std::vector<double> sum(specs.size(), 0.0);
    double orders = 0;
    std::function<void(std::size_t)> visit = [&](std::size_t level) {
        if (level == perms.size()) {
            std::vector<double> ranked;
            for (const auto& group : perms)
                for (std::size_t i : group) ranked.push_back(c.items[i].grade.value_or(0.0));
            for (std::size_t s = 0; s < specs.size(); ++s) sum[s] += naive(specs[s], ranked, judged, theta);
            orders += 1;
            return;
        }
        std::sort(perms[level].begin(), perms[level].end());
        do visit(level + 1);
        while (std::next_permutation(perms[level].begin(), perms[level].end()));
    };
    visit(0);
    for (double& s : sum) s /= orders;
    return sum;
}

// Every family with and without parameters; bare names take the cutoffs.
std::string allMetrics() {
    return "hits,hr,precision,recall,f1,rr,ap,ap(norm=min),dcg,ndcg,dcg(gain=exp),ndcg(gain=exp),"
           "recall(rel=2),hr(rel=2),ap(rel=2),rr(rel=3),"
           "hits@all,hr@all,precision@all,recall@all,f1@all,rr@all,ap@all,ap(norm=min)@all,dcg@all,ndcg@all,"
           "ndcg(gain=exp)@all,rprec,rprec(rel=2),num_ret,num_rel,num_rel_ret";
}

Dataset datasetOf(const Case& c) {
    std::vector<Triple> qrels, run;
    for (const auto& it : c.items) {
        run.emplace_back("u", it.id, it.score);
        if (it.grade) qrels.emplace_back("u", it.id, *it.grade);
    }
    for (const auto& [id, g] : c.extraJudged) qrels.emplace_back("u", id, g);
    if (qrels.empty()) qrels.emplace_back("u", "nothing-ranked", 0.0);
    return makeDataset(qrels, {{"m", run}});
}

} // namespace

TEST(ExpectedTiesTest, EqualsMeanOverAllOrdersForEveryMetricAndCutoff) {
    std::mt19937 rng(20081);
    int checked = 0;
    for (int trial = 0; trial < 240; ++trial) {
        // The last trial ties 8 items in one group (8! orders).
        Case c = randomCase(rng, trial == 239 ? 8 : 0);
        if (trial < 239 && orderCount(c) > 5040) continue;
        std::vector<std::uint32_t> cutoffs;
        for (std::uint32_t k = 1; k <= c.items.size() + 2; ++k) cutoffs.push_back(k);
        EvalSettings settings;
        settings.metrics = expandMetrics(allMetrics(), cutoffs);
        settings.ties = TiePolicy::Expected;
        settings.users = UsersPolicy::All;
        settings.parallelism = Parallelism(1);
        Dataset data = datasetOf(c);
        RankCache cache;
        Evaluation eval = evaluate(data, settings, cache);
        ASSERT_EQ(eval.users.size(), 1u);
        std::vector<double> expected = bruteForce(c, settings.metrics, settings.relevanceThreshold);
        for (std::size_t s = 0; s < settings.metrics.size(); ++s) {
            EXPECT_NEAR(eval.value(0, 0, s), expected[s], 1e-12 * std::max(1.0, std::abs(expected[s])))
                << settings.metrics[s].id() << " in trial " << trial;
        }
        ++checked;
    }
    EXPECT_GT(checked, 200);
}

TEST(ExpectedTiesTest, OptimisticBoundsExpectedBoundsPessimistic) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
        Case c = randomCase(rng);
        std::vector<std::uint32_t> cutoffs = {1, 2, 3, 5, 10};
        Dataset data = datasetOf(c);
        auto run = [&](TiePolicy ties) {
            EvalSettings settings;
            settings.metrics = expandMetrics(allMetrics(), cutoffs);
            settings.ties = ties;
            settings.users = UsersPolicy::All;
            settings.parallelism = Parallelism(1);
            RankCache cache;
            return evaluate(data, settings, cache);
        };
        Evaluation hi = run(TiePolicy::Optimistic), mid = run(TiePolicy::Expected), lo = run(TiePolicy::Pessimistic);
        for (std::size_t s = 0; s < mid.metricCount(); ++s) {
            EXPECT_LE(mid.value(0, 0, s), hi.value(0, 0, s) + 1e-12) << mid.settings.metrics[s].id();
            EXPECT_GE(mid.value(0, 0, s), lo.value(0, 0, s) - 1e-12) << mid.settings.metrics[s].id();
        }
    }
}

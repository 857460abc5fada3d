// Set-level bootstrap (stats/set_level_bootstrap.h) against an explicit
// bootstrap loop written here: the same draws (resample r's users come from
// resampleRng(seed, Bootstrap, r), as the per-user bootstrap), each user's
// expected top-k items counted once per draw by the brute force of the
// metric tests, the statistic recomputed from docs/metrics.md's definition.
#include "core/metrics/set_level_test_cases.h"
#include "stats/resampled_means.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

namespace {

struct Explicit {
    std::vector<std::vector<double>> values;  // per statistic, per resample
};

using Stat = std::function<double(const Brute&, const std::map<std::string, double>&, double, double)>;

Explicit explicitBootstrap(const Brute& b, const std::vector<std::string>& users, std::uint32_t k,
                           const std::vector<Stat>& statistics, std::size_t R, std::uint64_t seed) {
    std::vector<std::map<std::string, double>> perUser;
    for (const auto& u : users) perUser.push_back(b.expectedCounts({u}, k));
    Explicit out;
    out.values.assign(statistics.size(), {});
    for (std::size_t r = 0; r < R; ++r) {
        synth::Rng rng = stats::resampleRng(seed, stats::ResamplePurpose::Bootstrap, r);
        stats::IndexDraws draws(rng, static_cast<std::uint32_t>(users.size()));
        std::map<std::string, double> c;
        for (const auto& i : b.catalog) c[i] = 0;
        std::vector<std::map<std::string, double>> drawn;  // the users drawn, repeats included
        for (std::size_t j = 0; j < users.size(); ++j) {
            drawn.push_back(perUser[draws.next()]);
            for (const auto& [item, share] : drawn.back()) c[item] += share;
        }
        for (std::size_t s = 0; s < statistics.size(); ++s)
            out.values[s].push_back(statistics[s] ? statistics[s](b, c, double(users.size()), double(k))
                                                  : brutePersonalization(drawn, double(k)));
    }
    return out;
}

} // namespace

TEST(SetLevelBootstrapTest, EveryResampleMatchesAnExplicitLoop) {
    std::mt19937 rng(11);
    World w = randomWorld(rng, 40, 25, 8, 2);  // ties: the expected counts are fractional
    Brute b(w);
    auto users = runUsers(w);
    Engine e(w, TiePolicy::Expected);
    std::vector<UserId> ids;
    for (const auto& u : users) ids.push_back(e.user(u));
    const std::uint32_t k = 3;
    stats::TopKLists lists = stats::collectTopK(e.ranked, ids, k, e.items);
    ASSERT_TRUE(lists.fractional);
    stats::SetStatistic gini{stats::SetStatistic::Kind::Gini}, entropy{stats::SetStatistic::Kind::Entropy},
        coverage{stats::SetStatistic::Kind::Coverage}, personalization{stats::SetStatistic::Kind::Personalization};
    const stats::TopKLists* listPtrs[] = {&lists};
    const stats::SetLevelColumn columns[] = {{0, gini}, {0, entropy}, {0, coverage}, {0, personalization}};
    stats::ResamplingOptions options;
    options.resamples = 300;  // not a multiple of the block of 32
    options.seed = 5;
    auto got = stats::resampleSetLevel(listPtrs, columns, e.items.trainingSlot, options);
    ASSERT_EQ(got.resamples, 300u);

    std::vector<Stat> statistics = {
        [](const Brute&, const auto& c, double, double) { return bruteGini(c, false); },
        [](const Brute&, const auto& c, double, double) { return bruteEntropy(c, false); },
        [](const Brute&, const auto& c, double, double) { return bruteCoverage(c); },
        nullptr};  // personalization: pairs of different draws, below
    Explicit want = explicitBootstrap(b, users, k, statistics, 300, 5);
    for (std::size_t s = 0; s < statistics.size(); ++s) {
        for (std::size_t r = 0; r < 300; ++r)
            ASSERT_NEAR(got.column(s)[r], want.values[s][r], 1e-12) << "statistic " << s << ", resample " << r;
        // The point estimate is the statistic of the users as they are.
        std::vector<std::map<std::string, double>> p;
        for (const auto& u : users) p.push_back(b.expectedCounts({u}, k));
        EXPECT_NEAR(got.point[s],
                    statistics[s] ? statistics[s](b, b.expectedCounts(users, k), double(users.size()), k)
                                  : brutePersonalization(p, k),
                    1e-12);
        auto a = stats::percentileInterval(got.column(s));
        auto x = stats::percentileInterval(want.values[s]);
        EXPECT_NEAR(a.lo, x.lo, 1e-12);
        EXPECT_NEAR(a.hi, x.hi, 1e-12);
    }
}

TEST(SetLevelBootstrapTest, ThreadsAndBlocksChangeNoResample) {
    std::mt19937 rng(12);
    World w = randomWorld(rng, 30, 20, 6, 3);
    Engine e(w, TiePolicy::Expected);
    std::vector<UserId> ids;
    for (const auto& u : runUsers(w)) ids.push_back(e.user(u));
    stats::TopKLists lists = stats::collectTopK(e.ranked, ids, 4, e.items);
    const stats::TopKLists* listPtrs[] = {&lists};
    const stats::SetLevelColumn columns[] = {{0, {stats::SetStatistic::Kind::Gini}}};
    stats::ResamplingOptions one, many;
    one.resamples = many.resamples = 100;
    one.parallelism = Parallelism(1);
    many.parallelism = Parallelism(4);
    auto a = stats::resampleSetLevel(listPtrs, columns, e.items.trainingSlot, one);
    auto b = stats::resampleSetLevel(listPtrs, columns, e.items.trainingSlot, many);
    EXPECT_EQ(a.values, b.values);
}

TEST(SetLevelBootstrapTest, PairedDifferenceUsesTheSameDraws) {
    std::mt19937 rng(13);
    World w = randomWorld(rng, 30, 20, 6, 1);
    World v = w;
    for (auto& [u, i, s] : v.run) s = double((std::hash<std::string>{}(i) % 5));  // another model
    Engine ea(w, TiePolicy::Trec), eb(v, TiePolicy::Trec);
    std::vector<UserId> ids;
    for (const auto& u : runUsers(w)) ids.push_back(ea.user(u));
    stats::TopKLists la = stats::collectTopK(ea.ranked, ids, 3, ea.items);
    stats::TopKLists lb = stats::collectTopK(eb.ranked, ids, 3, eb.items);
    const stats::TopKLists* listPtrs[] = {&la, &lb};
    stats::SetStatistic s{stats::SetStatistic::Kind::Entropy};
    const stats::SetLevelColumn columns[] = {{0, s}, {1, s}};
    stats::ResamplingOptions options;
    options.resamples = 200;
    auto got = stats::resampleSetLevel(listPtrs, columns, ea.items.trainingSlot, options);
    auto diff = stats::compareSetLevel(got, 0, 1);
    std::vector<double> d;
    std::size_t below = 0, above = 0;
    for (std::size_t r = 0; r < 200; ++r) {
        d.push_back(got.column(0)[r] - got.column(1)[r]);
        below += d.back() <= 0;
        above += d.back() >= 0;
    }
    auto interval = stats::percentileInterval(d);
    EXPECT_DOUBLE_EQ(diff.interval.lo, interval.lo);
    EXPECT_DOUBLE_EQ(diff.interval.hi, interval.hi);
    EXPECT_DOUBLE_EQ(diff.pValue, std::min(1.0, 2.0 * double(std::min(below, above)) / 200.0));
    EXPECT_DOUBLE_EQ(diff.difference, got.point[0] - got.point[1]);
    // The models share the catalogue ids (same items interned in the same order).
    ASSERT_EQ(ea.items.catalog, eb.items.catalog);
}

// The contract every registered metric family keeps (DESIGN.md: "a
// parameterised contract test checks every registered metric"): unique names,
// canonical ids that round-trip, 0 for an empty ranked list (METRICS.md,
// "Which users are averaged": a user missing from the run scores 0), values in
// 0..1, items past the cutoff change nothing, and a curve equals its points.
// None of the expected values here comes from running the engine: they are
// the definitions of METRICS.md (0 for an empty list, R for num_rel, the
// bounds) or equalities between two ways of asking for the same number.
#include <cmath>
#include <map>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "metrics/registry.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

const TiePolicy kAllPolicies[] = {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic,
                                  TiePolicy::Pessimistic};

const MetricFamily& family(const std::string& name) {
    const MetricFamily* f = findMetricFamily(name);
    if (!f) throw Error("no family " + name);
    return *f;
}

// Parameter lists ("" or "(...)") that the family accepts, written in a
// deliberately non-canonical order where there are several.
std::vector<std::string> parameterSets(const MetricFamily& f) {
    std::vector<std::string> out{""};
    if (f.takesRel) {
        out.push_back("(rel=2)");
        out.push_back("(rel=0.5)");
        out.push_back("(rel=1e-7)");  // canonical: the shortest round-trip text, 1e-07
    }
    if (f.takesGain) {
        out.push_back("(gain=exp)");
        out.push_back("(gain=lin)");
    }
    if (f.takesNorm) {
        out.push_back("(norm=min)");
        out.push_back("(norm=R)");
    }
    if (f.takesNorm && f.takesRel) out.push_back("(rel=3,norm=min)");
    if (f.takesGain && f.takesRel) out.push_back("(rel=3,gain=exp)");
    return out;
}

// Every id of the family at the given cutoffs (families without a cutoff: one
// per parameter set).
std::vector<std::string> idsOf(const MetricFamily& f, const std::vector<std::string>& cutoffs) {
    std::vector<std::string> out;
    for (const auto& params : parameterSets(f)) {
        if (!f.takesCutoff) {
            out.push_back(std::string(f.name) + params);
            continue;
        }
        for (const auto& k : cutoffs) out.push_back(std::string(f.name) + params + "@" + k);
    }
    return out;
}

std::vector<MetricSpec> specsOf(const std::vector<std::string>& ids) {
    std::vector<MetricSpec> specs;
    for (const auto& id : ids) specs.push_back(MetricSpec::parse(id));
    return specs;
}

Evaluation evaluateSpecs(const Dataset& data, const std::vector<MetricSpec>& specs, TiePolicy ties,
                         UsersPolicy users = UsersPolicy::All) {
    EvalSettings settings;
    settings.metrics = specs;
    settings.ties = ties;
    settings.users = users;
    settings.parallelism = Parallelism(1);
    RankCache cache;
    return evaluate(data, settings, cache);
}

// Random users: 1..12 ranked items with scores from a few levels (ties),
// grades -1..3 on about half of them, and sometimes judged items the run
// does not rank.
Dataset randomDataset(std::uint32_t seed, int users) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> size(1, 12), levels(1, 5), grade(-1, 3), coin(0, 9);
    std::vector<Triple> qrels, run;
    for (int u = 0; u < users; ++u) {
        const std::string user = std::string("u").append(std::to_string(u));
        const int n = size(rng), distinct = levels(rng);
        bool judged = false;
        for (int i = 0; i < n; ++i) {
            const std::string item = std::string("i").append(std::to_string(i));
            run.emplace_back(user, item, double(std::uniform_int_distribution<int>(1, distinct)(rng)));
            if (coin(rng) < 5) {
                qrels.emplace_back(user, item, double(grade(rng)));
                judged = true;
            }
        }
        if (coin(rng) < 4 || !judged) qrels.emplace_back(user, "unranked", double(std::uniform_int_distribution<int>(0, 3)(rng)));
    }
    return makeDataset(qrels, {{"m", run}});
}

class MetricContractTest : public ::testing::TestWithParam<std::string> {
protected:
    const MetricFamily& f() const { return family(GetParam()); }
};

std::vector<std::string> familyNames() {
    std::vector<std::string> names;
    for (const MetricFamily& f : metricFamilies()) names.emplace_back(f.name);
    return names;
}

} // namespace

TEST(MetricRegistryTest, NamesAndAliasesAreUniqueAcrossFamilies) {
    std::set<std::string> seen;
    for (const MetricFamily& f : metricFamilies()) {
        EXPECT_TRUE(seen.insert(std::string(f.name)).second) << "repeated name " << f.name;
        for (auto alias : f.aliases) EXPECT_TRUE(seen.insert(std::string(alias)).second) << "repeated alias " << alias;
        EXPECT_FALSE(f.definition.empty()) << f.name;
        EXPECT_NE(f.kernel, nullptr) << f.name;
        // A name must parse as a name: no '(' '@' ',' or space in it.
        EXPECT_EQ(std::string(f.name).find_first_of("(@, ="), std::string::npos) << f.name;
    }
}

TEST(MetricRegistryTest, AliasesOfMetricsMdMapToTheirCanonicalIds) {
    // The aliases listed in METRICS.md's table, and the ones the brief names.
    EXPECT_EQ(MetricSpec::parse("p@10").id(), "precision@10");
    EXPECT_EQ(MetricSpec::parse("r@10").id(), "recall@10");
    EXPECT_EQ(MetricSpec::parse("success@5").id(), "hr@5");
    EXPECT_EQ(MetricSpec::parse("hit_rate@5").id(), "hr@5");
    EXPECT_EQ(MetricSpec::parse("map@all").id(), "ap@all");
    EXPECT_EQ(MetricSpec::parse("map(norm=min)@20").id(), "ap(norm=min)@20");
    EXPECT_EQ(MetricSpec::parse("mrr@all").id(), "rr@all");
    EXPECT_EQ(MetricSpec::parse("rprec").id(), "rprec");
}

TEST(MetricRegistryTest, CanonicalIdPutsParametersInAFixedOrderAndDropsDefaults) {
    EXPECT_EQ(MetricSpec::parse("ap(rel=2,norm=min)@100").id(), "ap(norm=min,rel=2)@100");
    EXPECT_EQ(MetricSpec::parse("ndcg(gain=lin)@10").id(), "ndcg@10");
    EXPECT_EQ(MetricSpec::parse("ndcg(gain=exponential)@10").id(), "ndcg(gain=exp)@10");
    EXPECT_EQ(MetricSpec::parse("ap(norm=R)@5").id(), "ap@5");
    EXPECT_EQ(MetricSpec::parse(" recall(rel=2)@20 ").id(), "recall(rel=2)@20");
    EXPECT_EQ(MetricSpec::parse("rr@all").id(), "rr@all");
}

TEST_P(MetricContractTest, EveryFamilyRoundTripsItsCanonicalId) {
    for (const auto& id : idsOf(f(), {"1", "10", "1000", "all"})) {
        const MetricSpec spec = MetricSpec::parse(id);
        EXPECT_EQ(spec.family, f().name) << id;
        const std::string canonical = spec.id();
        EXPECT_EQ(MetricSpec::parse(canonical).id(), canonical) << id;
        EXPECT_EQ(MetricSpec::parse(canonical), spec) << id;
        EXPECT_EQ(canonical.rfind(std::string(f().name), 0), 0u) << canonical;
        for (auto alias : f().aliases) {
            const std::string aliased = std::string(alias) + id.substr(f().name.size());
            EXPECT_EQ(MetricSpec::parse(aliased).id(), canonical) << aliased;
        }
    }
}

TEST_P(MetricContractTest, EmptyRankedListScoresZeroExceptNumRel) {
    // "u" has judgments (R = 2 at θ = 1: grades 1 and 2; 0 and -1 are not
    // relevant) and is missing from the run; "w" is in the run but every item
    // of it is excluded. METRICS.md: a missing user scores 0 on every metric;
    // num_rel is R by definition (2 for "u" and 1 for "w").
    Dataset data = makeDataset({{"u", "a", 1}, {"u", "b", 2}, {"u", "c", 0}, {"u", "d", -1}, {"w", "a", 3},
                                {"v", "a", 1}},
                               {{"m", {{"v", "a", 1.0}, {"v", "b", 0.5}, {"w", "a", 0.9}, {"w", "x", 0.1}}}});
    {
        IdSpace& ids = data.ids;
        std::vector<Record> records{{ids.users.find("w"), ids.items.find("a"), 0},
                                    {ids.users.find("w"), ids.items.find("x"), 0}};
        GroupedLists lists = groupByUser(records, ids.users.size());
        sortByKey(lists, Parallelism(1));
        data.exclusions = Exclusions(std::move(lists.index), std::move(lists.keys));
    }
    const auto specs = specsOf(idsOf(f(), {"1", "5", "all"}));
    for (TiePolicy ties : kAllPolicies) {
        Evaluation eval = evaluateSpecs(data, specs, ties);
        ASSERT_EQ(eval.users.size(), 3u);
        for (std::size_t row = 0; row < eval.users.size(); ++row) {
            const std::string user(data.ids.users.name(eval.users[row]));
            if (user == "v") continue;
            for (std::size_t s = 0; s < specs.size(); ++s) {
                double expected = 0.0;
                if (specs[s].family == "num_rel") {
                    const double theta = specs[s].rel.value_or(1.0);
                    // Grades of u: 2, 1, 0, -1; of w: 3.
                    expected = user == "u" ? (theta <= 1 ? 2 : theta <= 2 ? 1 : 0) : (theta <= 3 ? 1 : 0);
                }
                EXPECT_EQ(eval.value(0, row, s), expected)
                    << specs[s].id() << " user " << user << " ties " << tiePolicyName(ties);
            }
        }
    }
}

TEST_P(MetricContractTest, ValuesStayWithinBoundsUnderEveryTiePolicy) {
    Dataset data = randomDataset(1234, 300);
    const auto specs = specsOf(idsOf(f(), {"1", "3", "10", "all"}));
    for (TiePolicy ties : kAllPolicies) {
        Evaluation eval = evaluateSpecs(data, specs, ties);
        ASSERT_EQ(eval.users.size(), 300u);
        for (std::size_t row = 0; row < eval.users.size(); ++row) {
            for (std::size_t s = 0; s < specs.size(); ++s) {
                const double v = eval.value(0, row, s);
                ASSERT_TRUE(std::isfinite(v)) << specs[s].id();
                ASSERT_GE(v, 0.0) << specs[s].id() << " row " << row << " ties " << tiePolicyName(ties);
                if (f().isCount) {
                    // A count of items: at most the user's list length or judgments (13).
                    ASSERT_LE(v, 13.0) << specs[s].id();
                    if (ties != TiePolicy::Expected) {
                        ASSERT_EQ(v, std::floor(v)) << specs[s].id();
                    }
                } else if (f().name != "dcg") {
                    // dcg is the one unnormalised family (its bound is the ideal DCG,
                    // which ndcg <= 1 checks); every other family is a fraction.
                    ASSERT_LE(v, 1.0) << specs[s].id() << " row " << row << " ties " << tiePolicyName(ties);
                }
            }
        }
    }
}

TEST_P(MetricContractTest, ItemsPastTheCutoffChangeNothing) {
    if (!f().takesCutoff) GTEST_SKIP() << f().name << " has no cutoff";
    for (std::uint32_t k : {1u, 3u, 5u}) {
        // For each user: a list longer than k, then a copy whose items scored
        // below the k-th highest score are rescored (still below it), dropped,
        // or joined by new items (unjudged ones and judged ones the run did
        // not rank) scored below it. Positions 1..k hold the same items under
        // every policy, so metric@k must not move.
        std::mt19937 rng(99 + k);
        std::uniform_int_distribution<int> extra(1, 8), levels(2, 6), grade(-1, 3), coin(0, 9);
        std::vector<Triple> qrels, original, altered;
        for (int u = 0; u < 120; ++u) {
            const std::string user = "u" + std::to_string(u);
            const int n = int(k) + extra(rng), distinct = levels(rng);
            std::vector<double> scores;
            for (int i = 0; i < n; ++i) scores.push_back(double(std::uniform_int_distribution<int>(1, distinct)(rng)));
            std::vector<double> sorted = scores;
            std::sort(sorted.begin(), sorted.end(), std::greater<double>());
            const double kth = sorted[k - 1];
            for (int i = 0; i < n; ++i) {
                const std::string item = "i" + std::to_string(i);
                if (coin(rng) < 5) qrels.emplace_back(user, item, double(grade(rng)));
                original.emplace_back(user, item, scores[i]);
                if (scores[i] >= kth) {
                    altered.emplace_back(user, item, scores[i]);
                } else if (coin(rng) < 7) {  // rescored below the k-th score, or else dropped
                    altered.emplace_back(user, item, kth - 0.5 - std::uniform_real_distribution<double>(0, 3)(rng));
                }
            }
            qrels.emplace_back(user, "judged-unranked", double(std::uniform_int_distribution<int>(1, 3)(rng)));
            if (coin(rng) < 6) altered.emplace_back(user, "judged-unranked", kth - 0.25);
            for (int j = 0; j < 3; ++j) altered.emplace_back(user, "new" + std::to_string(j), kth - 0.1 * (j + 1));
        }
        Dataset data = makeDataset(qrels, {{"original", original}, {"altered", altered}});
        {
            // The test is not vacuous: the two lists differ past k for most users.
            Evaluation lengths = evaluateSpecs(data, {MetricSpec::parse("num_ret")}, TiePolicy::Input);
            std::size_t differ = 0;
            for (std::size_t row = 0; row < lengths.users.size(); ++row)
                differ += lengths.value(0, row, 0) != lengths.value(1, row, 0);
            ASSERT_GT(differ, 60u);
        }
        const auto specs = specsOf(idsOf(f(), {std::to_string(k)}));
        for (TiePolicy ties : kAllPolicies) {
            Evaluation eval = evaluateSpecs(data, specs, ties);
            for (std::size_t row = 0; row < eval.users.size(); ++row)
                for (std::size_t s = 0; s < specs.size(); ++s)
                    ASSERT_NEAR(eval.value(1, row, s), eval.value(0, row, s), 1e-12)
                        << specs[s].id() << " row " << row << " ties " << tiePolicyName(ties);
        }
    }
}

TEST_P(MetricContractTest, CurveEqualsEvaluatingEachCutoffAlone) {
    Dataset data = randomDataset(777, 150);
    const std::uint32_t K = 14;  // past the longest list (12)
    for (const auto& params : parameterSets(f())) {
        const std::string base = std::string(f().name) + params;
        std::vector<std::uint32_t> ks;
        for (std::uint32_t k = 1; k <= K; ++k) ks.push_back(k);
        std::vector<MetricSpec> curve = expandMetrics(base, ks);  // no cutoff: the one spec
        if (f().takesCutoff) {
            ASSERT_EQ(curve.size(), K) << base;
            curve.insert(curve.begin() + 3, MetricSpec::parse(base + "@all"));  // out of order on purpose
        }
        for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Pessimistic}) {
            Evaluation together = evaluateSpecs(data, curve, ties);
            for (std::size_t s = 0; s < curve.size(); ++s) {
                Evaluation alone = evaluateSpecs(data, {curve[s]}, ties);
                ASSERT_EQ(alone.users, together.users);
                for (std::size_t row = 0; row < alone.users.size(); ++row)
                    ASSERT_NEAR(together.value(0, row, s), alone.value(0, row, 0), 1e-12)
                        << curve[s].id() << " row " << row << " ties " << tiePolicyName(ties);
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(EveryFamily, MetricContractTest, ::testing::ValuesIn(familyNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// The contract every metric record keeps (docs/design.md: "a parameterised
// contract test checks every registered metric"), read from the records
// themselves (metric_record.h), with no list of metrics here: unique names
// and aliases, canonical ids that round-trip for every declared parameter
// value, the record's value for an empty ranked list (docs/metrics.md, "Which
// users are averaged": a user missing from the run scores 0), values within
// the record's range (whole numbers for counts), its direction (a list with
// the relevant items first is never worse than the same list reversed),
// items past the cutoff change nothing, and a curve equals its points.
// None of the expected values comes from running the engine: they are the
// records' declarations or equalities between two ways of asking for the
// same number.
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "metrics/registry.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

const TiePolicy kAllPolicies[] = {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic,
                                  TiePolicy::Pessimistic};

const MetricRecord& family(const std::string& name) {
    const MetricRecord* f = findMetric(name);
    if (!f) throw Error("no family " + name);
    return *f;
}

std::string shortest(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

// Values to try for one parameter: every choice (canonical spelling and
// aliases), or numbers inside the declared range (both ends when closed).
std::vector<std::string> valuesOf(const MetricParam& p) {
    std::vector<std::string> out;
    if (p.kind == ParamKind::Choice) {
        for (const ParamChoice& c : p.choices) {
            out.emplace_back(c.value);
            for (auto alias : c.aliases) out.emplace_back(alias);
        }
        return out;
    }
    const bool low = std::isfinite(p.min), high = std::isfinite(p.max);
    if (!low && !high) return p.kind == ParamKind::Integer ? std::vector<std::string>{"2", "0", "-3"}
                                                            : std::vector<std::string>{"2", "0.5", "1e-7"};
    const double lo = low ? p.min : p.max - 10, hi = high ? p.max : p.min + 10;
    if (!p.minOpen) out.push_back(shortest(lo));
    if (!p.maxOpen) out.push_back(shortest(hi));
    out.push_back(p.kind == ParamKind::Integer ? shortest(std::floor((lo + hi) / 2)) : shortest(lo + (hi - lo) / 3));
    return out;
}

// Parameter lists ("" or "(...)") that the family accepts: each value of
// each parameter alone, then pairs written in reverse of the declared
// (canonical) order.
std::vector<std::string> parameterSets(const MetricRecord& f) {
    std::vector<std::string> out{""};
    for (const MetricParam& p : f.params)
        for (const auto& v : valuesOf(p)) out.push_back("(" + std::string(p.name) + "=" + v + ")");
    for (std::size_t i = 0; i < f.params.size(); ++i)
        for (std::size_t j = i + 1; j < f.params.size(); ++j)
            out.push_back("(" + std::string(f.params[j].name) + "=" + valuesOf(f.params[j]).back() + "," +
                          std::string(f.params[i].name) + "=" + valuesOf(f.params[i]).back() + ")");
    return out;
}

// Every id of the family at the given cutoffs (families without a cutoff: one
// per parameter set).
std::vector<std::string> idsOf(const MetricRecord& f, const std::vector<std::string>& cutoffs) {
    std::vector<std::string> out;
    for (const auto& params : parameterSets(f)) {
        if (!f.takesCutoff) {
            out.push_back(std::string(f.id) + params);
            continue;
        }
        for (const auto& k : cutoffs) out.push_back(std::string(f.id) + params + "@" + k);
    }
    return out;
}

std::vector<MetricSpec> specsOf(const std::vector<std::string>& ids) {
    std::vector<MetricSpec> specs;
    for (const auto& id : ids) specs.push_back(MetricSpec::parse(id));
    return specs;
}

Evaluation evaluateSpecs(Dataset& data, const std::vector<MetricSpec>& specs, TiePolicy ties,
                         UsersPolicy users = UsersPolicy::All) {
    addItemInputs(data);  // the beyond-accuracy metrics read training pairs and item attributes
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
    const MetricRecord& f() const { return family(GetParam()); }
};

std::vector<std::string> familyNames() {
    std::vector<std::string> names;
    for (const MetricRecord* f : metricRecords()) names.emplace_back(f->id);
    return names;
}

// What a cell of the evaluation says for this metric: the user's value, or
// for a set-level metric the statistic over all users (per-user cells are NaN).
double cell(const Evaluation& eval, std::size_t model, std::size_t row, std::size_t s) {
    return eval.isSetLevel(s) ? eval.models[model].means[s] : eval.value(model, row, s);
}

} // namespace

TEST_P(MetricContractTest, EveryFamilyRoundTripsItsCanonicalId) {
    for (const auto& id : idsOf(f(), {"1", "10", "1000", "all"})) {
        const MetricSpec spec = MetricSpec::parse(id);
        EXPECT_EQ(spec.family, f().id) << id;
        const std::string canonical = spec.id();
        EXPECT_EQ(MetricSpec::parse(canonical).id(), canonical) << id;
        EXPECT_EQ(MetricSpec::parse(canonical), spec) << id;
        EXPECT_EQ(canonical.rfind(std::string(f().id), 0), 0u) << canonical;
        for (auto alias : f().aliases) {
            const std::string aliased = std::string(alias) + id.substr(f().id.size());
            EXPECT_EQ(MetricSpec::parse(aliased).id(), canonical) << aliased;
        }
    }
}

TEST_P(MetricContractTest, AnEmptyRankedListScoresTheRecordsEmptyValue) {
    // "u" has judgments and is missing from model "m"; "w" is in it but every
    // item of it is excluded. Model "full" ranks items for all three users;
    // model "none" has only w's excluded items, so every list is empty.
    // docs/metrics.md: a missing user scores 0 on every metric; the record says
    // which value (or none, for a metric that does not read the list, such
    // as num_rel = R: then an empty list changes nothing).
    Dataset data = makeDataset({{"u", "a", 1}, {"u", "b", 2}, {"u", "c", 0}, {"u", "d", -1}, {"w", "a", 3},
                                {"v", "a", 1}},
                               {{"m", {{"v", "a", 1.0}, {"v", "b", 0.5}, {"w", "a", 0.9}, {"w", "x", 0.1}}},
                                {"full",
                                 {{"u", "a", 1.0}, {"u", "c", 0.5}, {"v", "a", 1.0}, {"w", "y", 0.7}, {"w", "z", 0.2}}},
                                {"none", {{"w", "a", 0.9}, {"w", "x", 0.1}}}});
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
        for (std::size_t s = 0; s < specs.size(); ++s) {
            SCOPED_TRACE(specs[s].id() + " ties " + tiePolicyName(ties));
            if (f().setLevel()) {
                if (f().emptyValue) EXPECT_EQ(eval.models[2].means[s], *f().emptyValue);
                else EXPECT_EQ(eval.models[2].means[s], eval.models[1].means[s]);
                continue;
            }
            for (std::size_t row = 0; row < eval.users.size(); ++row) {
                const std::string user(data.ids.users.name(eval.users[row]));
                if (user == "v") continue;
                if (f().emptyValue) EXPECT_EQ(eval.value(0, row, s), *f().emptyValue) << user;
                else EXPECT_EQ(eval.value(0, row, s), eval.value(1, row, s)) << user;
            }
        }
    }
}

TEST_P(MetricContractTest, ValuesStayWithinTheRecordsRangeUnderEveryTiePolicy) {
    Dataset data = randomDataset(1234, 300);
    const auto specs = specsOf(idsOf(f(), {"1", "3", "10", "all"}));
    for (TiePolicy ties : kAllPolicies) {
        Evaluation eval = evaluateSpecs(data, specs, ties);
        ASSERT_EQ(eval.users.size(), 300u);
        for (std::size_t row = 0; row < eval.users.size(); ++row) {
            for (std::size_t s = 0; s < specs.size(); ++s) {
                const double v = cell(eval, 0, row, s);
                ASSERT_TRUE(std::isfinite(v)) << specs[s].id();
                ASSERT_GE(v, f().lo) << specs[s].id() << " row " << row << " ties " << tiePolicyName(ties);
                ASSERT_LE(v, f().hi) << specs[s].id() << " row " << row << " ties " << tiePolicyName(ties);
                if (f().integral && ties != TiePolicy::Expected) {
                    ASSERT_EQ(v, std::floor(v)) << specs[s].id();
                }
            }
        }
    }
}

TEST_P(MetricContractTest, RelevantItemsFirstIsNeverWorseThanTheReverseOrder) {
    // The record's direction: over the whole list (the same items either
    // way) a list in descending order of grade scores at least as well as
    // the same list reversed, user by user; metrics that ignore relevance
    // give equal values.
    if (f().direction == Direction::None) GTEST_SKIP() << f().id << " has no direction";
    std::mt19937 rng(4242);
    std::uniform_int_distribution<int> size(1, 12), grade(-1, 3), coin(0, 9);
    std::vector<Triple> qrels, best, worst;
    for (int u = 0; u < 200; ++u) {
        const std::string user = "u" + std::to_string(u);
        std::vector<std::pair<double, std::string>> items;  // (grade, item)
        const int n = size(rng);
        for (int i = 0; i < n; ++i) {
            const std::string item = "i" + std::to_string(i);
            double g = 0;
            if (coin(rng) < 6) {
                g = grade(rng);
                qrels.emplace_back(user, item, g);
            }
            items.emplace_back(g, item);
        }
        if (coin(rng) < 3) qrels.emplace_back(user, "unranked", 2.0);
        std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (int i = 0; i < n; ++i) {
            best.emplace_back(user, items[i].second, double(n - i));   // by grade, descending
            worst.emplace_back(user, items[i].second, double(i + 1));  // reversed
        }
    }
    Dataset data = makeDataset(qrels, {{"best", best}, {"worst", worst}});
    const auto specs = specsOf(idsOf(f(), {"all"}));
    Evaluation eval = evaluateSpecs(data, specs, TiePolicy::Trec);
    const double sign = f().direction == Direction::HigherIsBetter ? 1.0 : -1.0;
    for (std::size_t row = 0; row < eval.users.size(); ++row)
        for (std::size_t s = 0; s < specs.size(); ++s)
            ASSERT_GE(sign * (cell(eval, 0, row, s) - cell(eval, 1, row, s)), -1e-12)
                << specs[s].id() << " row " << row;
}

TEST_P(MetricContractTest, ItemsPastTheCutoffChangeNothing) {
    if (!f().takesCutoff) GTEST_SKIP() << f().id << " has no cutoff";
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
        // Except ndcg(ideal=run): its ideal list is the grades of every item
        // the run ranked (TorchMetrics' definition), so items past k move it
        // by design (profile_definitions_test pins its values).
        std::vector<MetricSpec> specs;
        for (const MetricSpec& spec : specsOf(idsOf(f(), {std::to_string(k)})))
            if (spec.id().find("ideal=run") == std::string::npos) specs.push_back(spec);
        for (TiePolicy ties : kAllPolicies) {
            Evaluation eval = evaluateSpecs(data, specs, ties);
            for (std::size_t row = 0; row < eval.users.size(); ++row)
                for (std::size_t s = 0; s < specs.size(); ++s)
                    ASSERT_NEAR(cell(eval, 1, row, s), cell(eval, 0, row, s), 1e-12)
                        << specs[s].id() << " row " << row << " ties " << tiePolicyName(ties);
        }
    }
}

TEST_P(MetricContractTest, CurveEqualsEvaluatingEachCutoffAlone) {
    Dataset data = randomDataset(777, 150);
    const std::uint32_t K = 14;  // past the longest list (12)
    for (const auto& params : parameterSets(f())) {
        const std::string base = std::string(f().id) + params;
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
                    ASSERT_NEAR(cell(together, 0, row, s), cell(alone, 0, row, 0), 1e-12)
                        << curve[s].id() << " row " << row << " ties " << tiePolicyName(ties);
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(EveryFamily, MetricContractTest, ::testing::ValuesIn(familyNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

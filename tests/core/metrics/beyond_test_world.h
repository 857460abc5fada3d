#pragma once
// The worlds of the beyond-accuracy metric tests: ground truth, one model's
// scores, training pairs and item attributes as plain strings (World), the
// hand-computed world of docs/metrics.md's examples, random worlds, and the
// engine's side of a world (Engine: its Dataset, ItemContext and ranked run).
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"
#include "data/item_context.h"
#include "eval/item_inputs.h"
#include "metrics/beyond_kernels.h"
#include "rank/ranker.h"
#include "metrics/set_level_bootstrap.h"

namespace ranklab::beyond_test {

using testing::Triple;

// One world: ground truth, one model's scores, training pairs, attributes.
struct World {
    std::vector<Triple> qrels;
    std::vector<Triple> run;
    std::vector<std::pair<std::string, std::string>> training;    // user item
    std::map<std::string, std::set<std::string>> attributes;      // item -> attributes
    std::vector<std::string> catalog;                             // empty: default
};

// The engine side: a Dataset, its ItemContext and the ranked run.
struct Engine {
    Dataset data;
    std::vector<std::uint32_t> itemOrder;
    ItemContext items;
    RankedRun ranked;
    Discounts discounts{1000};

    Engine(const World& w, TiePolicy ties) {
        data = testing::makeDataset(w.qrels, {{"m", w.run}});
        std::vector<Record> records;
        for (const auto& [u, i] : w.training) records.push_back({data.ids.users.intern(u), data.ids.items.intern(i), 0});
        GroupedLists lists = groupByUser(records, data.ids.users.size());
        DuplicateCounts counts;
        resolveDuplicates(lists, data.ids.items.size(), DuplicatePolicy::First, true, Parallelism(1), counts);
        sortByKey(lists, Parallelism(1));
        data.exclusions = Exclusions(std::move(lists.index), std::move(lists.keys));
        if (!w.attributes.empty()) {
            auto names = std::make_shared<Interner>();
            std::vector<Record> attr;
            for (const auto& [item, set] : w.attributes)
                for (const auto& a : set) attr.push_back({data.ids.items.intern(item), names->intern(a), 0});
            GroupedLists al = groupByUser(attr, data.ids.items.size());
            sortByKey(al, Parallelism(1));
            data.itemAttributes = ItemAttributes(std::move(al.index), std::move(al.keys), names);
        }
        if (!w.catalog.empty()) {
            std::vector<ItemId> cat;
            for (const auto& i : w.catalog) cat.push_back(data.ids.items.intern(i));
            std::sort(cat.begin(), cat.end());
            cat.erase(std::unique(cat.begin(), cat.end()), cat.end());
            data.catalog = cat;
        }
        items = buildItemContext(data);
        itemOrder = itemNameOrder(data.ids.items);
        RankOptions o;
        o.ties = ties;
        o.exclusions = &*data.exclusions;
        o.itemOrder = &itemOrder;
        o.parallelism = Parallelism(1);
        ranked = rankRun(data.models[0].run, data.judgments, o);
    }

    UserId user(const std::string& name) const { return data.ids.users.find(name); }

    std::vector<double> values(BeyondKernel kernel, const std::string& user, std::vector<std::uint32_t> cutoffs,
                               double threshold = 1.0, double headShare = 0.8) const {
        std::vector<double> out(cutoffs.size());
        BeyondInputs in{items, threshold, discounts, headShare};
        kernel(in, ranked.user(this->user(user)), cutoffs, out);
        return out;
    }
};

// The hand-computed world of the metric tests. Training: t1 {a, b, c},
// t2 {a, b}, t3 {a}, u {d}: n_a 3, n_b 2, n_c 1, n_d 1, N = 4. Ground truth
// of u: b and e relevant, so I = {a, b, c, d, e} and P = 7. u's run
// a > b > e > c > d; d is u's training item, so u's list is a, b, e, c.
// Short head at 0.8: a (3/7), b (5/7), c (6/7 reaches 0.8): every item with
// n >= 1, so the tail is {e}. Attributes: a {x, y}, b {y}, c {x}, d {x, z},
// e {z}.
inline World handWorld() {
    World w;
    w.qrels = {{"u", "b", 1}, {"u", "e", 1}};
    w.run = {{"u", "a", 0.9}, {"u", "b", 0.8}, {"u", "e", 0.7}, {"u", "c", 0.6}, {"u", "d", 0.5}};
    w.training = {{"t1", "a"}, {"t1", "b"}, {"t1", "c"}, {"t2", "a"}, {"t2", "b"}, {"t3", "a"}, {"u", "d"}};
    w.attributes = {{"a", {"x", "y"}}, {"b", {"y"}}, {"c", {"x"}}, {"d", {"x", "z"}}, {"e", {"z"}}};
    return w;
}

// The engine's counts of a model at a cutoff over `users`, by item name.
inline std::map<std::string, double> engineCounts(const Engine& e, const std::vector<std::string>& users,
                                                  std::uint32_t cutoff, stats::TopKLists* keep = nullptr) {
    std::vector<UserId> ids;
    for (const auto& u : users) ids.push_back(e.user(u));
    stats::TopKLists lists = stats::collectTopK(e.ranked, ids, cutoff, e.items);
    std::vector<double> c = lists.counts(e.items.catalog.size());
    std::map<std::string, double> out;
    for (std::size_t s = 0; s < c.size(); ++s) out[std::string(e.data.ids.items.name(e.items.catalog[s]))] = c[s];
    if (keep) *keep = std::move(lists);
    return out;
}

// A random world: `users` users with lists of up to `maxList` items drawn
// from `items` items, scores from few levels (ties), some relevant, some
// training pairs (also of the users' ranked items: they are excluded), and
// attributes from a small vocabulary.
inline World randomWorld(std::mt19937& rng, int users, int items, int maxList, int levels) {
    World w;
    std::uniform_int_distribution<int> itemOf(0, items - 1), len(0, maxList), level(1, levels), coin(0, 9),
        grade(0, 2), attrCount(0, 3), attr(0, 4);
    auto name = [](int i) { return "i" + std::to_string(i); };
    for (int u = 0; u < users; ++u) {
        const std::string user = "u" + std::to_string(u);
        std::set<int> chosen;
        const int n = len(rng);
        while (int(chosen.size()) < std::min(n, items)) chosen.insert(itemOf(rng));
        std::vector<int> order(chosen.begin(), chosen.end());
        std::shuffle(order.begin(), order.end(), rng);
        for (int i : order) {
            w.run.emplace_back(user, name(i), double(level(rng)));
            if (coin(rng) < 4) w.qrels.emplace_back(user, name(i), double(grade(rng)));
        }
        w.qrels.emplace_back(user, name(itemOf(rng)), 1.0);  // every user has a judgment
        for (int t = 0, nt = coin(rng) % 4; t < nt; ++t) w.training.emplace_back(user, name(itemOf(rng)));
    }
    // Other training users (popularity only).
    for (int t = 0; t < 3 * items; ++t) w.training.emplace_back("t" + std::to_string(t % 7), name(itemOf(rng)));
    // The qrels must not repeat a (user, item).
    std::map<std::pair<std::string, std::string>, double> q;
    for (const auto& [u, i, g] : w.qrels) q.emplace(std::make_pair(u, i), g);
    w.qrels.clear();
    for (const auto& [ui, g] : q) w.qrels.emplace_back(ui.first, ui.second, g);
    for (int i = 0; i < items; ++i)
        for (int a = 0, na = attrCount(rng); a < na; ++a) w.attributes[name(i)].insert("a" + std::to_string(attr(rng)));
    return w;
}

inline std::vector<std::string> runUsers(const World& w) {
    // Users of the run, and also users with a judgment only (empty lists).
    std::set<std::string> s;
    for (const auto& [u, i, v] : w.run) s.insert(u);
    return {s.begin(), s.end()};
}

} // namespace ranklab::beyond_test

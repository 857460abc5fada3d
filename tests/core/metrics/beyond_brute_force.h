#pragma once
// The brute force of the beyond-accuracy metric tests: docs/metrics.md's
// definitions on plain strings, popularity counted from the raw training
// pairs, every order of every tie group enumerated; and the set-level
// statistics straight from their definitions on counts by item.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/metrics/beyond_test_world.h"

namespace ranklab::beyond_test {

// ---- The brute force: docs/metrics.md's definitions on plain strings ----

struct Brute {
    const World& w;
    std::map<std::string, int> pop;  // n_i
    std::set<std::string> trainingUsers, catalog, trainingItems;
    double N = 0, P = 0;

    explicit Brute(const World& world) : w(world) {
        std::set<std::pair<std::string, std::string>> pairs(w.training.begin(), w.training.end());
        for (const auto& [u, i] : pairs) {
            ++pop[i];
            trainingUsers.insert(u);
            trainingItems.insert(i);
        }
        if (w.catalog.empty()) {
            catalog = trainingItems;
            for (const auto& [u, i, g] : w.qrels) catalog.insert(i);
        } else {
            catalog.insert(w.catalog.begin(), w.catalog.end());
        }
        N = double(trainingUsers.size());
        for (const auto& i : catalog) P += n(i);
    }
    int n(const std::string& i) const {
        auto it = pop.find(i);
        return it == pop.end() ? 0 : it->second;
    }
    std::optional<double> grade(const std::string& u, const std::string& i) const {
        for (const auto& [qu, qi, g] : w.qrels)
            if (qu == u && qi == i) return g;
        return std::nullopt;
    }
    bool rel(const std::string& u, const std::string& i, double theta = 1.0) const {
        auto g = grade(u, i);
        return g && *g >= theta && *g > 0;
    }
    // The tail for `share`: sort by n desc, the first item whose cumulative share reaches it, ties.
    std::set<std::string> tail(double share) const {
        std::vector<std::pair<int, std::string>> byPop;
        for (const auto& i : catalog) byPop.emplace_back(n(i), i);
        std::sort(byPop.begin(), byPop.end(), std::greater<>());
        double cum = 0;
        int threshold = -1;
        for (const auto& [ni, i] : byPop) {
            cum += ni;
            if (P > 0 && cum / P >= share) {
                threshold = ni;
                break;
            }
        }
        std::set<std::string> out;
        for (const auto& i : catalog)
            if (threshold < 0 || n(i) < threshold) out.insert(i);
        return out;
    }
    double jaccard(const std::string& a, const std::string& b) const {
        static const std::set<std::string> none;
        auto fa = w.attributes.find(a), fb = w.attributes.find(b);
        const auto& A = fa == w.attributes.end() ? none : fa->second;
        const auto& B = fb == w.attributes.end() ? none : fb->second;
        std::set<std::string> u(A.begin(), A.end()), x;
        u.insert(B.begin(), B.end());
        for (const auto& s : A)
            if (B.count(s)) x.insert(s);
        return u.empty() ? 1.0 : double(x.size()) / double(u.size());
    }
    std::vector<std::string> trainOf(const std::string& user) const {
        std::set<std::string> s;
        for (const auto& [u, i] : w.training)
            if (u == user) s.insert(i);
        return {s.begin(), s.end()};
    }

    // One per-user metric on one explicit order (`list`: the user's ranked
    // items after exclusions), at k (0 = all).
    double value(const std::string& metric, const std::string& user, const std::vector<std::string>& list,
                 std::size_t kIn, double headShare = 0.8) const {
        const std::size_t k = kIn == 0 ? list.size() : kIn;
        const std::size_t m = std::min(k, list.size());
        std::vector<std::string> L(list.begin(), list.begin() + long(m));
        auto disc = [](std::size_t p) { return 1.0 / std::log2(double(p) + 1.0); };
        double sum = 0;
        if (metric == "novelty") {
            for (const auto& i : L) sum += -std::log2(std::max(n(i), 1) / N);
            return m ? sum / double(m) : 0.0;
        }
        if (metric == "arp") {
            for (const auto& i : L) sum += n(i);
            return m ? sum / double(m) : 0.0;
        }
        if (metric == "aplt" || metric == "aclt") {
            auto t = tail(headShare);
            for (const auto& i : L) sum += t.count(i);
            return metric == "aclt" ? sum : m ? sum / double(m) : 0.0;
        }
        if (metric == "epc" || metric == "efd") {
            double norm = 0;
            for (std::size_t p = 1; p <= k; ++p) norm += disc(p);
            for (std::size_t p = 1; p <= m; ++p) {
                const auto& i = L[p - 1];
                if (!rel(user, i)) continue;
                sum += disc(p) * (metric == "epc" ? 1.0 - n(i) / N : -std::log2(std::max(n(i), 1) / P));
            }
            return norm > 0 ? sum / norm : 0.0;
        }
        if (metric == "ild") {
            if (m < 2) return 0.0;
            for (std::size_t a = 0; a < m; ++a)
                for (std::size_t b = a + 1; b < m; ++b) sum += 1.0 - jaccard(L[a], L[b]);
            return sum / (double(m) * double(m - 1) / 2.0);
        }
        if (metric == "serendipity") {
            auto train = trainOf(user);
            for (const auto& i : L) {
                if (!rel(user, i)) continue;
                double most = 0;
                for (const auto& j : train) most = std::max(most, jaccard(i, j));
                sum += 1.0 - most;
            }
            return m ? sum / double(m) : 0.0;
        }
        ADD_FAILURE() << "no brute force for " << metric;
        return 0;
    }

    // The user's items after exclusions, in groups of equal score (score
    // descending), each group in input order.
    std::vector<std::vector<std::string>> groups(const std::string& user) const {
        const std::vector<std::string> trained = trainOf(user);
        std::set<std::string> train(trained.begin(), trained.end());
        std::vector<std::pair<double, std::string>> items;
        for (const auto& [u, i, s] : w.run)
            if (u == user && !train.count(i)) items.emplace_back(s, i);
        std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        std::vector<std::vector<std::string>> out;
        for (std::size_t p = 0; p < items.size(); ++p) {
            if (p == 0 || items[p].first != items[p - 1].first) out.emplace_back();
            out.back().push_back(items[p].second);
        }
        return out;
    }

    // Calls f(order) for every order of every tie group (all permutations).
    void forEachOrder(const std::string& user, const std::function<void(const std::vector<std::string>&)>& f) const {
        auto gs = groups(user);
        for (auto& g : gs) std::sort(g.begin(), g.end());
        std::function<void(std::size_t, std::vector<std::string>&)> rec = [&](std::size_t gi,
                                                                              std::vector<std::string>& prefix) {
            if (gi == gs.size()) {
                f(prefix);
                return;
            }
            std::vector<std::string> g = gs[gi];
            do {
                const std::size_t before = prefix.size();
                prefix.insert(prefix.end(), g.begin(), g.end());
                rec(gi + 1, prefix);
                prefix.resize(before);
            } while (std::next_permutation(g.begin(), g.end()));
        };
        std::vector<std::string> prefix;
        rec(0, prefix);
    }

    // The mean of a per-user metric over all orders.
    double expected(const std::string& metric, const std::string& user, std::size_t k, double headShare = 0.8) const {
        double sum = 0;
        std::size_t orders = 0;
        forEachOrder(user, [&](const std::vector<std::string>& order) {
            sum += value(metric, user, order, k, headShare);
            ++orders;
        });
        return sum / double(orders);
    }

    // The trec order: ties by item id descending (byte-wise).
    std::vector<std::string> trecOrder(const std::string& user) const {
        std::vector<std::string> out;
        for (auto g : groups(user)) {
            std::sort(g.begin(), g.end(), std::greater<>());
            out.insert(out.end(), g.begin(), g.end());
        }
        return out;
    }

    // Expected counts c_i over `users` (every order of each user's groups).
    std::map<std::string, double> expectedCounts(const std::vector<std::string>& users, std::size_t k) const {
        std::map<std::string, double> c;
        for (const auto& i : catalog) c[i] = 0;
        for (const auto& u : users) {
            std::map<std::string, double> in;
            std::size_t orders = 0;
            forEachOrder(u, [&](const std::vector<std::string>& order) {
                const std::size_t m = std::min(k == 0 ? order.size() : k, order.size());
                for (std::size_t p = 0; p < m; ++p) in[order[p]] += 1;
                ++orders;
            });
            for (const auto& [i, times] : in)
                if (catalog.count(i)) c[i] += times / double(orders);
        }
        return c;
    }
};

// Set-level statistics straight from docs/metrics.md on counts by item.
inline double bruteCoverage(const std::map<std::string, double>& c, const std::set<std::string>* only = nullptr) {
    double covered = 0, total = 0;
    for (const auto& [i, ci] : c) {
        if (only && !only->count(i)) continue;
        total += 1;
        covered += ci > 0;
    }
    return total ? covered / total : 0.0;
}
inline double bruteGini(const std::map<std::string, double>& c, bool recommendedOnly) {
    std::vector<double> v;
    for (const auto& [i, ci] : c)
        if (!recommendedOnly || ci > 0) v.push_back(ci);
    std::sort(v.begin(), v.end());
    const double n = double(v.size());
    double total = 0, sum = 0;
    for (double x : v) total += x;
    if (v.size() < 2 || total <= 0) return 0.0;
    for (std::size_t j = 1; j <= v.size(); ++j) sum += (2.0 * double(j) - n - 1.0) * v[j - 1];
    return sum / ((n - 1) * total);
}
inline double bruteEntropy(const std::map<std::string, double>& c, bool nats) {
    double total = 0, h = 0;
    for (const auto& [i, ci] : c) total += ci;
    for (const auto& [i, ci] : c)
        if (ci > 0) h -= ci / total * (nats ? std::log(ci / total) : std::log2(ci / total));
    return h;
}
// 1 − the mean over ordered pairs of different users (u, v) of
// |L_u ∩ L_v| / k, in expectation: Σ_i p_ui·p_vi for independent users,
// p_ui the chance that item i is in u's top k.
inline double brutePersonalization(const std::vector<std::map<std::string, double>>& p, double k) {
    const std::size_t users = p.size();
    if (users < 2) return 0.0;
    double overlap = 0;
    for (std::size_t u = 0; u < users; ++u)
        for (std::size_t v = 0; v < users; ++v) {
            if (u == v) continue;
            for (const auto& [i, pi] : p[u]) {
                auto it = p[v].find(i);
                if (it != p[v].end()) overlap += pi * it->second;
            }
        }
    return 1.0 - overlap / (double(users) * double(users - 1) * k);
}

} // namespace ranklab::beyond_test

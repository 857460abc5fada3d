#pragma once
// The hand-computed set-level case: u1 a, b; u2 a, c; u3 a, b (k = 2), d in
// the catalogue through training only. c = (a 3, b 2, c 1, d 0), Σ c = 6.
#include "core/metrics/beyond_test_support.h"

namespace ranklab::beyond_test {

inline World setLevelWorld() {
    World w;
    w.qrels = {{"u1", "a", 1}, {"u2", "b", 1}, {"u3", "c", 1}};
    w.run = {{"u1", "a", 3}, {"u1", "b", 2}, {"u1", "c", 1}, {"u2", "a", 3}, {"u2", "c", 2},
             {"u2", "b", 1}, {"u3", "a", 3}, {"u3", "b", 2}, {"u3", "d", 1}};
    w.training = {{"t", "d"}, {"t", "a"}};
    return w;
}

inline const std::vector<std::string>& setLevelUsers() {
    static const std::vector<std::string> users{"u1", "u2", "u3"};
    return users;
}

// The engine's statistic at a cutoff over setLevelUsers-like users.
inline double engineStatistic(const Engine& e, const std::vector<std::string>& users, std::uint32_t cutoff,
                              const stats::SetStatistic& s) {
    std::vector<UserId> ids;
    for (const auto& u : users) ids.push_back(e.user(u));
    stats::TopKLists lists = stats::collectTopK(e.ranked, ids, cutoff, e.items);
    return stats::setStatistic(s, lists, e.items.trainingSlot);
}

// Random worlds: engine statistic of the expected counts against the brute
// force's statistic of its expected counts (every order of every group).
inline void expectSetLevelMatchesBruteForce(
    const stats::SetStatistic& s,
    const std::function<double(const Brute&, const std::map<std::string, double>&, double users, double k)>& brute) {
    std::mt19937 rng(7);
    for (int round = 0; round < 12; ++round) {
        World w = randomWorld(rng, 6, 10, 6, round % 3 + 1);
        Brute b(w);
        auto users = runUsers(w);
        for (TiePolicy policy : {TiePolicy::Expected, TiePolicy::Trec}) {
            Engine e(w, policy);
            for (std::uint32_t k : {1u, 2u, 4u}) {
                std::map<std::string, double> c;
                if (policy == TiePolicy::Expected) {
                    c = b.expectedCounts(users, k);
                } else {
                    for (const auto& i : b.catalog) c[i] = 0;
                    for (const auto& u : users) {
                        auto order = b.trecOrder(u);
                        for (std::size_t p = 0; p < std::min<std::size_t>(k, order.size()); ++p)
                            if (b.catalog.count(order[p])) c[order[p]] += 1;
                    }
                }
                EXPECT_NEAR(engineStatistic(e, users, k, s), brute(b, c, double(users.size()), double(k)), 1e-12)
                    << "round " << round << ", k " << k << ", policy " << int(policy);
            }
        }
    }
}

} // namespace ranklab::beyond_test

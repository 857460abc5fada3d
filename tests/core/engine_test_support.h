#pragma once
// Builds small in-memory datasets for engine tests: judgments and runs from
// (user, item, value) triples, through the same grouping as the readers.
#include <string>
#include <tuple>
#include <vector>

#include "data/dataset.h"
#include "eval/evaluation.h"
#include "io/record.h"
#include "io/user_grouping.h"

namespace ranklab::testing {

using Triple = std::tuple<std::string, std::string, double>;

inline GroupedLists groupTriples(IdSpace& ids, const std::vector<Triple>& triples) {
    std::vector<Record> records;
    for (const auto& [user, item, value] : triples)
        records.push_back({ids.users.intern(user), ids.items.intern(item), value});
    return groupByUser(records, ids.users.size());
}

// Judgments first (their users get the first ids), then the runs.
inline Dataset makeDataset(const std::vector<Triple>& qrels,
                           const std::vector<std::pair<std::string, std::vector<Triple>>>& runs) {
    Dataset data;
    GroupedLists truth = groupTriples(data.ids, qrels);
    sortByKey(truth, Parallelism(1));
    std::vector<GroupedLists> lists;
    for (const auto& run : runs) lists.push_back(groupTriples(data.ids, run.second));
    // Rebuild the judgments' index over every user now known.
    std::vector<std::uint64_t> offsets = truth.index.offsets();
    offsets.resize(data.ids.users.size() + 1, offsets.back());
    data.judgments = Judgments(UserIndex(std::move(offsets)), std::move(truth.keys), std::move(truth.values));
    for (std::size_t i = 0; i < runs.size(); ++i)
        data.models.push_back({runs[i].first, Run(std::move(lists[i].index), std::move(lists[i].keys),
                                                  std::move(lists[i].values)), {}});
    return data;
}

// Evaluates one metric list and returns model 0's mean of each.
inline std::vector<double> means(const Dataset& data, const std::string& metrics, TiePolicy ties,
                                 UsersPolicy users = UsersPolicy::Relevant, std::size_t model = 0) {
    EvalSettings settings;
    settings.metrics = expandMetrics(metrics, {});
    settings.ties = ties;
    settings.users = users;
    settings.parallelism = Parallelism(1);
    RankCache cache;
    return evaluate(data, settings, cache).models.at(model).means;
}

} // namespace ranklab::testing

#pragma once
// Builds small in-memory datasets for engine tests: judgments and runs from
// (user, item, value) triples, through the same grouping as the readers.
#include <string>
#include <tuple>
#include <vector>

#include "io/dataset.h"
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

// Gives `data` the beyond-accuracy metrics' item inputs if it lacks them:
// training interactions of users of their own ("train0".."train4", in no
// ground truth and no run, so no list changes) over the items known, and
// attributes for every item. Accuracy metrics do not move.
inline void addItemInputs(Dataset& data) {
    const std::size_t items = data.ids.items.size();
    if (!data.exclusions) {
        std::vector<Record> pairs;
        for (int t = 0; t < 5; ++t) {
            const UserId u = data.ids.users.intern("train" + std::to_string(t));
            for (std::size_t i = 0; i < items; ++i)
                if ((i * 7 + std::size_t(t) * 3) % 5 < std::size_t(t) + 1) pairs.push_back({u, std::uint32_t(i), 0});
        }
        GroupedLists lists = groupByUser(pairs, data.ids.users.size());
        sortByKey(lists, Parallelism(1));
        data.exclusions = Exclusions(std::move(lists.index), std::move(lists.keys));
    }
    if (!data.itemAttributes) {
        auto names = std::make_shared<Interner>();
        std::vector<Record> attributes;
        for (std::size_t i = 0; i < items; ++i)
            for (std::uint32_t a = 0; a < 4; ++a)
                if ((i + a * 5) % 3 == 0) attributes.push_back({std::uint32_t(i), names->intern("a" + std::to_string(a)), 0});
        GroupedLists lists = groupByUser(attributes, items);
        sortByKey(lists, Parallelism(1));
        data.itemAttributes = ItemAttributes(std::move(lists.index), std::move(lists.keys), names);
    }
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

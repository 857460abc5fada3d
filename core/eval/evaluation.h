#pragma once
// Every metric for every averaged user of every model, computed in parallel
// by the shared pass (user_pass.h), with the per-user table kept beside the
// means (significance tests, distributions and drill-downs need per-user
// values).
//
// Set-level columns (a metric whose record aggregates SetLevel, such as
// coverage@k) have no per-user values: their cells in perUser are NaN and
// means[column] holds the statistic over all averaged users' lists.
// isSetLevel(column) tells them apart; per-user statistics (compare's
// tests and intervals, distributions) skip them.
#include <span>
#include <string>
#include <vector>

#include "common/progress.h"
#include "common/user_key.h"
#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "eval/user_selection.h"
#include "rank/rank_cache.h"

namespace ranklab {

struct ModelValues {
    std::string name;
    std::vector<double> perUser;  // users.size() x metrics.size(), row-major
    std::vector<double> means;    // per metric: the mean over users, or the set-level statistic
};

struct Evaluation {
    EvalSettings settings;
    std::vector<UserId> users;  // the averaged users, the rows of perUser
    // The key of each row's user id (common/user_key.h): the resampling
    // procedures draw and order users by it. Empty for an evaluation built
    // without ids (they then key row r by the number r).
    std::vector<UserKey> userKeys;
    std::vector<ModelValues> models;
    UserCounts counts;

    std::size_t metricCount() const { return settings.metrics.size(); }
    double value(std::size_t model, std::size_t row, std::size_t metric) const {
        return models[model].perUser[row * metricCount() + metric];
    }
    // Column index of a metric by canonical id, or npos.
    std::size_t metricIndex(const std::string& id) const;
    // Whether column `metric` is a set-level statistic (NaN per user).
    bool isSetLevel(std::size_t metric) const;
    // userKeys, or row r's stand-in key when they are missing.
    std::vector<UserKey> keysOfRows() const;
};

// The keys of `users`' ids in `ids`.
std::vector<UserKey> userKeysOf(const IdSpace& ids, std::span<const UserId> users);

// Ranks (or takes from `cache`) and evaluates every model of `data`.
// Throws Cancelled when `progress` is cancelled.
Evaluation evaluate(const Dataset& data, const EvalSettings& settings, RankCache& cache,
                    const Progress* progress = nullptr);

} // namespace ranklab

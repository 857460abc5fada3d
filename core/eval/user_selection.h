#pragma once
// Which users are averaged (UsersPolicy), and the per-user ground truth the
// metrics read (grades sorted descending).
#include <vector>

#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "metrics/user_truth.h"

namespace ranklab {

struct UserCounts {
    std::size_t evaluated = 0;  // users averaged
    std::size_t runOnly = 0;    // users in some run but not in the ground truth
    std::size_t qrelsOnly = 0;  // ground-truth users in no run
};

struct UserSelection {
    std::vector<UserId> users;  // ascending id
    UserCounts counts;
};

UserSelection selectUsers(const Dataset& data, UsersPolicy policy, double threshold);
// The users `settings` averages: its users policy and threshold, then, when
// settings.onlyUsers is set, only those of them in it (evaluated counts the
// users kept; runOnly and qrelsOnly stay those of the whole data).
UserSelection selectUsers(const Dataset& data, const EvalSettings& settings);

class TruthTable {
public:
    explicit TruthTable(const Judgments& judgments);
    UserTruth user(UserId u) const {
        if (std::size_t(u) + 1 >= offsets_.size()) return {};
        return {{grades_.data() + offsets_[u], static_cast<std::size_t>(offsets_[u + 1] - offsets_[u])}};
    }
    std::size_t maxJudged() const { return maxJudged_; }

private:
    std::vector<std::uint64_t> offsets_;
    std::vector<double> grades_;
    std::size_t maxJudged_ = 0;
};

} // namespace ranklab

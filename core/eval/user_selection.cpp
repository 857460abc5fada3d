#include "eval/user_selection.h"

#include <algorithm>
#include <functional>
#include <iterator>

#include "common/error.h"

namespace ranklab {

UserSelection selectUsers(const Dataset& data, UsersPolicy policy, double threshold) {
    threshold = std::max(0.0, threshold);  // negative grades are never relevant
    UserSelection out;
    const std::size_t users = data.ids.users.size();
    for (std::size_t i = 0; i < users; ++i) {
        const UserId u = static_cast<UserId>(i);
        const bool judged = data.judgments.hasUser(u);
        bool inAny = false, inAll = !data.models.empty();
        for (const ModelRun& m : data.models) {
            bool has = m.run.hasUser(u);
            inAny = inAny || has;
            inAll = inAll && has;
        }
        if (!judged) {
            out.counts.runOnly += inAny;
            continue;
        }
        if (!inAny) ++out.counts.qrelsOnly;
        bool take = false;
        auto relevant = [&] {
            auto grades = data.judgments.grades(u);
            return std::any_of(grades.begin(), grades.end(), [&](double g) { return g >= threshold; });
        };
        switch (policy) {
        case UsersPolicy::Relevant: take = relevant(); break;
        case UsersPolicy::Trec: take = inAll; break;
        case UsersPolicy::All: take = true; break;
        case UsersPolicy::Ranked: take = inAll && relevant(); break;
        }
        if (take) out.users.push_back(u);
    }
    out.counts.evaluated = out.users.size();
    return out;
}

UserSelection selectUsers(const Dataset& data, const EvalSettings& settings) {
    UserSelection out = selectUsers(data, settings.users, settings.relevanceThreshold);
    if (settings.onlyUsers) {
        const std::vector<UserId>& keep = *settings.onlyUsers;
        if (!std::is_sorted(keep.begin(), keep.end()))
            throw Error("EvalSettings::onlyUsers must be sorted by ascending user id");
        std::vector<UserId> kept;
        std::set_intersection(out.users.begin(), out.users.end(), keep.begin(), keep.end(), std::back_inserter(kept));
        out.users = std::move(kept);
        out.counts.evaluated = out.users.size();
    }
    return out;
}

TruthTable::TruthTable(const Judgments& judgments) {
    const std::size_t users = judgments.index().userCount();
    offsets_.assign(users + 1, 0);
    grades_.reserve(judgments.size());
    for (std::size_t u = 0; u < users; ++u) {
        auto g = judgments.grades(UserId(u));
        std::size_t start = grades_.size();
        grades_.insert(grades_.end(), g.begin(), g.end());
        std::sort(grades_.begin() + std::ptrdiff_t(start), grades_.end(), std::greater<double>());
        offsets_[u + 1] = grades_.size();
        maxJudged_ = std::max(maxJudged_, g.size());
    }
}

} // namespace ranklab

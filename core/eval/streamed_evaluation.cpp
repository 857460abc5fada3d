#include "eval/streamed_evaluation.h"

#include <algorithm>
#include <memory>
#include <numeric>

#include "common/error.h"
#include "metrics/metric_record.h"
#include "stats/column_means.h"

namespace ranklab {

std::string StreamedEvaluation::refusal(const EvalSettings& settings, std::size_t runs) {
    for (const MetricSpec& spec : settings.metrics) {
        const MetricRecord* record = spec.record();
        if (record && record->setLevel())
            return spec.id() + " is a set-level metric (one statistic over every user's list): it cannot be "
                               "evaluated from a stream; leave out --stream or the metric";
    }
    if (runs > 1 && (settings.users == UsersPolicy::Trec || settings.users == UsersPolicy::Ranked))
        return std::string("--users ") + usersPolicyName(settings.users) +
               " keeps the users in every run, which needs all the runs at once: with --stream and several "
               "runs use --users relevant or all, or stream one run at a time";
    return {};
}

StreamedEvaluation::StreamedEvaluation(EvalSettings settings, std::size_t runs)
    : settings_(std::move(settings)), models_(runs) {
    if (const std::string why = refusal(settings_, runs); !why.empty()) throw Error(why);
    settings_.onlyUsers.reset();
}

Evaluation StreamedEvaluation::evaluateUsers(Dataset& data, Run run, std::vector<UserId> users,
                                             const Progress* progress) const {
    EvalSettings settings = settings_;
    settings.onlyUsers = std::make_shared<const std::vector<UserId>>(std::move(users));
    std::vector<ModelRun> kept = std::move(data.models);
    data.models.clear();
    data.models.push_back({"stream", std::move(run), {}});
    RankCache cache;
    Evaluation part;
    try {
        part = evaluate(data, settings, cache, progress);
    } catch (...) {
        data.models = std::move(kept);
        throw;
    }
    data.models = std::move(kept);
    return part;
}

void StreamedEvaluation::append(Rows& rows, const Evaluation& part) const {
    rows.users.insert(rows.users.end(), part.users.begin(), part.users.end());
    const std::vector<double>& values = part.models.front().perUser;
    rows.values.insert(rows.values.end(), values.begin(), values.end());
}

void StreamedEvaluation::add(Dataset& data, std::size_t model, Run&& chunk, const Progress* progress) {
    Rows& rows = models_.at(model);
    const UserIndex& index = chunk.index();
    std::vector<UserId> users;
    for (std::size_t u = 0; u < index.userCount(); ++u)
        if (index.count(UserId(u)) > 0) users.push_back(UserId(u));
    if (users.empty()) return;
    if (rows.seen.size() <= users.back()) rows.seen.resize(users.back() + 1, false);
    if (inAnyRun_.size() <= users.back()) inAnyRun_.resize(users.back() + 1, false);
    for (UserId u : users) rows.seen[u] = inAnyRun_[u] = true;
    if (rows.users.empty()) {
        // Only ground-truth users are ever evaluated: room for all of them
        // at once, so the table never doubles (and is never copied) as it grows.
        const std::size_t judged = data.judgments.index().nonEmptyUsers();
        rows.users.reserve(judged);
        rows.values.reserve(judged * settings_.metrics.size());
    }
    append(rows, evaluateUsers(data, std::move(chunk), std::move(users), progress));
}

Evaluation StreamedEvaluation::finish(Dataset& data, const Progress* progress) {
    if (data.models.size() != models_.size())
        throw Error("internal error: a streamed evaluation of " + std::to_string(models_.size()) + " runs got " +
                    std::to_string(data.models.size()));
    const std::size_t metrics = settings_.metrics.size();
    const std::size_t userCount = data.ids.users.size();
    Evaluation out;
    out.settings = settings_;
    for (std::size_t m = 0; m < models_.size(); ++m) {
        if (progress) progress->check();
        Rows& rows = models_[m];
        // Ground-truth users the run lacks: evaluated as a whole-run
        // evaluation does (0 under relevant and all, left out under trec).
        std::vector<UserId> missing;
        for (std::size_t u = 0; u < userCount; ++u)
            if (data.judgments.hasUser(UserId(u)) && (u >= rows.seen.size() || !rows.seen[u]))
                missing.push_back(UserId(u));
        if (!missing.empty()) append(rows, evaluateUsers(data, Run(), std::move(missing), nullptr));
        // Rows in ascending user order, as evaluate() gives them. A run whose
        // users come in id order (the usual case: ids are numbered as the
        // files first name them) is in that order already: no copy.
        ModelValues values;
        values.name = data.models[m].name;
        std::vector<UserId> users;
        if (std::is_sorted(rows.users.begin(), rows.users.end())) {
            users = std::move(rows.users);
            values.perUser = std::move(rows.values);
        } else {
            std::vector<std::size_t> order(rows.users.size());
            std::iota(order.begin(), order.end(), std::size_t{0});
            std::sort(order.begin(), order.end(),
                      [&](std::size_t a, std::size_t b) { return rows.users[a] < rows.users[b]; });
            users.resize(order.size());
            for (std::size_t i = 0; i < order.size(); ++i) users[i] = rows.users[order[i]];
            values.perUser.resize(order.size() * metrics);
            for (std::size_t i = 0; i < order.size(); ++i)
                std::copy_n(rows.values.begin() + static_cast<std::ptrdiff_t>(order[i] * metrics), metrics,
                            values.perUser.begin() + static_cast<std::ptrdiff_t>(i * metrics));
        }
        rows = {};
        if (m == 0) {
            out.users = users;
            out.userKeys = userKeysOf(data.ids, out.users);
        }
        else if (users != out.users)
            throw Error("internal error: the streamed runs were evaluated over different users");
        values.means.assign(metrics, 0.0);
        if (!users.empty())
            stats::columnMeans(values.perUser, users.size(), metrics, {}, values.means, settings_.parallelism);
        out.models.push_back(std::move(values));
    }
    // The counts selectUsers() gives over the whole runs.
    out.counts.evaluated = out.users.size();
    for (std::size_t u = 0; u < userCount; ++u) {
        const bool judged = data.judgments.hasUser(UserId(u));
        const bool inAny = u < inAnyRun_.size() && inAnyRun_[u];
        if (!judged)
            out.counts.runOnly += inAny;
        else if (!inAny)
            ++out.counts.qrelsOnly;
    }
    return out;
}

} // namespace ranklab

#include "eval/profile_explain.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>

#include "eval/evaluation.h"
#include "metrics/metric_record.h"

namespace ranklab {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The metric parameter a clause sets, or "" for ties and users.
std::string_view paramOf(ProfileClause clause) {
    switch (clause) {
    case ProfileClause::Gain: return "gain";
    case ProfileClause::Ideal: return "ideal";
    case ProfileClause::Norm: return "norm";
    default: return {};
    }
}

// The clause's value in `settings` for column `metric` ("" when the family
// has no such parameter).
std::string clauseText(ProfileClause clause, const EvalSettings& settings, std::size_t metric) {
    if (clause == ProfileClause::Ties) return tiePolicyName(settings.ties);
    if (clause == ProfileClause::Users) return usersPolicyName(settings.users);
    return std::string(settings.metrics[metric].choice(paramOf(clause)));
}

// `from` with one clause taken from `to`.
EvalSettings switched(EvalSettings from, const EvalSettings& to, ProfileClause clause) {
    if (clause == ProfileClause::Ties) from.ties = to.ties;
    else if (clause == ProfileClause::Users) from.users = to.users;
    else
        for (std::size_t m = 0; m < from.metrics.size(); ++m) {
            const std::string_view value = to.metrics[m].choice(paramOf(clause));
            if (!value.empty()) from.metrics[m].set(paramOf(clause), value);
        }
    return from;
}

bool sameSettings(const EvalSettings& x, const EvalSettings& y) {
    if (x.ties != y.ties || x.users != y.users || x.metrics.size() != y.metrics.size()) return false;
    for (std::size_t m = 0; m < x.metrics.size(); ++m)
        if (!(x.metrics[m] == y.metrics[m])) return false;
    return true;
}

bool differ(double x, double y) {
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) != std::isnan(y);
    return std::abs(x - y) > kExplainTolerance;
}

// One user's value in column `metric` of `model`, NaN when not averaged;
// `row` walks e.users in step with ascending ids.
double valueOf(const Evaluation& e, std::size_t model, std::size_t metric, UserId user) {
    auto it = std::lower_bound(e.users.begin(), e.users.end(), user);
    if (it == e.users.end() || *it != user) return kNaN;
    return e.value(model, std::size_t(it - e.users.begin()), metric);
}

std::vector<UserId> unionOf(const std::vector<const Evaluation*>& stages) {
    std::vector<UserId> all;
    for (const Evaluation* e : stages) all.insert(all.end(), e->users.begin(), e->users.end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
}

} // namespace

ProfileExplanation explainProfiles(const Dataset& data, const EvalSettings& base, const DefinitionProfile& a,
                                   const DefinitionProfile& b, RankCache& cache, const Progress* progress) {
    EvalSettings first = base, last = base;
    applyProfile(a, first);
    applyProfile(b, last);

    // Stage 0 is A; stage s (1..5) switches clause s-1 to B; stage 5 is B.
    std::vector<EvalSettings> settings{first};
    for (ProfileClause clause : kProfileClauses) settings.push_back(switched(settings.back(), last, clause));
    std::vector<Evaluation> evaluations;
    std::vector<const Evaluation*> stages;
    evaluations.reserve(settings.size());
    for (std::size_t s = 0; s < settings.size(); ++s) {
        if (s > 0 && sameSettings(settings[s], settings[s - 1])) {
            stages.push_back(stages.back());
            continue;
        }
        std::optional<Progress> part;
        if (progress)
            part.emplace(*progress, double(s) / double(settings.size()), double(s + 1) / double(settings.size()));
        evaluations.push_back(evaluate(data, settings[s], cache, part ? &*part : nullptr));
        stages.push_back(&evaluations.back());
    }
    const std::vector<UserId> everyone = unionOf(stages);

    ProfileExplanation out{a.name, b.name, {}};
    const Evaluation& ea = *stages.front();
    const Evaluation& eb = *stages.back();
    for (std::size_t model = 0; model < ea.models.size(); ++model) {
        ModelExplanation me{ea.models[model].name, {}};
        for (std::size_t m = 0; m < base.metrics.size(); ++m) {
            MetricExplanation x;
            x.metric = base.metrics[m].id();
            x.idA = first.metrics[m].id();
            x.idB = last.metrics[m].id();
            x.meanA = ea.models[model].means[m];
            x.meanB = eb.models[model].means[m];
            x.usersA = ea.users.size();
            x.usersB = eb.users.size();
            x.setLevel = ea.isSetLevel(m);
            for (std::size_t c = 0; c < std::size(kProfileClauses); ++c) {
                const ProfileClause clause = kProfileClauses[c];
                ClauseStep step{clause, clauseText(clause, first, m), clauseText(clause, last, m)};
                const Evaluation& before = *stages[c];
                const Evaluation& after = *stages[c + 1];
                step.contribution = after.models[model].means[m] - before.models[model].means[m];
                x.steps.push_back(std::move(step));
            }
            if (!x.setLevel) {
                for (UserId u : everyone) {
                    std::vector<double> values;
                    for (const Evaluation* e : stages) values.push_back(valueOf(*e, model, m, u));
                    if (!differ(values.front(), values.back())) {
                        for (std::size_t c = 0; c + 1 < values.size(); ++c)
                            x.steps[c].usersChanged += differ(values[c], values[c + 1]);
                        continue;
                    }
                    UserDifference d{u, values.front(), values.back(), {}};
                    for (std::size_t c = 0; c + 1 < values.size(); ++c)
                        if (differ(values[c], values[c + 1])) {
                            ++x.steps[c].usersChanged;
                            d.clauses.push_back(kProfileClauses[c]);
                        }
                    x.users.push_back(std::move(d));
                }
            }
            me.metrics.push_back(std::move(x));
        }
        out.models.push_back(std::move(me));
    }
    return out;
}

} // namespace ranklab

#include "report/profile_explain_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "common/number_text.h"

namespace ranklab {

namespace {

std::string fixed(double value, int digits) { return fixedDecimals(value, digits, "-"); }

std::string signedFixed(double value, int digits) {
    std::string text = fixed(value, digits);
    return value >= 0 && text != "-" ? "+" + text : text;
}

nlohmann::ordered_json number(double value) {
    return std::isnan(value) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(value);
}

std::string pad(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

} // namespace

std::string formatExplanationText(const ProfileExplanation& x, int digits) {
    std::string out = "profiles: A = " + x.a + ", B = " + x.b +
                      " (clauses switched from A to B in the order ties, users, gain, ideal, norm)\n";
    for (const ModelExplanation& model : x.models) {
        out += "\nmodel " + model.name + "\n";
        for (const MetricExplanation& m : model.metrics) {
            out += "  " + m.metric + ": A " + m.idA + " = " + fixed(m.meanA, digits) + " (" +
                   std::to_string(m.usersA) + " users), B " + m.idB + " = " + fixed(m.meanB, digits) + " (" +
                   std::to_string(m.usersB) + " users), B - A = " + signedFixed(m.meanB - m.meanA, digits);
            out += m.setLevel ? ", a set-level statistic\n"
                              : ", " + std::to_string(m.users.size()) + " users differ\n";
            for (const ClauseStep& s : m.steps) {
                const bool same = s.from == s.to;
                out += "    " + pad(profileClauseName(s.clause), 6) + " " +
                       pad(s.from.empty() ? "-" : s.from, 9) + (same ? "   " : "-> ") +
                       pad(same ? "" : (s.to.empty() ? "-" : s.to), 9) + " " +
                       pad(signedFixed(s.contribution, digits), digits + 4);
                if (!m.setLevel) out += "  " + std::to_string(s.usersChanged) + " users";
                out += "\n";
            }
        }
    }
    return out;
}

std::string formatExplanationJson(const ProfileExplanation& x, const IdSpace& ids, std::size_t listUsers) {
    nlohmann::ordered_json order = nlohmann::ordered_json::array();
    for (ProfileClause c : kProfileClauses) order.push_back(profileClauseName(c));
    nlohmann::ordered_json models = nlohmann::ordered_json::array();
    for (const ModelExplanation& model : x.models) {
        nlohmann::ordered_json metrics = nlohmann::ordered_json::array();
        for (const MetricExplanation& m : model.metrics) {
            nlohmann::ordered_json clauses = nlohmann::ordered_json::array();
            for (const ClauseStep& s : m.steps)
                clauses.push_back({{"clause", profileClauseName(s.clause)},
                                   {"a", s.from},
                                   {"b", s.to},
                                   {"contribution", number(s.contribution)},
                                   {"users", s.usersChanged}});
            nlohmann::ordered_json users = nlohmann::ordered_json::array();
            for (std::size_t i = 0; i < m.users.size() && i < listUsers; ++i) {
                const UserDifference& d = m.users[i];
                nlohmann::ordered_json why = nlohmann::ordered_json::array();
                for (ProfileClause c : d.clauses) why.push_back(profileClauseName(c));
                users.push_back({{"user", std::string(ids.users.name(d.user))},
                                 {"a", number(d.a)},
                                 {"b", number(d.b)},
                                 {"clauses", why}});
            }
            metrics.push_back({{"metric", m.metric},
                               {"id_a", m.idA},
                               {"id_b", m.idB},
                               {"mean_a", number(m.meanA)},
                               {"mean_b", number(m.meanB)},
                               {"difference", number(m.meanB - m.meanA)},
                               {"users_a", m.usersA},
                               {"users_b", m.usersB},
                               {"set_level", m.setLevel},
                               {"users_differing", m.users.size()},
                               {"clauses", clauses},
                               {"users", users}});
        }
        models.push_back({{"model", model.name}, {"metrics", metrics}});
    }
    nlohmann::ordered_json out = {
        {"profiles", nlohmann::ordered_json::array({x.a, x.b})}, {"clause_order", order}, {"models", models}};
    return out.dump(2) + "\n";
}

} // namespace ranklab

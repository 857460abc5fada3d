// The study request's table of settings and its JSON codec (study_request.h).
#include "manifest/study_request.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "common/error.h"
#include "eval/definition_profile.h"
#include "metrics/metric_spec.h"
#include "rank/tie_policy.h"
#include "stats/corrections.h"

namespace ranklab {
namespace {

enum class Type { Flag, Count, Real, Choice, Metrics, Token, Text };

struct SettingRule {
    const char* name;
    Type type;
    double low = 0, high = 0;              // Count, Real
    std::vector<std::string> choices = {};  // Choice
};

constexpr double kU64 = 18446744073709551615.0;

// Every option of an exporting command that changes what it computes or
// prints and names no file. Options naming files (--qrels, --run, --out,
// --per-user, --partial, --bucket-sizes, --only-users, --workspace, ...) are
// not here: the inputs come from the manifest's list, outputs go to verify's
// scratch folder.
const std::vector<SettingRule>& rules() {
    static const std::vector<SettingRule> table = [] {
        std::vector<std::string> profiles = profileNames();
        return std::vector<SettingRule>{
            {"all-pairs", Type::Flag},
            {"alpha", Type::Real, 0, 1},
            {"band", Type::Choice, 0, 0, {"bootstrap", "t", "none"}},
            {"baseline", Type::Text},
            {"bins", Type::Token},
            {"buckets", Type::Token},
            {"by", Type::Choice, 0, 0, {"relevant", "activity", "attribute"}},
            {"catalog-size", Type::Count, 2, 1099511627776.0},
            {"correction", Type::Choice, 0, 0, acceptedNames<stats::Correction>(stats::kCorrectionNames)},
            {"cutoffs", Type::Token},
            {"difference", Type::Text},
            {"digits", Type::Count, 0, 17},
            {"dpi", Type::Count, 1, 10000},
            {"duplicates", Type::Choice, 0, 0, {"error", "first", "max"}},
            {"examples", Type::Count, 0, 1e6},
            {"format", Type::Choice, 0, 0, {"table", "csv", "json", "md", "latex", "text"}},
            {"height", Type::Count, 1, 20000},
            {"interval", Type::Choice, 0, 0, {"t", "bootstrap", "none"}},
            {"kind", Type::Choice, 0, 0, {"curves", "ranks", "cohorts", "ties", "forest", "cd"}},
            {"kmax", Type::Count, 1, 1e6},
            {"level", Type::Real, 0, 1},
            {"log", Type::Flag},
            {"max-expansion", Type::Real, 0, 1e12},
            {"max-fields", Type::Count, 0, 4294967296.0},
            {"max-line-length", Type::Count, 0, 1099511627776.0},
            {"metric", Type::Metrics},
            {"metrics", Type::Metrics},
            {"min-effect", Type::Token},
            {"n", Type::Token},
            {"no-bands", Type::Flag},
            {"no-bootstrap", Type::Flag},
            {"no-caption", Type::Flag},
            {"no-exclusions", Type::Flag},
            {"no-ties", Type::Flag},
            {"power", Type::Real, 0, 1},
            {"profile", Type::Choice, 0, 0, profiles},
            {"quantiles", Type::Count, 1, 1e6},
            {"ranks", Type::Choice, 0, 0, {"first", "all"}},
            {"rel", Type::Real, -1e300, 1e300},
            {"resamples", Type::Count, 1, 1e8},
            {"sampled", Type::Count, 1, 4294967295.0},
            {"sd", Type::Token},
            {"sections", Type::Token},
            {"seed", Type::Count, 0, kU64},
            {"simulate", Type::Token},
            {"simulations", Type::Count, 1, 1e7},
            {"skip-bad-lines", Type::Flag},
            {"strict", Type::Flag},
            {"stream", Type::Flag},
            {"stream-chunk", Type::Count, 1, 1099511627776.0},
            {"test", Type::Token},
            {"ties", Type::Choice, 0, 0, acceptedNames<TiePolicy>(kTiePolicyNames)},
            {"title", Type::Text},
            {"users", Type::Choice, 0, 0, acceptedNames<UsersPolicy>(kUsersPolicyNames)},
            {"width", Type::Count, 1, 20000},
        };
    }();
    return table;
}

const SettingRule* ruleOf(std::string_view name) {
    for (const SettingRule& r : rules())
        if (name == r.name) return &r;
    return nullptr;
}

constexpr std::size_t kMaxValueBytes = 1024;
constexpr std::size_t kMaxValues = 64;

std::string shownText(std::string_view text) {
    std::string out = "\"";
    for (char c : text.substr(0, 60)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
    return out + (text.size() > 60 ? "...\"" : "\"");
}

bool isTokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_.,:@%=+-()* ").find(c) != std::string_view::npos;
}

// "" when `value` is of `rule`'s type, else what was expected.
std::string problemOf(const SettingRule& rule, const std::string& value) {
    if (value.size() > kMaxValueBytes) return "a value of at most 1024 bytes";
    switch (rule.type) {
    case Type::Flag: return "no value (a flag)";
    case Type::Count: {
        std::uint64_t n = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (value.empty() || ec != std::errc() || end != value.data() + value.size() || double(n) < rule.low ||
            double(n) > rule.high)
            return "a whole number from " + std::to_string(std::uint64_t(rule.low)) + " to " +
                   (rule.high >= kU64 ? std::string("2^64 - 1") : std::to_string(std::uint64_t(rule.high)));
        return "";
    }
    case Type::Real: {
        double x = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), x);
        if (value.empty() || ec != std::errc() || end != value.data() + value.size() || !std::isfinite(x) ||
            x < rule.low || x > rule.high)
            return "a finite number from " + std::to_string(rule.low) + " to " + std::to_string(rule.high);
        return "";
    }
    case Type::Choice: {
        if (std::find(rule.choices.begin(), rule.choices.end(), value) != rule.choices.end()) return "";
        std::string names;
        for (const std::string& c : rule.choices) names.append(names.empty() ? "" : " | ").append(c);
        return "one of " + names;
    }
    case Type::Metrics:
        if (value.empty() || !std::all_of(value.begin(), value.end(), isTokenChar)) return "metric ids";
        try {
            expandMetrics(value, {10});
        } catch (const Error& e) {
            return std::string("metric ids (") + e.what() + ")";
        }
        return "";
    case Type::Token:
        if (value.empty() || !std::all_of(value.begin(), value.end(), isTokenChar))
            return "letters, digits, spaces and _.,:@%=+-()*";
        return "";
    case Type::Text:
        if (value.empty()) return "a text (not empty)";  // "--title=" would take the next argument
        for (char c : value)
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "a text without control characters";
        return "";
    }
    return "a known setting";
}

} // namespace

const char* requestKindName(RequestKind kind) { return kRequestKinds[static_cast<int>(kind)]; }

std::optional<RequestKind> parseRequestKind(std::string_view name) {
    for (std::size_t i = 0; i < std::size(kRequestKinds); ++i)
        if (name == kRequestKinds[i]) return static_cast<RequestKind>(i);
    return std::nullopt;
}

bool isRequestSetting(std::string_view name) { return ruleOf(name) != nullptr; }
bool isRequestFlag(std::string_view name) {
    const SettingRule* r = ruleOf(name);
    return r && r->type == Type::Flag;
}

void checkRequestSetting(const RequestSetting& s) {
    const SettingRule* rule = ruleOf(s.name);
    if (!rule) throw Error("request.settings: " + shownText(s.name) + " is not a setting a request may hold");
    const std::string where = "request.settings." + s.name;
    if (rule->type == Type::Flag) {
        if (!s.flag || !s.values.empty()) throw Error(where + ": expected true (a flag)");
        return;
    }
    if (s.flag || s.values.empty() || s.values.size() > kMaxValues)
        throw Error(where + ": expected a list of 1 to 64 values");
    for (const std::string& v : s.values)
        if (const std::string problem = problemOf(*rule, v); !problem.empty())
            throw Error(where + ": " + shownText(v) + ", expected " + problem);
}

nlohmann::ordered_json requestJson(const StudyRequest& r) {
    using Ordered = nlohmann::ordered_json;
    Ordered inputs = Ordered::object();
    auto put = [&](const char* role, const std::optional<std::size_t>& index) {
        if (index) inputs[role] = *index;
    };
    put("workspace", r.inputs.workspace);
    put("ground_truth", r.inputs.groundTruth);
    if (!r.inputs.runs.empty()) inputs["runs"] = r.inputs.runs;
    put("exclusions", r.inputs.exclusions);
    put("cohorts", r.inputs.cohorts);
    put("catalog", r.inputs.catalog);
    put("items", r.inputs.items);
    put("only_users", r.inputs.onlyUsers);
    Ordered settings = Ordered::object();
    for (const RequestSetting& s : r.settings) {
        if (s.flag) settings[s.name] = true;
        else settings[s.name] = s.values;
    }
    return Ordered{{"kind", requestKindName(r.kind)}, {"inputs", std::move(inputs)}, {"settings", std::move(settings)}};
}

StudyRequest requestFromJson(const nlohmann::json& j, const std::vector<std::string>& inputRoles) {
    if (!j.is_object()) throw Error("request: expected an object");
    for (const auto& [key, value] : j.items())
        if (key != "kind" && key != "inputs" && key != "settings")
            throw Error("request: unknown key " + shownText(key) + " (expected kind, inputs, settings)");
    StudyRequest r;
    if (!j.contains("kind") || !j["kind"].is_string()) throw Error("request.kind: expected the name of a command");
    const auto kind = parseRequestKind(j["kind"].get<std::string>());
    if (!kind)
        throw Error("request.kind: " + shownText(j["kind"].get<std::string>()) +
                    ", expected eval | compare | ranks | curves | cohorts | validate | power | report | plot");
    r.kind = *kind;

    if (!j.contains("inputs") || !j["inputs"].is_object()) throw Error("request.inputs: expected an object");
    auto index = [&](const std::string& key, const nlohmann::json& v) {
        const std::string role = key == "runs" ? "run" : key;
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= inputRoles.size())
            throw Error("request.inputs." + key + ": expected an index into the manifest's " +
                        std::to_string(inputRoles.size()) + " inputs");
        const std::size_t i = v.get<std::size_t>();
        if (inputRoles[i] != role)
            throw Error("request.inputs." + key + ": input " + std::to_string(i) + " is a " + shownText(inputRoles[i]) +
                        ", expected a " + shownText(role));
        return i;
    };
    std::vector<bool> used(inputRoles.size(), false);
    auto once = [&](const std::string& key, std::size_t i) {
        if (used[i]) throw Error("request.inputs." + key + ": input " + std::to_string(i) + " is named twice");
        used[i] = true;
        return i;
    };
    for (const auto& [key, value] : j["inputs"].items()) {
        if (key == "runs") {
            if (!value.is_array() || value.empty() || value.size() > inputRoles.size())
                throw Error("request.inputs.runs: expected a list of input indices");
            for (const auto& v : value) r.inputs.runs.push_back(once(key, index(key, v)));
            continue;
        }
        std::optional<std::size_t>* slot = key == "workspace"      ? &r.inputs.workspace
                                           : key == "ground_truth" ? &r.inputs.groundTruth
                                           : key == "exclusions"   ? &r.inputs.exclusions
                                           : key == "cohorts"      ? &r.inputs.cohorts
                                           : key == "catalog"      ? &r.inputs.catalog
                                           : key == "items"        ? &r.inputs.items
                                           : key == "only_users"   ? &r.inputs.onlyUsers
                                                                   : nullptr;
        if (!slot) throw Error("request.inputs: unknown role " + shownText(key));
        *slot = once(key, index(key, value));
    }

    if (!j.contains("settings") || !j["settings"].is_object()) throw Error("request.settings: expected an object");
    for (const auto& [key, value] : j["settings"].items()) {
        RequestSetting s;
        s.name = key;
        if (value.is_boolean() && value.get<bool>()) {
            s.flag = true;
        } else if (value.is_array()) {
            for (const auto& v : value) {
                if (!v.is_string()) throw Error("request.settings." + key + ": expected a list of strings");
                s.values.push_back(v.get<std::string>());
            }
        } else {
            throw Error("request.settings." + key + ": expected true or a list of strings");
        }
        checkRequestSetting(s);
        r.settings.push_back(std::move(s));
    }
    std::sort(r.settings.begin(), r.settings.end(),
              [](const RequestSetting& a, const RequestSetting& b) { return a.name < b.name; });
    return r;
}

} // namespace ranklab

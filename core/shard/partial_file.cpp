#include "shard/partial_file.h"

#include <cstdio>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "shard/partial_json.h"

namespace ranklab::shard {

using Json = nlohmann::ordered_json;

std::string hexFloat(double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%a", v);
    return buffer;
}

double parseHexFloat(const std::string& text, const std::string& where) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size())
        throw Error(where + ": expected a hexadecimal float, got \"" + text + "\"");
    return v;
}

Json momentsJson(const stats::ExactMoments& c) {
    return {{"n", c.count()},
            {"nan", c.nanCount()},
            {"min", hexFloat(c.min())},
            {"max", hexFloat(c.max())},
            {"sum", c.sum().serialize()},
            {"squares", c.squares().serialize()}};
}

stats::ExactMoments momentsFromJson(const Json& c, const std::string& where) {
    return stats::ExactMoments::fromParts(c.at("n").get<std::size_t>(), c.at("nan").get<std::size_t>(),
                                          parseHexFloat(c.at("min").get<std::string>(), where + " min"),
                                          parseHexFloat(c.at("max").get<std::string>(), where + " max"),
                                          stats::ExactSum::parse(c.at("sum").get<std::string>()),
                                          stats::ExactSum::parse(c.at("squares").get<std::string>()));
}

std::string writeEvalPartial(const EvalPartial& p) {
    Json metrics = Json::array();
    for (const MetricSpec& spec : p.settings.metrics) metrics.push_back(spec.id());
    Json buckets = Json::array();
    for (const BucketRange& r : p.buckets) buckets.push_back({r.begin, r.end});
    Json models = Json::array();
    for (const EvalPartial::Model& model : p.models) {
        Json columns = Json::array();
        for (const stats::ExactMoments& c : model.columns) columns.push_back(momentsJson(c));
        models.push_back({{"name", model.name}, {"columns", std::move(columns)}});
    }
    const Json out = {{"format", "ranklab-partial"},
                      {"version", kPartialVersion},
                      {"command", "eval"},
                      {"buckets", std::move(buckets)},
                      {"settings",
                       {{"metrics", std::move(metrics)},
                        {"ties", tiePolicyName(p.settings.ties)},
                        {"users", usersPolicyName(p.settings.users)},
                        {"rel", hexFloat(p.settings.relevanceThreshold)},
                        {"exclusions", p.settings.useExclusions},
                        {"max_length", p.settings.maxLength}}},
                      {"users",
                       {{"evaluated", p.counts.evaluated},
                        {"run_only", p.counts.runOnly},
                        {"qrels_only", p.counts.qrelsOnly}}},
                      {"models", std::move(models)}};
    return out.dump(1) + "\n";
}

std::string partialCommand(const std::string& text, const std::string& fileName) {
    try {
        const Json j = Json::parse(text);
        if (j.is_object() && j.value("format", "") == "ranklab-partial" && j.contains("command") &&
            j["command"].is_string())
            return j["command"].get<std::string>();
    } catch (const nlohmann::json::exception&) {
    }
    throw Error(fileName + ": not a partial-state file (expected JSON with \"format\": \"ranklab-partial\")");
}

EvalPartial readEvalPartial(const std::string& text, const std::string& fileName, const std::string& command) {
    Json j;
    try {
        j = Json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(fileName + ": not a partial-state file (JSON: " + e.what() + ")");
    }
    try {
        if (!j.is_object() || j.value("format", "") != "ranklab-partial")
            throw Error(fileName + ": not a partial-state file (expected \"format\": \"ranklab-partial\")");
        if (j.at("version").get<int>() != kPartialVersion)
            throw Error(fileName + ": partial-state version " + j.at("version").dump() + ", this ranklab reads " +
                        std::to_string(kPartialVersion));
        if (j.at("command").get<std::string>() != command)
            throw Error(fileName + ": a partial state of \"" + j.at("command").get<std::string>() + "\", expected one of \"" +
                        command + "\" (merge states of one command)");
        EvalPartial p;
        for (const auto& r : j.at("buckets")) {
            const BucketRange range{r.at(0).get<std::uint32_t>(), r.at(1).get<std::uint32_t>()};
            if (range.begin >= range.end || range.end > kBuckets)
                throw Error(fileName + ": bucket range " + r.dump() + " is not a:b with 0 <= a < b <= 4096");
            p.buckets.push_back(range);
        }
        p.buckets = unionOfDisjoint(std::move(p.buckets));
        const Json& s = j.at("settings");
        for (const auto& id : s.at("metrics")) {
            auto specs = expandMetrics(id.get<std::string>(), {});
            if (specs.size() != 1) throw Error(fileName + ": metric " + id.dump() + " is not one metric column");
            p.settings.metrics.push_back(specs.front());
        }
        const auto ties = parseTiePolicy(s.at("ties").get<std::string>());
        const auto users = parseUsersPolicy(s.at("users").get<std::string>());
        if (!ties || !users) throw Error(fileName + ": unknown ties or users policy");
        p.settings.ties = *ties;
        p.settings.users = *users;
        p.settings.relevanceThreshold = parseHexFloat(s.at("rel").get<std::string>(), fileName + ": settings.rel");
        p.settings.useExclusions = s.at("exclusions").get<bool>();
        p.settings.maxLength = s.at("max_length").get<std::uint32_t>();
        const Json& u = j.at("users");
        p.counts = {u.at("evaluated").get<std::size_t>(), u.at("run_only").get<std::size_t>(),
                    u.at("qrels_only").get<std::size_t>()};
        for (const auto& m : j.at("models")) {
            EvalPartial::Model model;
            model.name = m.at("name").get<std::string>();
            for (const auto& c : m.at("columns"))
                model.columns.push_back(momentsFromJson(c, fileName + ": model \"" + model.name + "\""));
            if (model.columns.size() != p.settings.metrics.size())
                throw Error(fileName + ": model \"" + model.name + "\" has " + std::to_string(model.columns.size()) +
                            " columns for " + std::to_string(p.settings.metrics.size()) + " metrics");
            p.models.push_back(std::move(model));
        }
        return p;
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
}

} // namespace ranklab::shard

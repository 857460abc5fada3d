#include "shard/partial_file.h"

#include <cstdio>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "common/json_depth.h"
#include "shard/partial_header.h"
#include "shard/partial_json.h"
#include "shard/set_level_part.h"

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

stats::ExactSum exactSumFromJson(const Json& j, const std::string& where) {
    try {
        return stats::ExactSum::parse(j.get<std::string>());
    } catch (const Error& e) {
        throw Error(where + ": " + e.what());
    }
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
    const std::size_t n = c.at("n").get<std::size_t>(), nans = c.at("nan").get<std::size_t>();
    if (nans > n)
        throw Error(where + ": " + std::to_string(nans) + " NaN values of " + std::to_string(n) + " values in all");
    return stats::ExactMoments::fromParts(n, nans,
                                          parseHexFloat(c.at("min").get<std::string>(), where + " min"),
                                          parseHexFloat(c.at("max").get<std::string>(), where + " max"),
                                          exactSumFromJson(c.at("sum"), where + " sum"),
                                          exactSumFromJson(c.at("squares"), where + " squares"));
}

namespace {

std::size_t setLevelColumns(const EvalSettings& settings) {
    std::size_t n = 0;
    for (const MetricSpec& spec : settings.metrics) n += spec.record() && spec.record()->setLevel();
    return n;
}

} // namespace

std::string writeEvalPartial(const EvalPartial& p) {
    Json models = Json::array();
    for (const EvalPartial::Model& model : p.models) {
        Json columns = Json::array();
        for (const stats::ExactMoments& c : model.columns) columns.push_back(momentsJson(c));
        models.push_back({{"name", model.name}, {"columns", std::move(columns)}});
    }
    Json out = headerJson("eval", {p.buckets, p.settings, p.counts, p.inputs});
    out["models"] = std::move(models);
    if (!p.perUser.empty()) {
        Json files = Json::array();
        for (const auto& f : p.perUser) files.push_back({{"buckets", toString(f.buckets)}, {"file", f.file}});
        out["per_user"] = std::move(files);
    }
    if (setLevelColumns(p.settings) > 0) {
        Json counts = Json::array();
        for (const EvalPartial::Model& model : p.models) {
            Json columns = Json::array();
            for (const SetLevelCounts& c : model.setLevel) columns.push_back(setLevelCountsJson(c));
            counts.push_back(std::move(columns));
        }
        out["set_level"] = {{"catalog", catalogJson(p.catalog)},
                            {"models", std::move(counts)}};
    }
    return out.dump(1) + "\n";
}

std::string partialCommand(const std::string& text, const std::string& fileName) {
    requireJsonDepth(text, fileName);
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
    const Json j = parsePartial(text, fileName, command);
    try {
        EvalPartial p;
        PartialHeader header = headerFromJson(j, fileName);
        p.buckets = std::move(header.buckets);
        p.settings = std::move(header.settings);
        p.counts = header.counts;
        p.inputs = header.inputs;
        for (const auto& m : j.at("models")) {
            EvalPartial::Model model;
            model.name = m.at("name").get<std::string>();
            for (const auto& c : m.at("columns"))
                model.columns.push_back(momentsFromJson(c, fileName + ": model \"" + model.name + "\""));
            for (std::size_t c = 0; c < model.columns.size(); ++c)
                if (model.columns[c].count() > p.counts.evaluated)
                    throw Error(fileName + ": model \"" + model.name + "\" column " + std::to_string(c + 1) + " has " +
                                std::to_string(model.columns[c].count()) + " values, more than the " +
                                std::to_string(p.counts.evaluated) + " users evaluated");
            if (model.columns.size() != p.settings.metrics.size())
                throw Error(fileName + ": model \"" + model.name + "\" has " + std::to_string(model.columns.size()) +
                            " columns for " + std::to_string(p.settings.metrics.size()) + " metrics");
            p.models.push_back(std::move(model));
        }
        if (j.contains("per_user"))
            for (const auto& f : j.at("per_user"))
                try {
                    p.perUser.push_back(
                        {parseBucketRange(f.at("buckets").get<std::string>()), f.at("file").get<std::string>()});
                } catch (const Error& e) {
                    throw Error(fileName + ": per_user: " + e.what());
                }
        if (const std::size_t setColumns = setLevelColumns(p.settings); setColumns > 0) {
            const Json& set = j.at("set_level");
            p.catalog = catalogFromJson(set.at("catalog"), fileName);
            const Json& counts = set.at("models");
            if (counts.size() != p.models.size())
                throw Error(fileName + ": set-level counts of " + std::to_string(counts.size()) + " models, expected " +
                            std::to_string(p.models.size()));
            for (std::size_t m = 0; m < p.models.size(); ++m) {
                const std::string where = fileName + ": model \"" + p.models[m].name + "\" set-level counts";
                for (const auto& c : counts[m]) p.models[m].setLevel.push_back(setLevelCountsFromJson(c, p.catalog.items, where));
                if (p.models[m].setLevel.size() != setColumns)
                    throw Error(where + ": " + std::to_string(p.models[m].setLevel.size()) + " columns, expected " +
                                std::to_string(setColumns));
            }
        }
        return p;
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
}

} // namespace ranklab::shard

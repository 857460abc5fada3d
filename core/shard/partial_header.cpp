#include "shard/partial_header.h"

#include "common/error.h"
#include "common/json_depth.h"
#include "shard/partial_file.h"
#include "shard/partial_json.h"

namespace ranklab::shard {

using Json = nlohmann::ordered_json;

Json headerJson(const std::string& command, const PartialHeader& h) {
    Json metrics = Json::array();
    for (const MetricSpec& spec : h.settings.metrics) metrics.push_back(spec.id());
    Json buckets = Json::array();
    for (const BucketRange& r : h.buckets) buckets.push_back({r.begin, r.end});
    return {{"format", "ranklab-partial"},
            {"version", kPartialVersion},
            {"command", command},
            {"buckets", std::move(buckets)},
            {"settings",
             {{"metrics", std::move(metrics)},
              {"ties", tiePolicyName(h.settings.ties)},
              {"users", usersPolicyName(h.settings.users)},
              {"rel", hexFloat(h.settings.relevanceThreshold)},
              {"exclusions", h.settings.useExclusions},
              {"max_length", h.settings.maxLength}}},
            {"users",
             {{"evaluated", h.counts.evaluated}, {"run_only", h.counts.runOnly}, {"qrels_only", h.counts.qrelsOnly}}}};
}

void requireNoFloats(const nlohmann::ordered_json& j, const std::string& fileName) {
    if (j.is_number_float())
        throw Error(fileName + ": the number " + j.dump() +
                    " is not a count (a state's counts are integers below 2^64; its doubles are hex strings)");
    if (j.is_structured())
        for (const auto& element : j) requireNoFloats(element, fileName);
}

Json parsePartial(const std::string& text, const std::string& fileName, const std::string& command) {
    requireJsonDepth(text, fileName);  // before the parser and every recursive walk
    Json j;
    try {
        j = Json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(fileName + ": not a partial-state file (JSON: " + e.what() + ")");
    }
    // A float read as a count would be undefined behaviour in the conversion.
    requireNoFloats(j, fileName);
    try {
        if (!j.is_object() || j.value("format", "") != "ranklab-partial")
            throw Error(fileName + ": not a partial-state file (expected \"format\": \"ranklab-partial\")");
        if (j.at("version").get<int>() != kPartialVersion)
            throw Error(fileName + ": partial-state version " + j.at("version").dump() + ", this ranklab reads " +
                        std::to_string(kPartialVersion));
        if (j.at("command").get<std::string>() != command)
            throw Error(fileName + ": a partial state of \"" + j.at("command").get<std::string>() + "\", expected one of \"" +
                        command + "\" (merge states of one command)");
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
    return j;
}

PartialHeader headerFromJson(const Json& j, const std::string& fileName) {
    PartialHeader h;
    for (const auto& r : j.at("buckets")) {
        const BucketRange range{r.at(0).get<std::uint32_t>(), r.at(1).get<std::uint32_t>()};
        if (range.begin >= range.end || range.end > kBuckets)
            throw Error(fileName + ": bucket range " + r.dump() + " is not a:b with 0 <= a < b <= 4096");
        h.buckets.push_back(range);
    }
    h.buckets = unionOfDisjoint(std::move(h.buckets));
    const Json& s = j.at("settings");
    for (const auto& id : s.at("metrics")) {
        auto specs = expandMetrics(id.get<std::string>(), {});
        if (specs.size() != 1) throw Error(fileName + ": metric " + id.dump() + " is not one metric column");
        h.settings.metrics.push_back(specs.front());
    }
    const auto ties = parseTiePolicy(s.at("ties").get<std::string>());
    const auto users = parseUsersPolicy(s.at("users").get<std::string>());
    if (!ties || !users) throw Error(fileName + ": unknown ties or users policy");
    h.settings.ties = *ties;
    h.settings.users = *users;
    h.settings.relevanceThreshold = parseHexFloat(s.at("rel").get<std::string>(), fileName + ": settings.rel");
    h.settings.useExclusions = s.at("exclusions").get<bool>();
    h.settings.maxLength = s.at("max_length").get<std::uint32_t>();
    const Json& u = j.at("users");
    h.counts = {u.at("evaluated").get<std::size_t>(), u.at("run_only").get<std::size_t>(),
                u.at("qrels_only").get<std::size_t>()};
    return h;
}

std::string settingsKey(const EvalSettings& s) {
    std::string key = std::string(tiePolicyName(s.ties)) + "|" + usersPolicyName(s.users) + "|" +
                      hexFloat(s.relevanceThreshold) + "|" + (s.useExclusions ? "x" : "-") + "|" +
                      std::to_string(s.maxLength);
    for (const MetricSpec& spec : s.metrics) key += "|" + spec.id();
    return key;
}

void mergeHeader(PartialHeader& into, const PartialHeader& part, const std::string& name, const std::string& first) {
    if (settingsKey(part.settings) != settingsKey(into.settings))
        throw Error(name + ": evaluated with other settings (metrics, ties, users, rel, exclusions or max length) than " +
                    first);
    std::vector<BucketRange> ranges = into.buckets;
    ranges.insert(ranges.end(), part.buckets.begin(), part.buckets.end());
    try {
        into.buckets = unionOfDisjoint(std::move(ranges));
    } catch (const Error& e) {
        throw Error(name + ": " + e.what());
    }
    into.counts.evaluated += part.counts.evaluated;
    into.counts.runOnly += part.counts.runOnly;
    into.counts.qrelsOnly += part.counts.qrelsOnly;
}

void requireEveryBucket(const PartialHeader& header) {
    const std::string missing = missingBuckets(header.buckets);
    if (!missing.empty())
        throw Error("merge: the partial states leave out buckets " + missing +
                    " (every bucket 0:4096 must come from exactly one partial state)");
}

} // namespace ranklab::shard

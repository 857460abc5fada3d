#include "shard/partial_header.h"

#include <limits>

#include "common/error.h"
#include "common/json_depth.h"
#include "common/sha256.h"
#include "shard/partial_file.h"
#include "shard/partial_json.h"

namespace ranklab::shard {

using Json = nlohmann::ordered_json;

std::string bucketSizesDigest(const std::vector<std::uint64_t>& users,
                              const std::vector<std::pair<std::string, std::vector<std::uint64_t>>>& cohorts) {
    Sha256 hash;
    auto counts = [&](const std::vector<std::uint64_t>& list) {
        for (std::uint64_t n : list) hash.update(std::to_string(n) + ",");
        hash.update("\n");
    };
    counts(users);
    for (const auto& [label, list] : cohorts) {
        hash.update(std::to_string(label.size()) + ":" + label + "\n");
        counts(list);
    }
    return hash.finishHex();
}

namespace {

bool isDigest(const std::string& text) {
    if (text.empty()) return true;
    if (text.size() != 64) return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::size_t checkedAdd(std::size_t a, std::size_t b, const std::string& name) {
    if (a > std::numeric_limits<std::size_t>::max() - b)
        throw Error(name + ": the merged user counts pass 2^64 (a count in a state is wrong)");
    return a + b;
}

std::string shortDigest(const std::string& d) { return d.empty() ? std::string("none") : d.substr(0, 16) + "..."; }

} // namespace

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
             {{"evaluated", h.counts.evaluated}, {"run_only", h.counts.runOnly}, {"qrels_only", h.counts.qrelsOnly}}},
            {"inputs", {{"digest", h.inputs.digest}, {"whole", h.inputs.whole}, {"bucket_sizes", h.inputs.bucketSizes}}}};
}

void requireNoFloats(const nlohmann::ordered_json& j, const std::string& fileName) {
    if (j.is_number_float())
        throw Error(fileName + ": the number " + j.dump() +
                    " is not a count (a state's counts are integers below 2^64; its doubles are hex strings)");
    if (j.is_number_integer() && !j.is_number_unsigned())
        throw Error(fileName + ": the number " + j.dump() + " is not a count (a state's counts are 0 or more)");
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
    if (j.contains("inputs")) {
        const Json& in = j.at("inputs");
        h.inputs.digest = in.value("digest", "");
        h.inputs.whole = in.value("whole", false);
        h.inputs.bucketSizes = in.value("bucket_sizes", "");
        if (!isDigest(h.inputs.digest) || !isDigest(h.inputs.bucketSizes))
            throw Error(fileName + ": inputs: a digest is not 64 lower-case hexadecimal digits");
    }
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
    if (part.inputs.bucketSizes != into.inputs.bucketSizes)
        throw Error(name + " and " + first + " were computed with other bucket sizes (" + name + ": " +
                    shortDigest(part.inputs.bucketSizes) + ", " + first + ": " + shortDigest(into.inputs.bucketSizes) +
                    "): give every shard's second pass the same --bucket-sizes file");
    const bool compared = into.inputs.whole && part.inputs.whole && !into.inputs.digest.empty() &&
                          !part.inputs.digest.empty();
    if (compared && part.inputs.digest != into.inputs.digest)
        throw Error(name + " and " + first + " were computed over different input files (digest of their SHA-256s " +
                    shortDigest(part.inputs.digest) + " and " + shortDigest(into.inputs.digest) +
                    "): give every shard the same files, or files holding only its buckets' users");
    if (!(into.inputs.whole && part.inputs.whole && part.inputs.digest == into.inputs.digest)) {
        into.inputs.whole = false;
        into.inputs.digest.clear();
    }
    into.counts.evaluated = checkedAdd(into.counts.evaluated, part.counts.evaluated, name);
    into.counts.runOnly = checkedAdd(into.counts.runOnly, part.counts.runOnly, name);
    into.counts.qrelsOnly = checkedAdd(into.counts.qrelsOnly, part.counts.qrelsOnly, name);
}

void requireEveryBucket(const PartialHeader& header) {
    const std::string missing = missingBuckets(header.buckets);
    if (!missing.empty())
        throw Error("merge: the partial states leave out buckets " + missing +
                    " (every bucket 0:4096 must come from exactly one partial state)");
}

} // namespace ranklab::shard

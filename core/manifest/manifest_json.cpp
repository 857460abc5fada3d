// The manifest as JSON: the form every export embeds (as an object in JSON,
// as comment lines elsewhere) and `verify` reads back.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "io/file_format.h"
#include "manifest/manifest.h"

#include "common/json_depth.h"

namespace ranklab {
namespace {
using Ordered = nlohmann::ordered_json;

Ordered toJson(const Manifest& m) {
    Ordered j;
    j["ranklab_manifest"] = 1;
    j["ranklab_version"] = m.version;
    j["source_commit"] = m.commit;
    j["date"] = m.date;
    j["command"] = m.command;
    j["working_directory"] = m.workingDirectory;
    Ordered inputs = Ordered::array();
    for (const ManifestFile& f : m.inputs) {
        Ordered file{{"role", f.role}};
        if (!f.name.empty()) file["name"] = f.name;
        file["path"] = f.path;
        file["size"] = f.size;
        file["sha256"] = f.sha256;
        file["format"] = f.format;
        file["skip_bad_lines"] = f.skipBadLines;
        file["duplicates"] = f.duplicates;
        inputs.push_back(std::move(file));
    }
    j["inputs"] = std::move(inputs);
    if (const auto& e = m.evaluation)
        j["evaluation"] = Ordered{{"metrics", e->metrics},
                                  {"ties", e->ties},
                                  {"users", e->users},
                                  {"relevance_threshold", e->relevanceThreshold},
                                  {"exclusions_applied", e->exclusionsApplied}};
    if (const auto& s = m.statistics) {
        Ordered statistics{{"tests", s->tests},       {"correction", s->correction}, {"alpha", s->alpha},
                           {"level", s->level},       {"interval", s->interval},     {"bootstrap", s->bootstrap},
                           {"resamples", s->resamples}, {"seed", s->seed}};
        if (!s->many.empty()) statistics["many"] = s->many;
        if (!s->minEffect.empty()) statistics["min_effect"] = s->minEffect;
        j["statistics"] = std::move(statistics);
    }
    if (const auto& u = m.users)
        j["users"] = Ordered{{"evaluated", u->evaluated}, {"run_only", u->runOnly}, {"qrels_only", u->qrelsOnly}};
    if (const auto& r = m.request) j["request"] = requestJson(*r);
    return j;
}

// A count: a JSON integer from 0 to 2^64 - 1 (never a float, whose
// conversion could be undefined, nor a negative number, which would wrap).
std::uint64_t countOf(const nlohmann::json& j, const char* key) {
    const auto& v = j.at(key);
    if (!v.is_number_unsigned()) throw Error(std::string(key) + ": expected a whole number from 0 to 2^64 - 1");
    return v.get<std::uint64_t>();
}

double numberOf(const nlohmann::json& j, const char* key) {
    const auto& v = j.at(key);
    if (!v.is_number()) throw Error(std::string(key) + ": expected a number");
    return v.get<double>();
}

const char* const kRoles[] = {"ground_truth", "run", "exclusions", "cohorts", "catalog", "items", "workspace",
                              "only_users"};

// Throws Error naming input `i` when its fields are not what RankLab writes.
void checkInput(const ManifestFile& f, std::size_t i) {
    const std::string where = "inputs[" + std::to_string(i) + "]";
    if (std::find(std::begin(kRoles), std::end(kRoles), f.role) == std::end(kRoles))
        throw Error(where + ".role: \"" + f.role.substr(0, 40) + "\" is not an input role");
    if (f.sha256.size() != 64 ||
        !std::all_of(f.sha256.begin(), f.sha256.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
        throw Error(where + ".sha256: expected 64 lower-case hexadecimal digits");
    if (f.path.empty() || f.path.front() != '/' || f.path.find('\0') != std::string::npos)
        throw Error(where + ".path: expected an absolute path");
    // Files read without a duplicate policy (a user list) record none.
    if (!f.duplicates.empty() && f.duplicates != "error" && f.duplicates != "first" && f.duplicates != "max")
        throw Error(where + ".duplicates: expected error | first | max (or nothing)");
    if (f.role != "workspace" && f.role != "only_users") {
        try {
            (void)FormatSpec::parse(f.format);
        } catch (const Error& e) {
            throw Error(where + ".format: " + e.what());
        }
    }
}

} // namespace

std::string manifestJson(const Manifest& manifest, int indent) { return toJson(manifest).dump(indent); }

Manifest manifestFromJson(const std::string& text) {
    requireJsonDepth(text, "the manifest");  // the parser recurses per level
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw Error(std::string("the manifest is not valid JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("ranklab_manifest"))
        throw Error("not a RankLab manifest: the key \"ranklab_manifest\" is missing");
    Manifest m;
    try {
        m.version = j.value("ranklab_version", "");
        m.commit = j.value("source_commit", "");
        m.date = j.value("date", "");
        m.command = j.at("command").get<std::vector<std::string>>();
        m.workingDirectory = j.value("working_directory", "");
        for (const auto& f : j.at("inputs")) {
            ManifestFile file;
            file.role = f.at("role").get<std::string>();
            file.name = f.value("name", "");
            file.path = f.at("path").get<std::string>();
            file.size = countOf(f, "size");
            file.sha256 = f.at("sha256").get<std::string>();
            file.format = f.value("format", "auto");
            file.skipBadLines = f.value("skip_bad_lines", false);
            file.duplicates = f.value("duplicates", "error");
            checkInput(file, m.inputs.size());
            m.inputs.push_back(std::move(file));
        }
        if (j.contains("evaluation")) {
            const auto& e = j["evaluation"];
            m.evaluation = ManifestEvaluation{e.at("metrics").get<std::vector<std::string>>(), e.at("ties"),
                                              e.at("users"), numberOf(e, "relevance_threshold"),
                                              e.at("exclusions_applied")};
        }
        if (j.contains("statistics")) {
            const auto& s = j["statistics"];
            m.statistics = ManifestStatistics{s.at("tests").get<std::vector<std::string>>(), s.at("correction"),
                                              numberOf(s, "alpha"), numberOf(s, "level"), s.at("interval"),
                                              s.at("bootstrap"), countOf(s, "resamples"), countOf(s, "seed"), {}, {}};
            if (s.contains("many")) m.statistics->many = s["many"].get<std::vector<std::string>>();
            m.statistics->minEffect = s.value("min_effect", "");
        }
        if (j.contains("users")) {
            const auto& u = j["users"];
            m.users = UserCounts{countOf(u, "evaluated"), countOf(u, "run_only"), countOf(u, "qrels_only")};
        }
        if (j.contains("request")) {
            std::vector<std::string> roles;
            for (const ManifestFile& f : m.inputs) roles.push_back(f.role);
            m.request = requestFromJson(j["request"], roles);
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error(std::string("the manifest is incomplete: ") + e.what());
    } catch (const Error& e) {
        throw Error(std::string("the manifest is malformed: ") + e.what());
    }
    return m;
}

} // namespace ranklab

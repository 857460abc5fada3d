// The manifest as JSON: the form every export embeds (as an object in JSON,
// as comment lines elsewhere) and `verify` reads back.
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "manifest/manifest.h"

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
    return j;
}

} // namespace

std::string manifestJson(const Manifest& manifest, int indent) { return toJson(manifest).dump(indent); }

Manifest manifestFromJson(const std::string& text) {
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
            file.size = f.at("size").get<std::uint64_t>();
            file.sha256 = f.at("sha256").get<std::string>();
            file.format = f.value("format", "auto");
            file.skipBadLines = f.value("skip_bad_lines", false);
            file.duplicates = f.value("duplicates", "error");
            m.inputs.push_back(std::move(file));
        }
        if (j.contains("evaluation")) {
            const auto& e = j["evaluation"];
            m.evaluation = ManifestEvaluation{e.at("metrics").get<std::vector<std::string>>(), e.at("ties"),
                                              e.at("users"), e.at("relevance_threshold"), e.at("exclusions_applied")};
        }
        if (j.contains("statistics")) {
            const auto& s = j["statistics"];
            m.statistics = ManifestStatistics{s.at("tests").get<std::vector<std::string>>(), s.at("correction"),
                                              s.at("alpha"), s.at("level"), s.at("interval"), s.at("bootstrap"),
                                              s.at("resamples"), s.at("seed"), {}, {}};
            if (s.contains("many")) m.statistics->many = s["many"].get<std::vector<std::string>>();
            m.statistics->minEffect = s.value("min_effect", "");
        }
        if (j.contains("users")) {
            const auto& u = j["users"];
            m.users = UserCounts{u.at("evaluated"), u.at("run_only"), u.at("qrels_only")};
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error(std::string("the manifest is incomplete: ") + e.what());
    }
    return m;
}

} // namespace ranklab

// The curves partial-state file: the shared fields plus "curves" (curves_partial.h).
#include "common/error.h"
#include "shard/curves_partial.h"
#include "shard/partial_json.h"

namespace ranklab::shard {

using Json = nlohmann::ordered_json;

std::string writeCurvesPartial(const CurvesPartial& p) {
    const CurveMoments& m = p.moments;
    Json metrics = Json::array();
    for (const MetricSpec& spec : m.metrics) metrics.push_back(spec.familyKey());
    Json curves = Json::array();
    for (const auto& curve : m.curves) {
        Json atK = Json::array();
        for (const stats::ExactMoments& moments : curve) atK.push_back(momentsJson(moments));
        curves.push_back(std::move(atK));
    }
    Json j = headerJson("curves", p.header);
    j["curves"] = {{"metrics", std::move(metrics)},
                   {"kmax", m.kmax},
                   {"longest", m.longest},
                   {"models", m.models},
                   {"curves", std::move(curves)}};
    return j.dump(1) + "\n";
}

CurvesPartial readCurvesPartial(const std::string& text, const std::string& fileName) {
    const Json j = parsePartial(text, fileName, "curves");
    try {
        CurvesPartial p;
        p.header = headerFromJson(j, fileName);
        if (!p.header.settings.metrics.empty()) throw Error(fileName + ": a curves state keeps its metrics in \"curves\"");
        const Json& c = j.at("curves");
        CurveMoments& m = p.moments;
        m.settings = p.header.settings;
        m.counts = p.header.counts;
        for (const auto& key : c.at("metrics")) {
            std::vector<MetricSpec> specs;
            try {
                specs = parseCurveMetrics(key.get<std::string>());
            } catch (const Error& e) {
                throw Error(fileName + ": " + e.what());
            }
            if (specs.size() != 1) throw Error(fileName + ": metric " + key.dump() + " is not one metric family");
            m.metrics.push_back(specs.front());
        }
        m.kmax = c.at("kmax").get<std::uint32_t>();
        if (m.kmax == 0) throw Error(fileName + ": kmax must be positive");
        m.longest = c.at("longest").get<std::uint32_t>();
        m.models = c.at("models").get<std::vector<std::string>>();
        for (const auto& curve : c.at("curves")) {
            std::vector<stats::ExactMoments> atK;
            for (const auto& moments : curve) atK.push_back(momentsFromJson(moments, fileName + ": curve"));
            if (atK.size() != m.kmax)
                throw Error(fileName + ": a curve of " + std::to_string(atK.size()) + " cutoffs, expected kmax = " +
                            std::to_string(m.kmax));
            m.curves.push_back(std::move(atK));
        }
        if (m.curves.size() != m.models.size() * m.metrics.size())
            throw Error(fileName + ": " + std::to_string(m.curves.size()) + " curves, expected " +
                        std::to_string(m.models.size() * m.metrics.size()) + " (models × metrics)");
        return p;
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
}

} // namespace ranklab::shard

// The curves partial-state file: the shared fields plus "curves" (curves_partial.h).
#include "common/error.h"
#include "shard/curves_partial.h"
#include "shard/partial_json.h"
#include "shard/set_level_part.h"

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
    if (!m.setLevel.empty()) {
        Json counts = Json::array();
        for (const auto& curve : m.setLevel) {
            Json atK = Json::array();
            for (const SetLevelCounts& c : curve) atK.push_back(setLevelCountsJson(c));
            counts.push_back(std::move(atK));
        }
        j["curves"]["set_level"] = {{"catalog", catalogJson(p.catalog)}, {"counts", std::move(counts)}};
    }
    if (!p.differences.empty()) {
        Json families = Json::array();
        for (const CurveDifferenceMoments& d : p.differences) {
            Json models = Json::array();
            for (const auto& model : d.differences) {
                Json atK = Json::array();
                for (const stats::ExactMoments& moments : model) atK.push_back(momentsJson(moments));
                models.push_back(std::move(atK));
            }
            families.push_back(std::move(models));
        }
        const CurveDifferenceMoments& first = p.differences.front();
        Json bands = Json::array();
        for (const CurveDifferenceMoments& d : p.differences) bands.push_back(bandsJson(d.bands));
        j["curves"]["difference"] = {{"baseline", first.baseline},
                                     {"name", first.baselineName},
                                     {"curves", std::move(families)},
                                     {"bands", std::move(bands)}};
    } else {
        j["curves"]["bands"] = bandsJson(m.bands);
    }
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
        const auto setLevel = [&](std::size_t curve) { return m.metrics.at(curve % m.metrics.size()).record()->setLevel(); };
        for (const auto& curve : c.at("curves")) {
            std::vector<stats::ExactMoments> atK;
            for (const auto& moments : curve) atK.push_back(momentsFromJson(moments, fileName + ": curve"));
            m.curves.push_back(std::move(atK));
        }
        if (c.contains("difference")) {  // --difference: the moments of the differences, no curves
            if (!m.curves.empty()) throw Error(fileName + ": a --difference state has no curves of its own");
            const Json& d = c.at("difference");
            const auto baseline = d.at("baseline").get<std::size_t>();
            const auto name = d.at("name").get<std::string>();
            if (baseline >= m.models.size() || m.models[baseline] != name)
                throw Error(fileName + ": the --difference baseline " + d.at("baseline").dump() + " is not model \"" +
                            name + "\"");
            if (d.at("curves").size() != m.metrics.size())
                throw Error(fileName + ": differences of " + std::to_string(d.at("curves").size()) + " families, expected " +
                            std::to_string(m.metrics.size()));
            for (std::size_t f = 0; f < m.metrics.size(); ++f) {
                CurveDifferenceMoments diff;
                diff.metric = m.metrics[f];
                diff.baseline = baseline;
                diff.baselineName = name;
                diff.kmax = m.kmax;
                diff.longest = m.longest;
                diff.models = m.models;
                for (const auto& model : d.at("curves")[f]) {
                    std::vector<stats::ExactMoments> atK;
                    for (const auto& moments : model) atK.push_back(momentsFromJson(moments, fileName + ": difference"));
                    const std::size_t expected = diff.differences.size() == baseline ? 0 : m.kmax;
                    if (atK.size() != expected)
                        throw Error(fileName + ": a difference curve of " + std::to_string(atK.size()) +
                                    " cutoffs, expected " + std::to_string(expected));
                    diff.differences.push_back(std::move(atK));
                }
                if (diff.differences.size() != m.models.size())
                    throw Error(fileName + ": differences of " + std::to_string(diff.differences.size()) +
                                " models, expected " + std::to_string(m.models.size()));
                diff.bands = bandsFromJson(d.at("bands").at(f), m.kmax, m.models.size(), fileName + ": difference");
                p.differences.push_back(std::move(diff));
            }
            return p;
        }
        m.bands = bandsFromJson(c.at("bands"), m.kmax, m.curves.size(), fileName + ": curves");
        if (m.metrics.empty() || m.curves.size() != m.models.size() * m.metrics.size())
            throw Error(fileName + ": " + std::to_string(m.curves.size()) + " curves, expected " +
                        std::to_string(m.models.size() * m.metrics.size()) + " (models × metrics)");
        bool anySetLevel = false;
        for (std::size_t i = 0; i < m.curves.size(); ++i) {
            anySetLevel = anySetLevel || setLevel(i);
            const std::size_t expected = setLevel(i) ? 0 : m.kmax;
            if (m.curves[i].size() != expected)
                throw Error(fileName + ": a curve of " + std::to_string(m.curves[i].size()) + " cutoffs, expected " +
                            (setLevel(i) ? std::string("none (a set-level family has counts)")
                                         : "kmax = " + std::to_string(m.kmax)));
        }
        if (anySetLevel) {
            const Json& set = c.at("set_level");
            p.catalog = catalogFromJson(set.at("catalog"), fileName);
            m.trainingSlot = p.catalog.trainingSlot;
            for (const auto& curve : set.at("counts")) {
                std::vector<SetLevelCounts> atK;
                for (const auto& counts : curve)
                    atK.push_back(setLevelCountsFromJson(counts, p.catalog.items, fileName + ": set-level curve"));
                m.setLevel.push_back(std::move(atK));
            }
            if (m.setLevel.size() != m.curves.size())
                throw Error(fileName + ": set-level counts of " + std::to_string(m.setLevel.size()) + " curves, expected " +
                            std::to_string(m.curves.size()));
            for (std::size_t i = 0; i < m.setLevel.size(); ++i)
                if (m.setLevel[i].size() != (setLevel(i) ? m.kmax : 0))
                    throw Error(fileName + ": set-level counts at " + std::to_string(m.setLevel[i].size()) +
                                " cutoffs, expected " + std::to_string(setLevel(i) ? m.kmax : 0));
        }
        return p;
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
}

} // namespace ranklab::shard

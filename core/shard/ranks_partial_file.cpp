// The ranks partial-state file: the shared fields plus "ranks" (ranks_partial.h).
#include "common/error.h"
#include "shard/partial_json.h"
#include "shard/ranks_partial.h"

namespace ranklab::shard {
namespace {

using Json = nlohmann::ordered_json;

Json tallyJson(const RankTally& t) {
    Json counts = Json::array();
    for (const stats::ExactSum& c : t.counts) counts.push_back(c.serialize());
    return {{"counts", std::move(counts)},
            {"missing", t.missing.serialize()},
            {"beyond", t.beyond.serialize()},
            {"total", t.total.serialize()}};
}

RankTally tallyFromJson(const Json& j, std::size_t length, const std::string& where) {
    RankTally t;
    for (const auto& c : j.at("counts")) t.counts.push_back(exactSumFromJson(c, where));
    if (t.counts.size() != length)
        throw Error(where + ": " + std::to_string(t.counts.size()) + " ranks, expected " + std::to_string(length) +
                    " (min of kmax and longest)");
    t.missing = exactSumFromJson(j.at("missing"), where + " missing");
    t.beyond = exactSumFromJson(j.at("beyond"), where + " beyond");
    t.total = exactSumFromJson(j.at("total"), where + " total");
    return t;
}

} // namespace

std::string writeRanksPartial(const RanksPartial& p) {
    Json models = Json::array();
    for (const ModelRankTallies& m : p.models)
        models.push_back({{"name", m.model}, {"first", tallyJson(m.first)}, {"all", tallyJson(m.all)}});
    Json j = headerJson("ranks", p.header);
    j["ranks"] = {{"kmax", p.kmax}, {"longest", p.longest}, {"models", std::move(models)}};
    return j.dump(1) + "\n";
}

RanksPartial readRanksPartial(const std::string& text, const std::string& fileName) {
    const Json j = parsePartial(text, fileName, "ranks");
    try {
        RanksPartial p;
        p.header = headerFromJson(j, fileName);
        if (!p.header.settings.metrics.empty()) throw Error(fileName + ": a ranks state has no metrics");
        const Json& r = j.at("ranks");
        p.kmax = r.at("kmax").get<std::uint32_t>();
        p.longest = r.at("longest").get<std::uint32_t>();
        const std::size_t length = p.kmax == 0 ? p.longest : std::min(p.kmax, p.longest);
        for (const auto& m : r.at("models")) {
            ModelRankTallies model;
            model.model = m.at("name").get<std::string>();
            const std::string where = fileName + ": model \"" + model.model + "\"";
            model.first = tallyFromJson(m.at("first"), length, where + " first");
            model.all = tallyFromJson(m.at("all"), length, where + " all");
            p.models.push_back(std::move(model));
        }
        return p;
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
}

} // namespace ranklab::shard

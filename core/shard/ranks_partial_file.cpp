// The ranks partial-state file: the shared fields plus "ranks" (ranks_partial.h).
#include "common/error.h"
#include "shard/partial_json.h"
#include "shard/ranks_partial.h"

namespace ranklab::shard {
namespace {

using Json = nlohmann::ordered_json;

Json sumJson(const stats::FixedSum& x) { return {x.high(), x.low()}; }

stats::FixedSum sumFromJson(const Json& j, const std::string& where) {
    if (!j.is_array() || j.size() != 2 || !j[0].is_number_unsigned() || !j[1].is_number_unsigned())
        throw Error(where + ": expected a count [high, low] of two unsigned integers, got " + j.dump());
    return {j[0].get<std::uint64_t>(), j[1].get<std::uint64_t>()};
}

Json tallyJson(const RankTally& t) {
    Json counts = Json::array();
    for (const stats::FixedSum& c : t.counts) counts.push_back(sumJson(c));
    return {{"counts", std::move(counts)},
            {"missing", sumJson(t.missing)},
            {"beyond", sumJson(t.beyond)},
            {"total", sumJson(t.total)}};
}

RankTally tallyFromJson(const Json& j, std::size_t length, const std::string& where) {
    RankTally t;
    for (const auto& c : j.at("counts")) t.counts.push_back(sumFromJson(c, where));
    if (t.counts.size() != length)
        throw Error(where + ": " + std::to_string(t.counts.size()) + " ranks, expected " + std::to_string(length) +
                    " (min of kmax and longest)");
    t.missing = sumFromJson(j.at("missing"), where + " missing");
    t.beyond = sumFromJson(j.at("beyond"), where + " beyond");
    t.total = sumFromJson(j.at("total"), where + " total");
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

// The cohorts partial-state file: the shared fields plus "cohorts" (cohorts_partial.h).
#include <utility>

#include "common/error.h"
#include "shard/cohorts_partial.h"
#include "shard/partial_header.h"

namespace ranklab::shard {

using Json = nlohmann::ordered_json;

std::string writeCohortsPartial(const CohortsPartial& p) {
    Json cells = Json::array();
    for (const ComparePartial& cell : p.cells) cells.push_back(Json::parse(writeComparePartial(cell)));
    Json j = headerJson("cohorts", p.header);
    if (p.binsPending) {
        Json values = Json::array();
        for (const auto& v : p.values) values.push_back(Json::array({v.bucket, v.value, v.users}));
        j["cohorts"] = {{"by", cohortGroupingName(p.by)},
                        {"pending_bins", true},
                        {"quantiles", p.quantiles},
                        {"values", std::move(values)},
                        {"overall", Json::parse(writeComparePartial(p.overall))}};
        return j.dump(1) + "\n";
    }
    j["cohorts"] = {{"by", cohortGroupingName(p.by)},
                    {"labels", p.labels},
                    {"extra", p.extra ? Json(*p.extra) : Json(nullptr)},
                    {"overall", Json::parse(writeComparePartial(p.overall))},
                    {"cells", std::move(cells)}};
    return j.dump(1) + "\n";
}

CohortsPartial readCohortsPartial(const std::string& text, const std::string& fileName) {
    const Json j = parsePartial(text, fileName, "cohorts");
    try {
        CohortsPartial p;
        p.header = headerFromJson(j, fileName);
        const Json& c = j.at("cohorts");
        const auto by = parseCohortGrouping(c.at("by").get<std::string>());
        if (!by) throw Error(fileName + ": unknown cohort grouping " + c.at("by").dump());
        p.by = *by;
        if (c.value("pending_bins", false)) {
            p.binsPending = true;
            p.quantiles = c.at("quantiles").get<std::size_t>();
            if (p.quantiles < 1 || p.quantiles > 1000) throw Error(fileName + ": quantiles must be 1 to 1000");
            for (const auto& v : c.at("values")) {
                CohortsPartial::BucketValue value{v.at(0).get<std::uint32_t>(), v.at(1).get<std::uint64_t>(),
                                                  v.at(2).get<std::uint64_t>()};
                if (v.size() != 3 || value.bucket >= kBuckets || value.users == 0 ||
                    (!p.values.empty() && std::make_pair(p.values.back().bucket, p.values.back().value) >=
                                              std::make_pair(value.bucket, value.value)))
                    throw Error(fileName + ": values need [bucket, value, users] of buckets 0..4095, ascending, "
                                           "with users");
                if (!p.header.buckets.empty()) {
                    bool inside = false;
                    for (const BucketRange& r : p.header.buckets) inside = inside || r.contains(value.bucket);
                    if (!inside) throw Error(fileName + ": a value of bucket " + std::to_string(value.bucket) +
                                             " outside the state's buckets");
                }
                p.values.push_back(value);
            }
            p.overall = readComparePartial(c.at("overall").dump(), fileName + " (overall)");
            return p;
        }
        p.labels = c.at("labels").get<std::vector<std::string>>();
        if (!c.at("extra").is_null()) p.extra = c.at("extra").get<std::string>();
        p.overall = readComparePartial(c.at("overall").dump(), fileName + " (overall)");
        for (const auto& cell : c.at("cells"))
            p.cells.push_back(readComparePartial(cell.dump(), fileName + " (cohort " + std::to_string(p.cells.size() + 1) + ")"));
        if (p.cells.size() != p.labels.size() + (p.extra ? 1 : 0))
            throw Error(fileName + ": " + std::to_string(p.cells.size()) + " cohort states for " +
                        std::to_string(p.labels.size() + (p.extra ? 1 : 0)) + " cohorts");
        if (settingsKey(p.overall.eval.settings) != settingsKey(p.header.settings))
            throw Error(fileName + ": the overall state's settings differ from the file's");
        // Every cohort's state of the overall one's settings, models and compared pairs.
        std::vector<std::string> models;
        for (const auto& m : p.overall.eval.models) models.push_back(m.name);
        for (std::size_t k = 0; k < p.cells.size(); ++k) {
            const ComparePartial& cell = p.cells[k];
            std::vector<std::string> cellModels;
            for (const auto& m : cell.eval.models) cellModels.push_back(m.name);
            if (settingsKey(cell.eval.settings) != settingsKey(p.header.settings) || cellModels != models ||
                cell.pairs.size() != p.overall.pairs.size() || cell.options.baseline != p.overall.options.baseline)
                throw Error(fileName + " (cohort " + std::to_string(k + 1) +
                            "): settings, models or compared pairs other than the overall state's");
        }
        return p;
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
}

} // namespace ranklab::shard

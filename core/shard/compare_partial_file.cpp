// The compare partial-state file: eval's fields plus "compare" (partial_file.h).
#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "shard/compare_partial.h"
#include "shard/partial_file.h"
#include "shard/partial_json.h"

namespace ranklab::shard {

using Json = nlohmann::ordered_json;

std::string writeComparePartial(const ComparePartial& p) {
    Json j = Json::parse(writeEvalPartial(p.eval));
    j["command"] = "compare";
    Json tests = Json::array();
    for (auto t : p.options.tests) tests.push_back(std::string(stats::toString(t)));
    Json pairs = Json::array();
    for (const ComparePartial::Pair& pair : p.pairs) {
        Json s = momentsJson(pair.difference);
        s["wins"] = pair.winsTiesLosses.wins;
        s["ties"] = pair.winsTiesLosses.ties;
        s["losses"] = pair.winsTiesLosses.losses;
        const stats::SignedMagnitudes& w = pair.signedMagnitudes;
        if (w.count() > 0) {
            Json magnitudes = Json::array();
            for (double m : w.magnitudes) magnitudes.push_back(hexFloat(m));
            s["zeros"] = w.zeros;
            s["magnitudes"] = std::move(magnitudes);
            s["positives"] = w.positives;
            s["negatives"] = w.negatives;
        }
        pairs.push_back(std::move(s));
    }
    const stats::ComparisonOptions& o = p.options;
    j["compare"] = {{"tests", std::move(tests)},
                    {"correction", std::string(stats::toString(o.correction))},
                    {"alpha", hexFloat(o.alpha)},
                    {"level", hexFloat(o.level)},
                    {"baseline", o.baseline ? Json(*o.baseline) : Json(nullptr)},
                    {"resamples", o.resampling.resamples},
                    {"seed", o.resampling.seed},
                    {"randomization_exact_max_n", o.randomizationExactMaxN},
                    {"bootstrap_intervals", o.bootstrapIntervals},
                    {"pairs", std::move(pairs)},
                    {"bucket_users", bucketUsersJson(p.bucketUsers)}};
    Json& c = j["compare"];
    if (p.flips) {
        Json exact = Json::array();
        for (const auto& row : p.exactRows) {
            Json d = Json::array();
            for (double v : row.differences) d.push_back(hexFloat(v));
            exact.push_back({{"hash", row.key.hash}, {"tie", row.key.tie}, {"differences", std::move(d)}});
        }
        c["randomization"] = {{"flips", p.flips->flips},
                              {"flipped", nodesJson(p.flips->flipped)},
                              {"totals", nodesJson(p.flips->totals)},
                              {"exact_rows", std::move(exact)}};
    }
    if (stats::needsResampledMeans(o)) {
        if (p.bootstrapPending)
            c["bootstrap"] = {{"pending", true}};
        else
            c["bootstrap"] = {{"pending", false}, {"sums", nodesJson(p.bootstrap)}};
    }
    return j.dump(1) + "\n";
}

ComparePartial readComparePartial(const std::string& text, const std::string& fileName) {
    ComparePartial p;
    p.eval = readEvalPartial(text, fileName, "compare");
    try {
        const Json c = Json::parse(text).at("compare");
        p.options.tests = stats::parseSignificanceTests([&] {
            std::string list;
            for (const auto& t : c.at("tests")) list += (list.empty() ? "" : ",") + t.get<std::string>();
            return list;
        }());
        const auto correction = stats::parseCorrection(c.at("correction").get<std::string>());
        if (!correction) throw Error(fileName + ": unknown correction " + c.at("correction").dump());
        p.options.correction = *correction;
        p.options.alpha = parseHexFloat(c.at("alpha").get<std::string>(), fileName + ": compare.alpha");
        p.options.level = parseHexFloat(c.at("level").get<std::string>(), fileName + ": compare.level");
        if (!c.at("baseline").is_null()) p.options.baseline = c.at("baseline").get<std::size_t>();
        p.options.bootstrapIntervals = c.at("bootstrap_intervals").get<bool>();
        p.options.resampling.resamples = c.at("resamples").get<decltype(p.options.resampling.resamples)>();
        p.options.resampling.seed = c.at("seed").get<decltype(p.options.resampling.seed)>();
        p.options.randomizationExactMaxN = c.at("randomization_exact_max_n").get<std::size_t>();
        for (const auto& s : c.at("pairs")) {
            const std::string where = fileName + ": compare pair";
            ComparePartial::Pair pair;
            pair.difference = momentsFromJson(s, where);
            pair.winsTiesLosses = {s.at("wins").get<std::size_t>(), s.at("ties").get<std::size_t>(),
                                   s.at("losses").get<std::size_t>()};
            if (s.contains("magnitudes")) {
                stats::SignedMagnitudes& w = pair.signedMagnitudes;
                w.zeros = s.at("zeros").get<std::uint64_t>();
                for (const auto& m : s.at("magnitudes")) w.magnitudes.push_back(parseHexFloat(m.get<std::string>(), where));
                w.positives = s.at("positives").get<std::vector<std::uint64_t>>();
                w.negatives = s.at("negatives").get<std::vector<std::uint64_t>>();
                if (w.positives.size() != w.magnitudes.size() || w.negatives.size() != w.magnitudes.size() ||
                    !std::is_sorted(w.magnitudes.begin(), w.magnitudes.end()))
                    throw Error(where + ": magnitudes, positives and negatives must be equally long, ascending");
            }
            p.pairs.push_back(std::move(pair));
        }
        p.bucketUsers = bucketUsersFromJson(c.at("bucket_users"), fileName + ": compare");
        const std::size_t metrics = p.eval.settings.metrics.size(), models = p.eval.models.size();
        const std::size_t B = checkedResamples(p.options.resampling.resamples,
                                               std::max<std::size_t>(c.at("pairs").size() + models * metrics, 1),
                                               fileName + ": compare");
        const bool flips = std::find(p.options.tests.begin(), p.options.tests.end(),
                                     stats::SignificanceTest::Randomization) != p.options.tests.end();
        if (flips) {
            const Json& r = c.at("randomization");
            stats::FlipSums sums;
            sums.columns = c.at("pairs").size();
            sums.flips = r.at("flips").get<std::size_t>();
            if (sums.flips != B) throw Error(fileName + ": randomization flips differ from compare.resamples");
            sums.flipped = nodesFromJson(r.at("flipped"), B * sums.columns, fileName + ": randomization");
            sums.totals = nodesFromJson(r.at("totals"), sums.columns, fileName + ": randomization");
            p.flips = std::move(sums);
            for (const auto& e : r.at("exact_rows")) {
                ComparePartial::ExactRow row;
                row.key = {e.at("hash").get<std::uint64_t>(), e.at("tie").get<std::uint64_t>()};
                for (const auto& v : e.at("differences"))
                    row.differences.push_back(parseHexFloat(v.get<std::string>(), fileName + ": exact_rows"));
                if (row.differences.size() != c.at("pairs").size())
                    throw Error(fileName + ": an exact row needs one difference per compared pair");
                p.exactRows.push_back(std::move(row));
            }
        }
        if (stats::needsResampledMeans(p.options)) {
            const Json& b = c.at("bootstrap");
            p.bootstrapPending = b.at("pending").get<bool>();
            if (!p.bootstrapPending)
                p.bootstrap = nodesFromJson(b.at("sums"), B * models * metrics, fileName + ": bootstrap");
        }
        const std::size_t expected =
            p.eval.settings.metrics.size() * stats::comparedPairs(p.eval.models.size(), p.options.baseline).size();
        if (p.pairs.size() != expected)
            throw Error(fileName + ": " + std::to_string(p.pairs.size()) + " compared pairs, expected " +
                        std::to_string(expected));
        if (p.options.baseline && *p.options.baseline >= p.eval.models.size())
            throw Error(fileName + ": baseline model out of range");
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed partial state (" + e.what() + ")");
    }
    return p;
}

} // namespace ranklab::shard

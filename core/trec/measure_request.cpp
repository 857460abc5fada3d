#include "trec/measure_request.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "common/error.h"

namespace ranklab::trec {
namespace {

std::string shortest(double value) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, end);
}

std::string measureList() {
    std::string out;
    for (const MeasureDef& d : measureTable()) out += (out.empty() ? "" : ", ") + std::string(d.name);
    return out;
}

std::vector<double> parseParams(const MeasureDef& def, std::string_view text, std::string_view arg) {
    auto fail = [&](const std::string& problem) -> std::vector<double> {
        throw Error("measure \"" + std::string(arg) + "\": " + problem);
    };
    if (def.params == Params::None) return fail(std::string(def.name) + " takes no parameters");
    std::vector<double> params;
    while (true) {
        std::size_t comma = text.find(',');
        std::string_view item = text.substr(0, comma);
        double value = 0;
        auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
        if (item.empty() || ec != std::errc() || end != item.data() + item.size() || !std::isfinite(value))
            return fail("expected a number, found \"" + std::string(item) + "\"");
        if (def.params == Params::Cutoffs && (value < 1 || value != std::floor(value) || value > 4294967294.0))
            return fail("expected a positive whole number for a cutoff, found \"" + std::string(item) + "\"");
        params.push_back(value);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    if (def.params == Params::Single && params.size() != 1)
        return fail(std::string(def.name) + " takes one parameter");
    return params;
}

std::vector<double> defaultParams(const MeasureDef& def) {
    if (def.defaults.empty()) return {};
    return parseParams(def, def.defaults, def.name);
}

void add(std::vector<MeasureRequest>& requests, const MeasureDef& def, std::vector<double> params, bool given) {
    auto it = std::find_if(requests.begin(), requests.end(), [&](const MeasureRequest& r) { return r.def == &def; });
    if (it == requests.end()) {
        requests.push_back({&def, std::move(params), given});
        return;
    }
    if (!given) return;
    if (!it->explicitParams) {
        it->params = std::move(params);
        it->explicitParams = true;
        return;
    }
    if (def.params == Params::Single || def.params == Params::Tuple) {
        it->params = std::move(params);
        return;
    }
    for (double p : params)
        if (std::find(it->params.begin(), it->params.end(), p) == it->params.end()) it->params.push_back(p);
}

} // namespace

std::vector<std::string> MeasureRequest::outputNames() const {
    const std::string name(def->name);
    switch (def->params) {
    case Params::None:
    case Params::Tuple: return {name};
    case Params::Single: return {explicitParams ? name + "_" + shortest(params.at(0)) : name};
    case Params::Cutoffs: {
        std::vector<std::string> out;
        for (double p : params) out.push_back(name + "_" + std::to_string(static_cast<unsigned long>(p)));
        return out;
    }
    case Params::Levels: {
        std::vector<std::string> out;
        for (double p : params) {
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "%.2f", p);
            out.push_back(name + "_" + buffer);
        }
        return out;
    }
    }
    return {name};
}

std::vector<MeasureRequest> parseMeasureRequests(const std::vector<std::string>& args) {
    std::vector<MeasureRequest> requests;
    const std::vector<std::string> official = {"official"};
    for (const std::string& arg : args.empty() ? official : args) {
        if (arg == "official" || arg == "all_trec") {
            for (const MeasureDef& d : measureTable())
                if (arg == "official" ? d.official : d.allTrec) add(requests, d, defaultParams(d), false);
            continue;
        }
        const std::size_t dot = arg.find('.');
        const std::string_view name = std::string_view(arg).substr(0, dot);
        const MeasureDef* def = findMeasure(name);
        if (!def)
            throw Error("unknown or unsupported measure \"" + std::string(name) + "\"; expected official, all_trec or one of " +
                        measureList());
        if (dot == std::string::npos) add(requests, *def, defaultParams(*def), false);
        else add(requests, *def, parseParams(*def, std::string_view(arg).substr(dot + 1), arg), true);
    }
    // Table order: the definitions are elements of one vector.
    std::sort(requests.begin(), requests.end(),
              [](const MeasureRequest& a, const MeasureRequest& b) { return a.def < b.def; });
    return requests;
}

} // namespace ranklab::trec

#include "trec/measure_request.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "trec/errors.h"

namespace ranklab::trec {
namespace {

// trec_eval's exit codes: 1 when it cannot mark a measure (-m), 2 when it
// cannot initialise one from its parameters.
constexpr int kIllegalMeasure = 1;
constexpr int kCannotInitialize = 2;

[[noreturn]] void cannotInitialize(const std::string& why, std::string_view measure) {
    throw MeasureParamError(why + "\nCannot initialize measure '" + std::string(measure) + "'", kCannotInitialize);
}

std::string measureList() {
    std::string out;
    for (const MeasureDef& d : measureTable()) out += (out.empty() ? "" : ", ") + std::string(d.name);
    return out;
}

std::vector<std::string> splitCommas(std::string_view text) {
    std::vector<std::string> items;
    while (true) {
        const std::size_t comma = text.find(',');
        items.emplace_back(text.substr(0, comma));
        if (comma == std::string_view::npos) return items;
        text.remove_prefix(comma + 1);
    }
}

// C's atol and atof, as trec_eval reads parameters: leading blanks, the
// longest number prefix, the rest ignored; 0 when there is none.
double asLong(const std::string& s) { return double(std::strtol(s.c_str(), nullptr, 10)); }
double asDouble(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

// An integer name for a rel_level=gain pair: an optional sign and digits only.
bool isInteger(std::string_view s) {
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// name=value pairs, checked as trec_eval checks them (each item one '=').
std::vector<std::pair<std::string, double>> parsePairs(const MeasureDef& def, std::string_view text) {
    char last = ',';
    bool malformed = false;
    for (char c : text) {
        if (c != ',' && c != '=') continue;
        if (c == last) {
            malformed = true;
            break;
        }
        last = c;
    }
    if (malformed || last != '=')
        cannotInitialize("malformed pair parameters in '" + std::string(text) + "'", def.name);
    std::vector<std::pair<std::string, double>> pairs;
    for (const std::string& item : splitCommas(text)) {
        const std::size_t eq = item.find('=');
        // trec_eval takes a name-less item's value as the previous pair's.
        if (eq == std::string::npos) {
            if (!pairs.empty()) pairs.back().second = asDouble(item);
            continue;
        }
        pairs.emplace_back(item.substr(0, eq), asDouble(item.substr(eq + 1)));
    }
    return pairs;
}

std::vector<double> parseParams(const MeasureDef& def, std::string_view text) {
    std::vector<double> params;
    switch (def.params) {
    case Params::None: return params;  // trec_eval ignores them
    case Params::Cutoffs: {
        for (const std::string& item : splitCommas(text)) params.push_back(asLong(item));
        std::sort(params.begin(), params.end());
        if (params.front() <= 0) cannotInitialize("Negative cutoff detected", def.name);
        if (std::adjacent_find(params.begin(), params.end()) != params.end())
            cannotInitialize("duplicate cutoffs detected", def.name);
        if (params.back() > 4294967294.0)
            cannotInitialize("cutoff " + std::to_string(static_cast<long>(params.back())) +
                                 " is past ranklab-cli's limit of 4294967294",
                             def.name);
        return params;
    }
    case Params::Levels:
        for (const std::string& item : splitCommas(text)) params.push_back(asDouble(item));
        std::sort(params.begin(), params.end());
        if (std::adjacent_find(params.begin(), params.end()) != params.end())
            cannotInitialize("duplicate cutoffs detected", def.name);
        return params;
    case Params::Single:
    case Params::Tuple:
        for (const std::string& item : splitCommas(text)) params.push_back(asDouble(item));
        return params;
    case Params::Pairs: {
        // rbp and rbp_resid: {p, then the (level, gain) pairs}; p from the
        // last p=, 0.9 without one (rbp_resid ignores the gains, as trec_eval).
        const bool persistence = def.name == "rbp" || def.name == "rbp_resid";
        double p = 0.9;
        for (const auto& [name, value] : parsePairs(def, text)) {
            if (persistence && name == "p") p = value;
            if (!isInteger(name)) continue;  // trec_eval ignores them
            params.push_back(asLong(name));
            params.push_back(value);
        }
        if (persistence) params.insert(params.begin(), p);
        return params;
    }
    }
    return params;
}

std::vector<double> defaultParams(const MeasureDef& def) {
    if (def.defaults.empty()) return {};
    return parseParams(def, def.defaults);
}

// trec_eval marks each measure once and takes the parameters of the first
// -m that gives it some (a later -m P.10 after -m P.5 changes nothing).
void add(std::vector<MeasureRequest>& requests, const MeasureDef& def, const std::string* given) {
    auto it = std::find_if(requests.begin(), requests.end(), [&](const MeasureRequest& r) { return r.def == &def; });
    if (it == requests.end()) {
        requests.push_back({&def, {}, false, {}});
        it = requests.end() - 1;
    }
    if (it->explicitParams || !given) return;
    it->explicitParams = true;
    it->printable = *given;
}

} // namespace

std::vector<std::string> MeasureRequest::outputNames() const {
    const std::string name(def->name);
    switch (def->params) {
    case Params::None: return {name};
    case Params::Single:
    case Params::Tuple:
    case Params::Pairs: return {explicitParams ? name + "_" + printable : name};
    case Params::Cutoffs: {
        std::vector<std::string> out;
        for (double p : params) out.push_back(name + "_" + std::to_string(static_cast<unsigned long>(p)));
        return out;
    }
    case Params::Levels: {
        std::vector<std::string> out;
        for (double p : params) {
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "%3.2f", p);
            out.push_back(name + "_" + buffer);
        }
        return out;
    }
    }
    return {name};
}

QueryMeasure MeasureRequest::compute() const {
    if (explicitParams && def->computeWithGains && !params.empty()) return def->computeWithGains;
    return def->compute;
}

std::string_view MeasureRequest::engineFamily() const {
    return compute() == def->compute ? def->engineFamily : std::string_view();
}

std::vector<MeasureRequest> parseMeasureRequests(const std::vector<std::string>& args) {
    std::vector<MeasureRequest> requests;
    const std::vector<std::string> official = {"official"};
    for (const std::string& arg : args.empty() ? official : args) {
        const std::size_t dot = arg.find('.');
        const std::string name = arg.substr(0, dot);
        const std::string* given = nullptr;
        std::string text;
        if (dot != std::string::npos) {
            text = arg.substr(dot + 1);
            if (text.empty())
                throw MeasureParamError("improper measure in parameter '" + name + "'\nillegal measure '" + name + "'",
                                        kIllegalMeasure);
            given = &text;
        }
        if (name == "official" || name == "all_trec") {  // a nickname's parameters go unused
            for (const MeasureDef& d : measureTable())
                if (name == "official" ? d.official : d.allTrec) add(requests, d, nullptr);
            continue;
        }
        const MeasureDef* def = findMeasure(name);
        if (!def)
            throw MeasureParamError("illegal measure '" + arg + "' (expected official, all_trec or one of " +
                                        measureList() + ")",
                                    kIllegalMeasure);
        add(requests, *def, given);
    }
    // Parameters, once the first -m giving each measure some is known.
    for (MeasureRequest& r : requests) r.params = r.explicitParams ? parseParams(*r.def, r.printable) : defaultParams(*r.def);
    // Table order: the definitions are elements of one vector.
    std::sort(requests.begin(), requests.end(),
              [](const MeasureRequest& a, const MeasureRequest& b) { return a.def < b.def; });
    return requests;
}

} // namespace ranklab::trec

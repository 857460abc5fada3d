#include "metrics/metric_spec.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "common/error.h"
#include "metrics/registry.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

constexpr double kUnset = std::numeric_limits<double>::quiet_NaN();

std::string shortest(double value) { return shortestText(value); }

[[noreturn]] void fail(std::string_view text, const std::string& problem) {
    throw Error("metric \"" + std::string(text) + "\": " + problem);
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

std::string familyList() {
    std::string out;
    for (const MetricRecord* r : metricRecords()) out += (out.empty() ? "" : ", ") + std::string(r->id);
    return out;
}

double defaultOf(const MetricParam& p) {
    if (p.kind == ParamKind::Choice) return double(p.defaultChoice);
    return p.defaultValue.value_or(kUnset);
}

std::vector<double> defaults(const MetricRecord& r) {
    std::vector<double> out;
    for (const MetricParam& p : r.params) out.push_back(defaultOf(p));
    return out;
}

bool sameValue(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// "lin or exp", "R, min or max".
std::string choiceList(const MetricParam& p) {
    std::string out;
    for (std::size_t i = 0; i < p.choices.size(); ++i) {
        if (i > 0) out += i + 1 == p.choices.size() ? " or " : ", ";
        out += p.choices[i].value;
    }
    return out;
}

std::string rangeText(const MetricParam& p) {
    const bool low = std::isfinite(p.min), high = std::isfinite(p.max);
    if (low && high)
        return std::string(p.minOpen ? "(" : "[") + shortest(p.min) + ", " + shortest(p.max) + (p.maxOpen ? ")" : "]");
    if (low) return std::string(p.minOpen ? "> " : ">= ") + shortest(p.min);
    if (high) return std::string(p.maxOpen ? "< " : "<= ") + shortest(p.max);
    return "";
}

// The value of `text` for parameter `p`; an error message when invalid.
std::optional<double> parseValue(const MetricParam& p, std::string_view text, std::string& problem) {
    const std::string what = p.description.empty() ? std::string() : " (" + std::string(p.description) + ")";
    if (p.kind == ParamKind::Choice) {
        for (std::size_t i = 0; i < p.choices.size(); ++i) {
            if (p.choices[i].value == text) return double(i);
            for (auto alias : p.choices[i].aliases)
                if (alias == text) return double(i);
        }
        problem = std::string(p.name) + " must be " + choiceList(p);
        return std::nullopt;
    }
    double v = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    bool ok = false;
    if (p.kind == ParamKind::Integer) {
        long long i = 0;
        auto [end, ec] = std::from_chars(first, last, i);
        ok = ec == std::errc() && end == last && !text.empty();
        v = double(i);
        if (!ok) {
            problem = std::string(p.name) + " must be an integer" + what;
            return std::nullopt;
        }
    } else {
        auto [end, ec] = std::from_chars(first, last, v);
        ok = ec == std::errc() && end == last && std::isfinite(v);
        if (!ok) {
            problem = std::string(p.name) + " must be a number" + what;
            return std::nullopt;
        }
    }
    const bool below = p.minOpen ? !(v > p.min) : !(v >= p.min);
    const bool above = p.maxOpen ? !(v < p.max) : !(v <= p.max);
    if (below || above) {
        problem = std::string(p.name) + " must be " + rangeText(p) + what + ", got " + std::string(text);
        return std::nullopt;
    }
    return v;
}

std::string valueText(const MetricParam& p, double v) {
    if (p.kind == ParamKind::Choice) return std::string(p.choices.at(std::size_t(v)).value);
    if (p.kind == ParamKind::Integer) return std::to_string(static_cast<long long>(v));
    return shortest(v);
}

} // namespace

const MetricRecord* MetricSpec::record() const { return findMetric(family); }

Direction directionOf(const MetricSpec& spec) {
    const MetricRecord* r = spec.record();
    return r ? r->direction : Direction::HigherIsBetter;
}

double MetricSpec::defaultParam(std::size_t index) const {
    const MetricRecord* r = record();
    if (!r || index >= r->params.size()) return kUnset;
    return defaultOf(r->params[index]);
}

std::string_view MetricSpec::choice(std::string_view name) const {
    const MetricRecord* r = record();
    if (!r) return {};
    const std::size_t i = r->paramIndex(name);
    if (i >= r->params.size() || r->params[i].kind != ParamKind::Choice) return {};
    return r->params[i].choices.at(std::size_t(param(i))).value;
}

std::optional<double> MetricSpec::number(std::string_view name) const {
    const MetricRecord* r = record();
    if (!r) return std::nullopt;
    const std::size_t i = r->paramIndex(name);
    if (i >= r->params.size() || r->params[i].kind == ParamKind::Choice) return std::nullopt;
    const double v = param(i);
    if (std::isnan(v)) return std::nullopt;
    return v;
}

void MetricSpec::set(std::string_view name, std::string_view value) {
    const MetricRecord* r = record();
    if (!r) throw Error("unknown metric \"" + family + "\"");
    const std::size_t i = r->paramIndex(name);
    if (i >= r->params.size()) throw Error(family + " has no parameter \"" + std::string(name) + "\"");
    std::string problem;
    const auto v = parseValue(r->params[i], value, problem);
    if (!v) throw Error(problem);
    if (params.size() != r->params.size()) params = defaults(*r);
    params[i] = *v;
}

bool MetricSpec::wrote(std::string_view name) const {
    const MetricRecord* r = record();
    if (!r) return false;
    const std::size_t i = r->paramIndex(name);
    return i < r->params.size() && i < 32 && (written >> i) & 1u;
}

std::string MetricSpec::familyKey() const {
    std::string out = family;
    const MetricRecord* r = record();
    if (!r) return out;
    std::string text;
    for (std::size_t i = 0; i < r->params.size(); ++i) {
        const MetricParam& p = r->params[i];
        const double v = param(i);
        if (sameValue(v, defaultOf(p))) continue;
        text += (text.empty() ? "" : ",") + std::string(p.name) + "=" + valueText(p, v);
    }
    if (!text.empty()) out += "(" + text + ")";
    return out;
}

std::string MetricSpec::id() const {
    const MetricRecord* r = record();
    std::string out = familyKey();
    if (r && r->takesCutoff) {
        out += '@';
        out += cutoff == kCutoffAll ? std::string("all") : std::to_string(cutoff);
    }
    return out;
}

bool MetricSpec::operator==(const MetricSpec& other) const {
    if (family != other.family || cutoff != other.cutoff) return false;
    const std::size_t n = std::max(params.size(), other.params.size());
    for (std::size_t i = 0; i < n; ++i)
        if (!sameValue(param(i), other.param(i))) return false;
    return true;
}

MetricSpec MetricSpec::of(std::string_view family, std::uint32_t cutoff) {
    const MetricRecord* r = findMetric(family);
    if (!r) throw Error("unknown metric \"" + std::string(family) + "\"; expected one of " + familyList());
    MetricSpec spec;
    spec.family = std::string(r->id);
    spec.params = defaults(*r);
    spec.cutoff = cutoff;
    return spec;
}

MetricSpec MetricSpec::parse(std::string_view text) {
    std::string_view rest = trim(text);
    std::size_t nameEnd = rest.find_first_of("(@");
    std::string_view name = rest.substr(0, nameEnd);
    const MetricRecord* f = findMetric(name);
    if (!f) fail(text, "unknown metric \"" + std::string(name) + "\"; expected one of " + familyList());
    MetricSpec spec = of(f->id);
    rest = nameEnd == std::string_view::npos ? std::string_view{} : rest.substr(nameEnd);

    if (!rest.empty() && rest.front() == '(') {
        std::size_t close = rest.find(')');
        if (close == std::string_view::npos) fail(text, "expected ')' after the parameters");
        std::string_view params = rest.substr(1, close - 1);
        rest = rest.substr(close + 1);
        std::vector<bool> given(f->params.size(), false);
        while (!params.empty()) {
            std::size_t comma = params.find(',');
            std::string_view param = trim(params.substr(0, comma));
            params = comma == std::string_view::npos ? std::string_view{} : params.substr(comma + 1);
            std::size_t eq = param.find('=');
            if (eq == std::string_view::npos) fail(text, "expected key=value in the parameters");
            std::string_view key = trim(param.substr(0, eq)), value = trim(param.substr(eq + 1));
            const std::size_t index = f->paramIndex(key);
            if (index < f->params.size()) {
                if (given[index]) fail(text, "the parameter \"" + std::string(key) + "\" is given twice");
                given[index] = true;
                std::string problem;
                const auto v = parseValue(f->params[index], value, problem);
                if (!v) fail(text, problem);
                spec.params[index] = *v;
                if (index < 32) spec.written |= std::uint32_t(1) << index;
                continue;
            }
            std::string takes;
            for (const MetricParam& p : f->params) takes += (takes.empty() ? "" : ", ") + std::string(p.name);
            std::string why;
            for (const auto& [notParam, reason] : f->notParams)
                if (notParam == key) why = " (" + std::string(reason) + ")";
            fail(text, std::string(f->id) + " has no parameter \"" + std::string(key) + "\"" +
                           (takes.empty() ? "; it takes none" : "; it takes: " + takes) + why);
        }
    }

    if (!rest.empty()) {
        if (rest.front() != '@') fail(text, "expected @k or @all after the name");
        if (!f->takesCutoff) fail(text, std::string(f->id) + " takes no cutoff");
        std::string_view k = rest.substr(1);
        if (k == "all") {
            spec.cutoff = kCutoffAll;
        } else {
            std::uint32_t v = 0;
            auto [end, ec] = std::from_chars(k.data(), k.data() + k.size(), v);
            const bool whole = end == k.data() + k.size() && !k.empty();
            if (whole && (ec == std::errc::result_out_of_range || (ec == std::errc() && v == kCutoffAll)))
                fail(text, "the cutoff is too large: the largest is " + std::to_string(kCutoffAll - 1) +
                               " (@all ranks everything)");
            if (ec != std::errc() || !whole || v == 0) fail(text, "the cutoff must be a positive integer or all");
            spec.cutoff = v;
        }
    } else if (f->takesCutoff) {
        fail(text, std::string(f->id) + " needs a cutoff: " + std::string(f->id) + "@10 or " + std::string(f->id) +
                       "@all");
    }
    return spec;
}

std::vector<std::uint32_t> parseCutoffs(std::string_view list) {
    std::vector<std::uint32_t> out;
    while (!list.empty()) {
        std::size_t comma = list.find(',');
        std::string_view part = trim(list.substr(0, comma));
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        std::uint32_t v = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        const bool whole = end == part.data() + part.size() && !part.empty();
        // A whole number past the largest cutoff (kCutoffAll is @all's).
        if (whole && (ec == std::errc::result_out_of_range || (ec == std::errc() && v == kCutoffAll)))
            throw Error("cutoffs: \"" + std::string(part) + "\" is too large: the largest cutoff is " +
                        std::to_string(kCutoffAll - 1) + " (a metric's @all ranks everything)");
        if (ec != std::errc() || !whole || v == 0)
            throw Error("cutoffs: \"" + std::string(part) + "\" is not a positive integer");
        out.push_back(v);
    }
    if (out.empty()) throw Error("cutoffs: expected a list such as 5,10,20");
    return out;
}

std::vector<MetricSpec> expandMetrics(std::string_view list, const std::vector<std::uint32_t>& cutoffs) {
    std::vector<MetricSpec> out;
    std::size_t start = 0;
    int depth = 0;
    auto take = [&](std::string_view item) {
        item = trim(item);
        if (item.empty()) throw Error("metrics: empty entry in \"" + std::string(list) + "\"");
        std::size_t nameEnd = item.find_first_of("(@");
        const MetricRecord* f = findMetric(item.substr(0, nameEnd));
        if (f && f->takesCutoff && item.find('@') == std::string_view::npos) {
            for (std::uint32_t k : cutoffs) out.push_back(MetricSpec::parse(std::string(item) + "@" + std::to_string(k)));
        } else {
            out.push_back(MetricSpec::parse(item));
        }
    };
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i] == '(') ++depth;
        if (list[i] == ')') --depth;
        if (list[i] == ',' && depth == 0) {
            take(list.substr(start, i - start));
            start = i + 1;
        }
    }
    take(list.substr(start));
    // Drop repeats, keeping the first.
    std::vector<MetricSpec> unique;
    for (auto& s : out)
        if (std::find(unique.begin(), unique.end(), s) == unique.end()) unique.push_back(std::move(s));
    return unique;
}

} // namespace ranklab

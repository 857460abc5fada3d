#include "metrics/metric_spec.h"

#include <charconv>
#include <cmath>

#include "common/error.h"
#include "metrics/registry.h"

namespace ranklab {
namespace {

std::string shortest(double value) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, end);
}

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
    for (const auto& f : metricFamilies()) out += (out.empty() ? "" : ", ") + std::string(f.name);
    return out;
}

} // namespace

std::string MetricSpec::familyKey() const {
    std::string out = family;
    std::string params;
    auto add = [&](const std::string& p) { params += (params.empty() ? "" : ",") + p; };
    if (gain == Gain::Exponential) add("gain=exp");
    if (norm == ApNorm::MinRK) add("norm=min");
    if (rel) add("rel=" + shortest(*rel));
    if (!params.empty()) out += "(" + params + ")";
    return out;
}

std::string MetricSpec::id() const {
    const MetricFamily* f = findMetricFamily(family);
    std::string out = familyKey();
    if (f && f->takesCutoff) {
        out += '@';
        out += cutoff == kCutoffAll ? std::string("all") : std::to_string(cutoff);
    }
    return out;
}

MetricSpec MetricSpec::parse(std::string_view text) {
    std::string_view rest = trim(text);
    MetricSpec spec;
    std::size_t nameEnd = rest.find_first_of("(@");
    std::string_view name = rest.substr(0, nameEnd);
    const MetricFamily* f = findMetricFamily(name);
    if (!f) fail(text, "unknown metric \"" + std::string(name) + "\"; expected one of " + familyList());
    spec.family = std::string(f->name);
    rest = nameEnd == std::string_view::npos ? std::string_view{} : rest.substr(nameEnd);

    if (!rest.empty() && rest.front() == '(') {
        std::size_t close = rest.find(')');
        if (close == std::string_view::npos) fail(text, "expected ')' after the parameters");
        std::string_view params = rest.substr(1, close - 1);
        rest = rest.substr(close + 1);
        while (!params.empty()) {
            std::size_t comma = params.find(',');
            std::string_view param = trim(params.substr(0, comma));
            params = comma == std::string_view::npos ? std::string_view{} : params.substr(comma + 1);
            std::size_t eq = param.find('=');
            if (eq == std::string_view::npos) fail(text, "expected key=value in the parameters");
            std::string_view key = trim(param.substr(0, eq)), value = trim(param.substr(eq + 1));
            if (key == "gain" && f->takesGain) {
                if (value == "lin" || value == "linear") spec.gain = Gain::Linear;
                else if (value == "exp" || value == "exponential") spec.gain = Gain::Exponential;
                else fail(text, "gain must be lin or exp");
            } else if (key == "norm" && f->takesNorm) {
                if (value == "R" || value == "r") spec.norm = ApNorm::R;
                else if (value == "min") spec.norm = ApNorm::MinRK;
                else fail(text, "norm must be R or min");
            } else if (key == "rel" && f->takesRel) {
                double v = 0;
                auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
                if (ec != std::errc() || end != value.data() + value.size() || !std::isfinite(v))
                    fail(text, "rel must be a number (the lowest relevant grade)");
                spec.rel = v;
            } else {
                std::string takes;
                if (f->takesGain) takes += " gain";
                if (f->takesNorm) takes += " norm";
                if (f->takesRel) takes += " rel";
                fail(text, std::string(f->name) + " has no parameter \"" + std::string(key) + "\"" +
                               (takes.empty() ? "; it takes none" : "; it takes:" + takes) +
                               (key == "rel" ? " (gains use the grade itself, METRICS.md)" : ""));
            }
        }
    }

    if (!rest.empty()) {
        if (rest.front() != '@') fail(text, "expected @k or @all after the name");
        if (!f->takesCutoff) fail(text, std::string(f->name) + " takes no cutoff");
        std::string_view k = rest.substr(1);
        if (k == "all") {
            spec.cutoff = kCutoffAll;
        } else {
            std::uint32_t v = 0;
            auto [end, ec] = std::from_chars(k.data(), k.data() + k.size(), v);
            if (ec != std::errc() || end != k.data() + k.size() || v == 0 || v == kCutoffAll)
                fail(text, "the cutoff must be a positive integer or all");
            spec.cutoff = v;
        }
    } else if (f->takesCutoff) {
        fail(text, std::string(f->name) + " needs a cutoff: " + std::string(f->name) + "@10 or " +
                       std::string(f->name) + "@all");
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
        if (ec != std::errc() || end != part.data() + part.size() || v == 0 || v == kCutoffAll)
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
        const MetricFamily* f = findMetricFamily(item.substr(0, nameEnd));
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

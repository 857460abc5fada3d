#include "metrics/metric_text.h"

#include <cmath>
#include <cstdio>

#include "metrics/registry.h"

namespace ranklab {
namespace {

void replaceAll(std::string& text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

std::string cutoffText(const MetricSpec& spec) {
    return spec.cutoff == kCutoffAll ? std::string("n") : std::to_string(spec.cutoff);
}

std::string formulaWith(const MetricSpec& spec, const std::string& cutoff);

} // namespace

std::string metricFormula(const MetricSpec& spec) { return formulaWith(spec, cutoffText(spec)); }

std::string familyFormula(const MetricSpec& spec) { return formulaWith(spec, "k"); }

namespace {

std::string formulaWith(const MetricSpec& spec, const std::string& cutoff) {
    const MetricRecord* r = spec.record();
    if (!r) return {};
    std::string text(r->formula);
    for (std::size_t i = 0; i < r->params.size(); ++i) {
        const MetricParam& p = r->params[i];
        const std::string key = "%{" + std::string(p.name) + "}";
        if (text.find(key) == std::string::npos) continue;
        const double v = spec.param(i);
        std::string value;
        if (p.kind == ParamKind::Choice) {
            const ParamChoice& c = p.choices.at(std::size_t(v));
            value = std::string(c.formula.empty() ? c.value : c.formula);
        } else if (!std::isnan(v)) {
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%g", v);
            value = buffer;
        } else {
            value = std::string(p.name);
        }
        replaceAll(text, key, value);
    }
    replaceAll(text, "%K", cutoff);
    return text;
}

} // namespace

std::string plainFormula(const std::string& formula) {
    std::string out;
    for (std::size_t i = 0; i < formula.size(); ++i) {
        out += formula[i];
        if ((formula[i] != '_' && formula[i] != '^') || i + 1 >= formula.size() || formula[i + 1] != '{') continue;
        const std::size_t close = formula.find('}', i + 2);
        if (close == std::string::npos) continue;
        const std::string inside = formula.substr(i + 2, close - i - 2);
        // One token loses its braces (2^g(p)); a group keeps them (Σ_{p ≤ k, rel(p)}).
        out += inside.find_first_of(" ,") == std::string::npos ? inside : "{" + inside + "}";
        i = close;
    }
    return out;
}

std::string trecMeasureName(const MetricSpec& spec) {
    const MetricRecord* r = spec.record();
    if (!r) return {};
    for (std::size_t i = 0; i < r->params.size(); ++i) {
        const MetricParam& p = r->params[i];
        const double v = spec.param(i);
        const bool atDefault = p.kind == ParamKind::Choice ? v == double(p.defaultChoice)
                                                           : (p.defaultValue ? v == *p.defaultValue : std::isnan(v));
        if (!atDefault) return {};
    }
    std::string name(spec.cutoff == kCutoffAll || !r->takesCutoff ? r->trecNameAll : r->trecName);
    replaceAll(name, "%K", cutoffText(spec));
    return name;
}

} // namespace ranklab

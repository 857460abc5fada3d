#include "report/set_level_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "report/eval_report.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

std::string fixed(double v, int digits) { return fixedDecimals(v, digits, "NaN"); }

std::string padded(const std::string& s, std::size_t width) {
    return s.size() >= width ? s + " " : s + std::string(width - s.size() + 1, ' ');
}

nlohmann::ordered_json number(double v) { return std::isfinite(v) ? nlohmann::ordered_json(v) : nullptr; }

} // namespace

std::string formatSetLevelText(const stats::SetLevelComparison& c, int digits) {
    if (c.metrics.empty()) return {};
    const int level = int(std::lround(c.level * 100));
    std::string out = "\nSet-level metrics (" + c.method + ", " + std::to_string(c.resamples) + " resamples, " +
                      std::to_string(level) + "% percentile intervals)\n";
    std::size_t mw = 6, nw = 5;
    for (const auto& id : c.metricIds) mw = std::max(mw, id.size());
    for (const auto& n : c.models) nw = std::max(nw, n.size());
    out += padded("metric", mw) + padded("model", nw) + "value  interval  method\n";
    for (std::size_t i = 0; i < c.metrics.size(); ++i)
        for (std::size_t m = 0; m < c.models.size(); ++m)
            out += padded(c.metricIds[i], mw) + padded(c.models[m], nw) + fixed(c.value[m][i], digits) + "  [" +
                   fixed(c.interval[m][i].lo, digits) + ", " + fixed(c.interval[m][i].hi, digits) + "]  " + c.method +
                   "\n";
    out += "\nSet-level differences (a - b; p: two-sided bootstrap, 2 min(#d* <= 0, #d* >= 0) / B)\n";
    out += padded("metric", mw) + padded("a", nw) + padded("b", nw) + "diff  interval  p  method\n";
    for (const auto& p : c.pairs) {
        std::size_t i = 0;
        while (c.metrics[i] != p.metric) ++i;
        out += padded(c.metricIds[i], mw) + padded(c.models[p.a], nw) + padded(c.models[p.b], nw) +
               fixed(p.difference.difference, digits) + "  [" + fixed(p.difference.interval.lo, digits) + ", " +
               fixed(p.difference.interval.hi, digits) + "]  " + fixed(p.difference.pValue, digits) + "  " + c.method +
               "\n";
    }
    return out;
}

nlohmann::ordered_json setLevelJson(const stats::SetLevelComparison& c) {
    nlohmann::ordered_json models = nlohmann::ordered_json::array();
    for (std::size_t m = 0; m < c.models.size(); ++m) {
        nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
        for (std::size_t i = 0; i < c.metrics.size(); ++i)
            metrics[c.metricIds[i]] = {{"value", number(c.value[m][i])},
                                       {"ci", {number(c.interval[m][i].lo), number(c.interval[m][i].hi)}},
                                       {"method", c.method}};
        models.push_back({{"name", c.models[m]}, {"metrics", metrics}});
    }
    nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
    for (const auto& p : c.pairs) {
        std::size_t i = 0;
        while (c.metrics[i] != p.metric) ++i;
        pairs.push_back({{"a", c.models[p.a]},
                         {"b", c.models[p.b]},
                         {"metric", c.metricIds[i]},
                         {"mean_diff", number(p.difference.difference)},
                         {"ci", {number(p.difference.interval.lo), number(p.difference.interval.hi)}},
                         {"p", number(p.difference.pValue)},
                         {"method", c.method}});
    }
    return {{"method", c.method}, {"resamples", c.resamples}, {"level", c.level}, {"models", models}, {"pairs", pairs}};
}

std::string setLevelCsvRows(const stats::SetLevelComparison& c, std::size_t columns) {
    auto full = [](double v) {
        if (std::isnan(v)) return std::string("NaN");
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.17g", v);
        return std::string(buffer);
    };
    std::string out;
    for (const auto& p : c.pairs) {
        std::size_t i = 0;
        while (c.metrics[i] != p.metric) ++i;
        const auto& d = p.difference;
        // metric,a,b,n,mean_a,mean_b,mean_diff,ci_lo,ci_hi,ci_t_lo,ci_t_hi,ci_bootstrap_lo,ci_bootstrap_hi,
        // effect_size,wins,ties,losses, then four columns a test, then method.
        out += csvField(c.metricIds[i]) + ',' + csvField(c.models[p.a]) + ',' + csvField(c.models[p.b]) + ",," +
               full(c.value[p.a][i]) + ',' + full(c.value[p.b][i]) + ',' + full(d.difference) + ',' +
               full(d.interval.lo) + ',' + full(d.interval.hi) + ",,," + full(d.interval.lo) + ',' +
               full(d.interval.hi) + ",,,,";
        // 17 fields so far; empty ones up to the method, the last column.
        for (std::size_t f = 17; f + 1 < columns; ++f) out += ',';
        out += ',' + csvField(c.method) + '\n';
    }
    return out;
}

std::string formatSetLevelLatex(const stats::SetLevelComparison& c, int digits) {
    if (c.metrics.empty()) return {};
    const int level = int(std::lround(c.level * 100));
    std::string out = "\n% Set-level metrics: " + c.method + ", " + std::to_string(c.resamples) + " resamples, " +
                      std::to_string(level) + "% percentile intervals\n";
    out += "\\begin{tabular}{llrl}\n\\toprule\nmetric & model & value & " + std::to_string(level) +
           "\\% interval (" + latexEscape(c.method) + ") \\\\\n\\midrule\n";
    for (std::size_t i = 0; i < c.metrics.size(); ++i)
        for (std::size_t m = 0; m < c.models.size(); ++m)
            out += latexEscape(c.metricIds[i]) + " & " + latexEscape(c.models[m]) + " & " + fixed(c.value[m][i], digits) + " & [" +
                   fixed(c.interval[m][i].lo, digits) + ", " + fixed(c.interval[m][i].hi, digits) + "] \\\\\n";
    out += "\\bottomrule\n\\end{tabular}\n";
    if (c.pairs.empty()) return out;
    out += "\n\\begin{tabular}{lllrlr}\n\\toprule\nmetric & a & b & $a - b$ & interval & $p$ (" + latexEscape(c.method) +
           ") \\\\\n\\midrule\n";
    for (const auto& p : c.pairs) {
        std::size_t i = 0;
        while (c.metrics[i] != p.metric) ++i;
        out += latexEscape(c.metricIds[i]) + " & " + latexEscape(c.models[p.a]) + " & " + latexEscape(c.models[p.b]) + " & " +
               fixed(p.difference.difference, digits) + " & [" + fixed(p.difference.interval.lo, digits) + ", " +
               fixed(p.difference.interval.hi, digits) + "] & " + fixed(p.difference.pValue, digits) + " \\\\\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n";
    return out;
}

} // namespace ranklab

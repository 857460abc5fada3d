#include "report/curves_report.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "report/text_table.h"
#include "report/user_counts_json.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

std::string fixed(double value, int digits) { return fixedDecimals(value, digits, "-"); }

// Every digit; NaN as an empty field.
std::string full(double value) { return shortestText(value, ""); }

bool hasBands(const CurveResult& r) { return r.options.bands; }

std::string usersLine(const CurveResult& r) {
    std::string out = std::to_string(r.counts.evaluated);
    out.append(" users averaged (users policy ")
        .append(usersPolicyName(r.settings.users))
        .append(", ties ")
        .append(tiePolicyName(r.settings.ties))
        .append("), k = 1..")
        .append(std::to_string(r.kmax));
    if (hasBands(r))
        out.append("; ")
            .append(fixed(100 * r.options.level, 0))
            .append("% percentile bootstrap intervals, ")
            .append(std::to_string(r.options.resamples))
            .append(" resamples, seed ")
            .append(std::to_string(r.options.seed));
    return out + "\n";
}

std::string text(const CurveResult& r, int digits) {
    std::string out;
    for (std::size_t f = 0; f < r.metrics.size(); ++f) {
        const std::string metric = r.metrics[f].familyKey();
        out += metric + (hasBands(r) ? " (mean [bootstrap lo, hi])\n" : " (mean)\n");
        std::vector<std::string> header{"k"};
        std::vector<TextTable::Align> align{TextTable::Align::Right};
        const std::size_t models = r.metrics.empty() ? 0 : r.curves.size() / r.metrics.size();
        for (std::size_t m = 0; m < models; ++m) {
            header.push_back(r.curve(m, f).model);
            align.push_back(TextTable::Align::Right);
        }
        TextTable table(header, align);
        for (std::size_t i = 0; i < r.kmax; ++i) {
            std::vector<std::string> row{std::to_string(i + 1)};
            for (std::size_t m = 0; m < models; ++m) {
                const MetricCurve& c = r.curve(m, f);
                std::string cell = fixed(c.mean[i], digits);
                if (hasBands(r))
                    cell.append(" [")
                        .append(fixed(c.bootLo[i], digits))
                        .append(", ")
                        .append(fixed(c.bootHi[i], digits))
                        .append("]");
                row.push_back(std::move(cell));
            }
            table.addRow(std::move(row));
        }
        out += table.render() + "\n";
    }
    return out + usersLine(r);
}

std::string csv(const CurveResult& r) {
    std::string out = hasBands(r) ? "model,metric,k,mean,ci_lo,ci_hi,t_lo,t_hi\n" : "model,metric,k,mean\n";
    for (const MetricCurve& c : r.curves) {
        const std::string prefix = csvField(c.model) + "," + csvField(c.metric) + ",";
        for (std::size_t i = 0; i < c.mean.size(); ++i) {
            out += prefix;
            out.append(std::to_string(i + 1)).append(",").append(full(c.mean[i]));
            if (hasBands(r))
                out.append(",").append(full(c.bootLo[i])).append(",").append(full(c.bootHi[i]))
                    .append(",").append(full(c.tLo[i])).append(",").append(full(c.tHi[i]));
            out += '\n';
        }
    }
    return out;
}

std::string json(const CurveResult& r) {
    nlohmann::ordered_json metrics = nlohmann::ordered_json::array();
    for (const auto& spec : r.metrics) metrics.push_back(spec.familyKey());
    nlohmann::ordered_json settings = {{"metrics", metrics},
                                       {"ties", tiePolicyName(r.settings.ties)},
                                       {"users", usersPolicyName(r.settings.users)},
                                       {"rel", r.settings.relevanceThreshold},
                                       {"exclusions", r.settings.useExclusions},
                                       {"kmax", r.kmax},
                                       {"bands", r.options.bands}};
    if (hasBands(r)) {
        settings["level"] = r.options.level;
        settings["resamples"] = r.options.resamples;
        settings["seed"] = r.options.seed;
    }
    nlohmann::ordered_json curves = nlohmann::ordered_json::array();
    for (const MetricCurve& c : r.curves) {
        std::vector<std::uint32_t> ks(c.mean.size());
        for (std::size_t i = 0; i < ks.size(); ++i) ks[i] = static_cast<std::uint32_t>(i + 1);
        nlohmann::ordered_json curve = {{"model", c.model}, {"metric", c.metric}, {"k", ks}, {"mean", c.mean}};
        if (hasBands(r)) {
            curve["lo"] = c.bootLo;
            curve["hi"] = c.bootHi;
            curve["t_lo"] = c.tLo;
            curve["t_hi"] = c.tHi;
        }
        curves.push_back(std::move(curve));
    }
    nlohmann::ordered_json out = {{"settings", settings},
                                  {"users", r.counts.evaluated},
                                  {"user_counts", userCountsJson(r.counts)},
                                  {"kmax", r.kmax},
                                  {"curves", curves}};
    return out.dump(2) + "\n";
}

} // namespace

std::string formatCurves(const CurveResult& curves, TableFormat format, int digits) {
    switch (format) {
    case TableFormat::Text: return text(curves, digits);
    case TableFormat::Csv: return csv(curves);
    case TableFormat::Json: return json(curves);
    case TableFormat::Markdown:
    case TableFormat::Latex: break;
    }
    throw Error("curves: output format must be table, csv or json");
}

} // namespace ranklab

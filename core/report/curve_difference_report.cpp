#include "report/curve_difference_report.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "report/text_table.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

std::string fixed(double value, int digits) { return signedDecimals(value, digits, "-"); }

// Every digit; NaN as an empty field.
std::string full(double value) { return shortestText(value, ""); }

bool bootstrapBands(const CurveDifferenceResult& r) { return r.options.bands && r.options.bootstrap; }

// The band the table shows: the bootstrap when computed, else t.
const std::vector<double>& shownLo(const CurveDifferenceResult& r, const DifferenceCurve& c) {
    return bootstrapBands(r) ? c.bootLo : c.tLo;
}
const std::vector<double>& shownHi(const CurveDifferenceResult& r, const DifferenceCurve& c) {
    return bootstrapBands(r) ? c.bootHi : c.tHi;
}

std::string text(const std::vector<CurveDifferenceResult>& results, int digits) {
    std::string out;
    for (const CurveDifferenceResult& r : results) {
        const std::string band = !r.options.bands ? "" : bootstrapBands(r) ? " [paired bootstrap lo, hi]" : " [paired t lo, hi]";
        out += r.metric.familyKey() + ": model - " + r.baselineName + " (delta" + band + ")\n";
        std::vector<std::string> header{"k"};
        std::vector<TextTable::Align> align{TextTable::Align::Right};
        for (std::size_t m = 0; m < r.curves.size(); ++m)
            if (m != r.baseline) {
                header.push_back(r.curves[m].model);
                align.push_back(TextTable::Align::Right);
            }
        TextTable table(header, align);
        for (std::size_t i = 0; i < r.kmax; ++i) {
            std::vector<std::string> row{std::to_string(i + 1)};
            for (std::size_t m = 0; m < r.curves.size(); ++m) {
                if (m == r.baseline) continue;
                const DifferenceCurve& c = r.curves[m];
                std::string cell = fixed(c.delta[i], digits);
                if (r.options.bands)
                    cell.append(" [")
                        .append(fixed(shownLo(r, c)[i], digits))
                        .append(", ")
                        .append(fixed(shownHi(r, c)[i], digits))
                        .append("]");
                row.push_back(std::move(cell));
            }
            table.addRow(std::move(row));
        }
        out += table.render();
        for (std::size_t m = 0; m < r.curves.size(); ++m)
            for (const ZeroCrossing& z : r.curves[m].crossings) {
                char at[32];
                std::snprintf(at, sizeof at, "%.1f", z.at);
                out += r.curves[m].model + " - " + r.baselineName + " crosses 0 between k = " +
                       std::to_string(z.before) + " and k = " + std::to_string(z.after) + " (k ~ " + at + ")\n";
            }
        out += "\n";
    }
    if (!results.empty()) {
        const CurveDifferenceResult& r = results.front();
        out += std::to_string(r.counts.evaluated) + " users averaged (users policy " + usersPolicyName(r.settings.users) +
               ", ties " + tiePolicyName(r.settings.ties) + "), k = 1.." + std::to_string(r.kmax);
        if (r.options.bands) {
            out += "; " + std::to_string(int(std::lround(100 * r.options.level))) + "% paired intervals";
            if (bootstrapBands(r))
                out += ", bootstrap with " + std::to_string(r.options.resamples) + " resamples, seed " +
                       std::to_string(r.options.seed);
        }
        out += "\n";
    }
    return out;
}

std::string csv(const std::vector<CurveDifferenceResult>& results) {
    const bool bands = !results.empty() && results.front().options.bands;
    std::string out = bands ? "model,baseline,metric,k,delta,ci_lo,ci_hi,t_lo,t_hi\n" : "model,baseline,metric,k,delta\n";
    for (const CurveDifferenceResult& r : results)
        for (std::size_t m = 0; m < r.curves.size(); ++m) {
            if (m == r.baseline) continue;
            const DifferenceCurve& c = r.curves[m];
            const std::string prefix = csvField(c.model) + "," + csvField(r.baselineName) + "," + csvField(c.metric) + ",";
            for (std::size_t i = 0; i < c.delta.size(); ++i) {
                out += prefix;
                out.append(std::to_string(i + 1)).append(",").append(full(c.delta[i]));
                if (bands) {
                    const bool boot = bootstrapBands(r);
                    out.append(",").append(boot ? full(c.bootLo[i]) : "").append(",").append(boot ? full(c.bootHi[i]) : "");
                    out.append(",").append(full(c.tLo[i])).append(",").append(full(c.tHi[i]));
                }
                out += '\n';
            }
        }
    return out;
}

std::string json(const std::vector<CurveDifferenceResult>& results) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    if (results.empty()) return out.dump(2) + "\n";
    const CurveDifferenceResult& first = results.front();
    nlohmann::ordered_json metrics = nlohmann::ordered_json::array();
    for (const auto& r : results) metrics.push_back(r.metric.familyKey());
    nlohmann::ordered_json settings = {{"metrics", metrics},
                                       {"ties", tiePolicyName(first.settings.ties)},
                                       {"users", usersPolicyName(first.settings.users)},
                                       {"rel", first.settings.relevanceThreshold},
                                       {"exclusions", first.settings.useExclusions},
                                       {"kmax", first.kmax},
                                       {"bands", first.options.bands}};
    if (first.options.bands) {
        settings["level"] = first.options.level;
        settings["bootstrap"] = first.options.bootstrap;
        if (first.options.bootstrap) {
            settings["resamples"] = first.options.resamples;
            settings["seed"] = first.options.seed;
        }
    }
    nlohmann::ordered_json differences = nlohmann::ordered_json::array();
    for (const CurveDifferenceResult& r : results)
        for (std::size_t m = 0; m < r.curves.size(); ++m) {
            if (m == r.baseline) continue;
            const DifferenceCurve& c = r.curves[m];
            std::vector<std::uint32_t> ks(c.delta.size());
            for (std::size_t i = 0; i < ks.size(); ++i) ks[i] = static_cast<std::uint32_t>(i + 1);
            nlohmann::ordered_json curve = {
                {"model", c.model}, {"baseline", r.baselineName}, {"metric", c.metric}, {"k", ks}, {"delta", c.delta}};
            if (bootstrapBands(r)) {
                curve["lo"] = c.bootLo;
                curve["hi"] = c.bootHi;
            }
            if (r.options.bands) {
                curve["t_lo"] = c.tLo;
                curve["t_hi"] = c.tHi;
            }
            nlohmann::ordered_json crossings = nlohmann::ordered_json::array();
            for (const ZeroCrossing& z : c.crossings) crossings.push_back({{"between", {z.before, z.after}}, {"at", z.at}});
            curve["crosses_zero"] = crossings;
            differences.push_back(std::move(curve));
        }
    out = {{"settings", settings},
           {"baseline", first.baselineName},
           {"users", first.counts.evaluated},
           {"kmax", first.kmax},
           {"differences", differences}};
    return out.dump(2) + "\n";
}

} // namespace

std::string formatCurveDifferences(const std::vector<CurveDifferenceResult>& results, TableFormat format, int digits) {
    switch (format) {
    case TableFormat::Text: return text(results, digits);
    case TableFormat::Csv: return csv(results);
    case TableFormat::Json: return json(results);
    case TableFormat::Markdown:
    case TableFormat::Latex: break;
    }
    throw Error("curves: output format must be table, csv or json");
}

} // namespace ranklab

#include "report/sampled_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "report/text_table.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

std::string fixed(double v, int digits) { return fixedDecimals(v, digits, "NaN"); }

std::string full(double v) {
    if (std::isnan(v)) return "NaN";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

std::string cell(const SampledEstimate& e, int digits) {
    return fixed(e.value, digits) + " [" + fixed(e.interval.lo, digits) + ", " + fixed(e.interval.hi, digits) + "]";
}

nlohmann::ordered_json number(double v) { return std::isfinite(v) ? nlohmann::ordered_json(v) : nullptr; }

nlohmann::ordered_json estimateJson(const SampledEstimate& e) {
    return {{"estimate", number(e.value)}, {"ci", {number(e.interval.lo), number(e.interval.hi)}}};
}

std::string heading(const SampledEvaluation& s) {
    const int level = int(std::lround(s.settings.level * 100));
    return "Sampled-negative protocol: N = " + std::to_string(s.settings.negatives) + " negatives, catalogue M = " +
           std::to_string(s.settings.catalogSize) + ", ties " + tiePolicyName(s.ties) +
           ". Naive: the sampled metric; rescaled, cls, bv, mle: ESTIMATES of the full-catalogue metric (" +
           std::to_string(level) + "% bootstrap intervals over users)";
}

} // namespace

const SampledEstimate& sampledEstimate(const SampledMetricEstimates& m, std::size_t estimator) {
    switch (estimator) {
    case 0: return m.naive;
    case 1: return m.rescaled;
    case 2: return m.cls;
    case 3: return m.bv;
    default: return m.mle;
    }
}

std::string formatSampledText(const SampledEvaluation& s, int digits, bool markdown) {
    std::string out = "\n" + heading(s) + "\n";
    std::vector<std::string> header = {"model", "metric", "users"};
    for (const char* e : kSampledEstimators) header.emplace_back(e);
    std::vector<std::vector<std::string>> rows;
    for (const auto& m : s.models) {
        const std::string users = std::to_string(m.ranks.users.size());
        for (const auto& metric : m.metrics) {
            std::vector<std::string> row = {m.model, metric.metric, users};
            for (std::size_t e = 0; e < 5; ++e) row.push_back(cell(sampledEstimate(metric, e), digits));
            rows.push_back(std::move(row));
        }
        std::vector<std::string> auc = {m.model, "auc", users, cell(m.auc, digits), "(unbiased)", "", "", ""};
        rows.push_back(std::move(auc));
    }
    if (markdown) {
        out += "\n|";
        for (const auto& h : header) out += " " + h + " |";
        out += "\n|";
        for (std::size_t i = 0; i < header.size(); ++i) out += i < 3 ? " --- |" : " ---: |";
        out += "\n";
        for (const auto& row : rows) {
            out += "|";
            for (const auto& c : row) out += " " + c + " |";
            out += "\n";
        }
    } else {
        TextTable table(header, {TextTable::Align::Left, TextTable::Align::Left, TextTable::Align::Right});
        for (auto& row : rows) table.addRow(std::move(row));
        out += table.render();
    }
    for (const auto& m : s.models)
        if (m.ranks.skipped() > 0)
            out += "model " + m.model + ": " + std::to_string(m.ranks.skipped()) +
                   " averaged users do not follow the protocol and are left out (" + std::to_string(m.ranks.missing) +
                   " without a list, " + std::to_string(m.ranks.wrongSize) + " lists not of 1 + N items, " +
                   std::to_string(m.ranks.noPositive) + " without and " + std::to_string(m.ranks.manyPositives) +
                   " with several relevant items)\n";
    if (!s.unsupported.empty()) {
        out += "not estimated (no single-positive form):";
        for (const auto& id : s.unsupported) out += " " + id;
        out += "\n";
    }
    return out;
}

std::string formatSampledCsv(const SampledEvaluation& s) {
    std::string out = "model,metric,estimator,estimate,ci_lo,ci_hi\n";
    auto line = [&](const std::string& model, const std::string& metric, const char* estimator,
                    const SampledEstimate& e) {
        out += model + "," + metric + "," + estimator + "," + full(e.value) + "," + full(e.interval.lo) + "," +
               full(e.interval.hi) + "\n";
    };
    for (const auto& m : s.models) {
        for (const auto& metric : m.metrics)
            for (std::size_t e = 0; e < 5; ++e) line(m.model, metric.metric, kSampledEstimators[e], sampledEstimate(metric, e));
        line(m.model, "auc", "naive", m.auc);
    }
    return out;
}

nlohmann::ordered_json sampledJson(const SampledEvaluation& s) {
    nlohmann::ordered_json models = nlohmann::ordered_json::array();
    for (const auto& m : s.models) {
        nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
        for (const auto& metric : m.metrics) {
            nlohmann::ordered_json e = nlohmann::ordered_json::object();
            for (std::size_t k = 0; k < 5; ++k) e[kSampledEstimators[k]] = estimateJson(sampledEstimate(metric, k));
            metrics[metric.metric] = std::move(e);
        }
        models.push_back({{"name", m.model},
                          {"users", m.ranks.users.size()},
                          {"skipped",
                           {{"missing", m.ranks.missing},
                            {"wrong_size", m.ranks.wrongSize},
                            {"no_positive", m.ranks.noPositive},
                            {"many_positives", m.ranks.manyPositives}}},
                          {"mle", {{"iterations", m.mleIterations}, {"converged", m.mleConverged}}},
                          {"auc", estimateJson(m.auc)},
                          {"metrics", std::move(metrics)}});
    }
    return {{"protocol",
             {{"negatives", s.settings.negatives},
              {"catalog_size", s.settings.catalogSize},
              {"ties", tiePolicyName(s.ties)},
              {"gamma", s.settings.gamma},
              {"level", s.settings.level},
              {"weights", "uniform over full ranks"},
              {"mle_resamples", s.settings.mleResamples}}},
            {"unsupported", s.unsupported},
            {"models", std::move(models)}};
}

std::string withSampledSection(std::string report, TableFormat format, const SampledEvaluation& s, int digits) {
    switch (format) {
    case TableFormat::Json: {
        auto json = nlohmann::ordered_json::parse(report);
        json["sampled"] = sampledJson(s);
        return json.dump(2) + "\n";
    }
    case TableFormat::Csv: return report + "\n" + formatSampledCsv(s);
    case TableFormat::Latex:
        return report + "\n% sampled-protocol estimates are reported in the table, md, csv and json formats\n";
    case TableFormat::Text: return report + formatSampledText(s, digits, false);
    case TableFormat::Markdown: return report + formatSampledText(s, digits, true);
    }
    return report;
}

} // namespace ranklab

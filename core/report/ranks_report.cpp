#include "report/ranks_report.h"

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

// Whole counts as integers, expected (fractional) counts with `digits` decimals.
std::string count(double value, int digits) {
    if (value == std::floor(value) && std::abs(value) < 1e15) return fixed(value, 0);
    return fixed(value, digits);
}

std::string full(double value) { return shortestText(value, ""); }

double share(double part, double total) { return total > 0 ? part / total : 0.0; }

std::string usersLine(const RankDistributions& r) {
    std::string out = std::to_string(r.counts.evaluated);
    out.append(" users (users policy ")
        .append(usersPolicyName(r.settings.users))
        .append(", ties ")
        .append(tiePolicyName(r.settings.ties))
        .append(", relevant: grade >= ")
        .append(full(std::max(0.0, r.settings.relevanceThreshold)))
        .append("), ranks 1..")
        .append(std::to_string(r.kmax))
        .append("; not retrieved: not ranked, or ranked below ")
        .append(std::to_string(r.kmax))
        .append("\n");
    return out;
}

std::string text(const RankDistributions& r, int digits) {
    std::string out;
    for (const ModelRankDistribution& d : r.models) {
        out.append(d.model)
            .append(": first relevant rank mean ")
            .append(fixed(d.meanFirstRank, 2))
            .append(", median ")
            .append(fixed(d.medianFirstRank, 0))
            .append(" (users with one at rank <= ")
            .append(std::to_string(r.kmax))
            .append(")\n");
        TextTable table({"rank", "first", "share", "cdf", "all", "share", "cdf"},
                        std::vector<TextTable::Align>(7, TextTable::Align::Right));
        for (std::size_t i = 0; i < r.kmax; ++i)
            table.addRow({std::to_string(i + 1), count(d.first.counts[i], digits),
                          fixed(share(d.first.counts[i], d.first.total), digits), fixed(d.first.cdf[i], digits),
                          count(d.all.counts[i], digits), fixed(share(d.all.counts[i], d.all.total), digits),
                          fixed(d.all.cdf[i], digits)});
        table.addRow({"not retrieved", count(d.first.notRetrieved, digits),
                      fixed(share(d.first.notRetrieved, d.first.total), digits), "",
                      count(d.all.notRetrieved, digits), fixed(share(d.all.notRetrieved, d.all.total), digits), ""});
        table.addRow({"total", count(d.first.total, digits), "", "", count(d.all.total, digits), "", ""});
        out += table.render() + "\n";
    }
    return out + usersLine(r);
}

void csvRows(std::string& out, const std::string& model, const char* kind, const RankHistogram& h) {
    const std::string prefix = csvField(model) + "," + kind + ",";
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        out.append(prefix).append(std::to_string(i + 1)).append(",").append(full(h.counts[i]));
        out.append(",").append(full(share(h.counts[i], h.total))).append(",").append(full(h.cdf[i])).append("\n");
    }
    out.append(prefix).append("not_retrieved,").append(full(h.notRetrieved));
    out.append(",").append(full(share(h.notRetrieved, h.total))).append(",\n");
}

std::string csv(const RankDistributions& r) {
    std::string out = "model,kind,rank,count,share,cdf\n";
    for (const ModelRankDistribution& d : r.models) {
        csvRows(out, d.model, "first", d.first);
        csvRows(out, d.model, "all", d.all);
    }
    return out;
}

nlohmann::ordered_json histogramJson(const RankHistogram& h) {
    return {{"total", h.total},
            {"counts", h.counts},
            {"cdf", h.cdf},
            {"not_retrieved", h.notRetrieved},
            {"beyond_k", h.beyondK}};
}

std::string json(const RankDistributions& r) {
    nlohmann::ordered_json models = nlohmann::ordered_json::array();
    for (const ModelRankDistribution& d : r.models)
        models.push_back({{"model", d.model},
                          {"mean_first_rank", d.meanFirstRank},
                          {"median_first_rank", d.medianFirstRank},
                          {"first", histogramJson(d.first)},
                          {"all", histogramJson(d.all)}});
    nlohmann::ordered_json out = {{"settings",
                                   {{"ties", tiePolicyName(r.settings.ties)},
                                    {"users", usersPolicyName(r.settings.users)},
                                    {"rel", r.settings.relevanceThreshold},
                                    {"exclusions", r.settings.useExclusions},
                                    {"kmax", r.kmax}}},
                                  {"users", r.counts.evaluated},
                                  {"user_counts", userCountsJson(r.counts)},
                                  {"kmax", r.kmax},
                                  {"models", models}};
    return out.dump(2) + "\n";
}

} // namespace

std::string formatRankDistributions(const RankDistributions& ranks, TableFormat format, int digits) {
    switch (format) {
    case TableFormat::Text: return text(ranks, digits);
    case TableFormat::Csv: return csv(ranks);
    case TableFormat::Json: return json(ranks);
    case TableFormat::Markdown:
    case TableFormat::Latex: break;
    }
    throw Error("ranks: output format must be table, csv or json");
}

} // namespace ranklab

#include "report/tie_report.h"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "report/text_table.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

std::string fixed(double value, int digits) { return fixedDecimals(value, digits); }

// One decimal, or two significant digits below 0.1% so that a small share is not shown as 0.
std::string percent(double share) {
    const double p = 100.0 * share;
    if (p > 0 && p < 0.1) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.2g%%", p);
        return buffer;
    }
    return fixed(p, 1) + "%";
}

const std::vector<std::string> kHeader{"model", "metric", "chosen", "optimistic", "pessimistic", "width",
                                       "affected", "tie in top k"};

std::vector<std::string> row(const TieSensitivity& ties, const ModelTieSensitivity& model, const TieBand& band,
                             int digits, bool percentSigns) {
    auto share = [&](std::size_t n) { return percentSigns ? percent(ties.share(n)) : fixed(ties.share(n), digits); };
    return {model.name,
            band.metricId,
            fixed(band.chosen, digits),
            fixed(band.optimistic, digits),
            fixed(band.pessimistic, digits),
            fixed(band.width(), digits),
            share(band.affectedUsers),
            share(band.tiedInTopUsers)};
}

std::string legend(const TieSensitivity& ties) {
    std::string out = std::string("chosen: the ") + tiePolicyName(ties.chosen) +
                      " tie policy; width = optimistic - pessimistic; affected: averaged users whose value differs "
                      "between optimistic and pessimistic; tie in top k: averaged users with two or more equal "
                      "scores among positions 1..k or a tie group crossing k (" +
                      std::to_string(ties.users) + " users).\n";
    for (const auto& model : ties.models)
        out += "tied scores, " + model.name + ": " + percent(model.tiedShare()) + " of ranked items (" +
               std::to_string(model.tiedEntries) + " of " + std::to_string(model.entries) + ")\n";
    return out;
}

std::string text(const TieSensitivity& ties, int digits) {
    std::vector<TextTable::Align> align(kHeader.size(), TextTable::Align::Right);
    align[0] = align[1] = TextTable::Align::Left;
    TextTable table(kHeader, align);
    for (const auto& model : ties.models)
        for (const auto& band : model.bands) table.addRow(row(ties, model, band, digits, true));
    return table.render() + legend(ties);
}

std::string csv(const TieSensitivity& ties, int digits) {
    std::string out = "model,metric,chosen,optimistic,pessimistic,width,affected_share,tie_in_top_share,tied_score_share\n";
    for (const auto& model : ties.models)
        for (const auto& band : model.bands) {
            auto cells = row(ties, model, band, digits, false);
            for (std::size_t i = 0; i < cells.size(); ++i) out.append(i ? "," : "").append(csvField(cells[i]));
            out.append(",").append(fixed(model.tiedShare(), digits)).append("\n");
        }
    return out;
}

std::string markdown(const TieSensitivity& ties, int digits) {
    std::string out = "|";
    std::string rule = "|";
    for (std::size_t i = 0; i < kHeader.size(); ++i) {
        out.append(" ").append(kHeader[i]).append(" |");
        rule += i < 2 ? ":--|" : "--:|";
    }
    out += "\n" + rule + "\n";
    for (const auto& model : ties.models)
        for (const auto& band : model.bands) {
            out += "|";
            for (const auto& cell : row(ties, model, band, digits, true)) out.append(" ").append(markdownEscape(cell)).append(" |");
            out += "\n";
        }
    return out + "\n" + legend(ties);
}

nlohmann::ordered_json json(const TieSensitivity& ties) {
    nlohmann::ordered_json models = nlohmann::ordered_json::array();
    for (const auto& model : ties.models) {
        nlohmann::ordered_json bands = nlohmann::ordered_json::array();
        for (const auto& band : model.bands)
            bands.push_back({{"metric", band.metricId},
                             {"chosen", band.chosen},
                             {"optimistic", band.optimistic},
                             {"pessimistic", band.pessimistic},
                             {"width", band.width()},
                             {"affected_users", band.affectedUsers},
                             {"affected_share", ties.share(band.affectedUsers)},
                             {"tie_in_top_users", band.tiedInTopUsers},
                             {"tie_in_top_share", ties.share(band.tiedInTopUsers)}});
        models.push_back({{"name", model.name},
                          {"ranked_items", model.entries},
                          {"tied_items", model.tiedEntries},
                          {"tied_share", model.tiedShare()},
                          {"bands", bands}});
    }
    return {{"chosen_policy", tiePolicyName(ties.chosen)}, {"users", ties.users}, {"models", models}};
}

} // namespace

std::string formatTieSensitivity(const TieSensitivity& ties, TableFormat format, int digits) {
    switch (format) {
    case TableFormat::Text: return text(ties, digits);
    case TableFormat::Csv: return csv(ties, digits);
    case TableFormat::Json: return json(ties).dump(2) + "\n";
    case TableFormat::Markdown:
    case TableFormat::Latex: return markdown(ties, digits);
    }
    return {};
}

} // namespace ranklab

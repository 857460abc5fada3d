#include "report/cohort_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "metrics/metric_record.h"
#include "metrics/metric_spec.h"
#include "report/set_level_report.h"
#include "report/text_table.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

using stats::Comparison;

std::string fixed(double value, int digits) { return fixedDecimals(value, digits, "-"); }

// A row of the means table: the overall comparison first, then each cohort.
struct Block {
    std::string label;
    std::size_t users;
    const Comparison* comparison;
    const std::vector<bool>* differs;  // null for the overall block
};

// CSV leaves an undefined value (NaN) empty.
std::string csvNumber(double value, int digits) { return std::isnan(value) ? std::string() : fixed(value, digits); }

// The set-level comparisons, block by block (null where there is none).
std::vector<std::pair<std::string, const stats::SetLevelComparison*>> setLevelBlocks(const CohortComparison& c) {
    std::vector<std::pair<std::string, const stats::SetLevelComparison*>> out;
    if (!c.overallSetLevel || c.overallSetLevel->metrics.empty()) return out;
    out.emplace_back("(all users)", &*c.overallSetLevel);
    for (const auto& cohort : c.cohorts) out.emplace_back(cohort.label, cohort.setLevel ? &*cohort.setLevel : nullptr);
    return out;
}

// The model with the best value of set-level column i (by its direction).
std::size_t bestSetLevel(const stats::SetLevelComparison& s, std::size_t i) {
    const Direction direction = directionOf(MetricSpec::parse(s.metricIds[i]));
    std::size_t best = 0;
    for (std::size_t m = 1; m < s.models.size(); ++m)
        if (isBetter(direction, s.value[m][i], s.value[best][i])) best = m;
    return best;
}

// Each block's set-level metrics as compare prints them.
std::string setLevelText(const CohortComparison& c, int digits) {
    std::string out;
    for (const auto& [label, s] : setLevelBlocks(c))
        if (s) out += "\n" + label + ":" + formatSetLevelText(*s, digits);
    return out;
}

std::vector<Block> blocks(const CohortComparison& c) {
    std::vector<Block> out{{"(all users)", c.overall.users, &c.overall, nullptr}};
    for (const auto& cohort : c.cohorts)
        out.push_back({cohort.label, cohort.users, cohort.comparison ? &*cohort.comparison : nullptr,
                       cohort.comparison ? &cohort.bestDiffers : nullptr});
    return out;
}

// "0.4123 [0.3800, 0.4400]" with "*" for the block's best and "!" when that
// best differs from the overall best.
std::string meanCell(const Block& b, std::size_t model, std::size_t i, int digits) {
    const auto& s = b.comparison->means[model][i];
    std::string cell = fixed(s.moments.mean, digits) + " [" + fixed(s.t.lo, digits) + ", " + fixed(s.t.hi, digits) + "]";
    if (b.comparison->models.size() > 1 && b.comparison->best[i] == model) {
        cell += "*";
        if (b.differs && (*b.differs)[i]) cell += "!";
    }
    return cell;
}

std::string headline(const CohortComparison& c) {
    const auto& o = c.overall.options;
    std::string tests;
    for (auto t : o.tests) tests.append(tests.empty() ? "" : ",").append(stats::toString(t));
    return std::string("Cohorts by ") + cohortGroupingName(c.by) + "; mean [" + fixed(100 * o.level, 0) +
           "% t CI]; * best in the cohort, ! best differs from the best over all users; tests " + tests +
           ", correction " + std::string(stats::toString(o.correction)) +
           " over the pairs x metrics within each cohort\n";
}

std::string pairsText(const CohortComparison& c, int digits) {
    std::vector<std::string> header{"cohort", "metric", "a", "b", "a-b"};
    for (auto t : c.overall.options.tests) header.push_back(std::string("p ").append(stats::toString(t)) + " (adj)");
    TextTable table(header);
    bool any = false;
    for (const Block& b : blocks(c)) {
        if (!b.comparison) continue;
        for (const auto& pair : b.comparison->pairs) {
            std::vector<std::string> row{b.label, b.comparison->metricIds[0], b.comparison->models[pair.a],
                                         b.comparison->models[pair.b], fixed(pair.meanDiff, digits)};
            for (std::size_t i = 0; i < b.comparison->metrics.size(); ++i)
                if (b.comparison->metrics[i] == pair.metric) row[1] = b.comparison->metricIds[i];
            for (const auto& t : pair.tests)
                row.push_back(fixed(t.pvalue, digits) + " (" + fixed(t.adjusted, digits) + ")" + (t.significant ? " s" : ""));
            table.addRow(std::move(row));
            any = true;
        }
    }
    return any ? "\nPairs (s: significant after the correction):\n" + table.render() : std::string();
}

std::string text(const CohortComparison& c, int digits) {
    std::vector<std::string> header{"cohort", "users", "model"};
    for (const auto& id : c.overall.metricIds) header.push_back(id);
    std::vector<TextTable::Align> align(header.size(), TextTable::Align::Right);
    align[0] = align[2] = TextTable::Align::Left;
    TextTable table(header, align);
    for (const Block& b : blocks(c)) {
        if (!b.comparison) {
            table.addRow({b.label, std::to_string(b.users), "-"});
            continue;
        }
        for (std::size_t m = 0; m < b.comparison->models.size(); ++m) {
            std::vector<std::string> row{m == 0 ? b.label : "", m == 0 ? std::to_string(b.users) : "",
                                         b.comparison->models[m]};
            for (std::size_t i = 0; i < b.comparison->metrics.size(); ++i) row.push_back(meanCell(b, m, i, digits));
            table.addRow(std::move(row));
        }
    }
    return headline(c) + table.render() + pairsText(c, digits) + setLevelText(c, digits);
}

std::string csv(const CohortComparison& c, int digits) {
    std::string out = "cohort,users,model,metric,mean,ci_lo,ci_hi,best,best_differs\n";
    for (const Block& b : blocks(c)) {
        if (!b.comparison) {
            out += csvField(b.label) + "," + std::to_string(b.users) + ",,,,,,,\n";
            continue;
        }
        const Comparison& cmp = *b.comparison;
        for (std::size_t m = 0; m < cmp.models.size(); ++m)
            for (std::size_t i = 0; i < cmp.metrics.size(); ++i) {
                const auto& s = cmp.means[m][i];
                const bool best = cmp.best[i] == m;
                out += csvField(b.label) + "," + std::to_string(b.users) + "," + csvField(cmp.models[m]) + "," +
                       csvField(cmp.metricIds[i]) + "," + csvNumber(s.moments.mean, digits) + "," +
                       csvNumber(s.t.lo, digits) + "," + csvNumber(s.t.hi, digits) + "," + (best ? "1" : "0") + "," +
                       (best && b.differs && (*b.differs)[i] ? "1" : "0") + "\n";
            }
    }
    // Set-level metrics: the statistic and its bootstrap interval over the cohort's users.
    const auto sets = setLevelBlocks(c);
    for (std::size_t k = 0; k < sets.size(); ++k) {
        const stats::SetLevelComparison* s = sets[k].second;
        if (!s) continue;
        const std::size_t users = k == 0 ? c.overall.users : c.cohorts[k - 1].users;
        for (std::size_t m = 0; m < s->models.size(); ++m)
            for (std::size_t i = 0; i < s->metrics.size(); ++i) {
                const bool best = bestSetLevel(*s, i) == m;
                const bool differs = k > 0 && best && m != bestSetLevel(*sets[0].second, i);
                out += csvField(sets[k].first) + "," + std::to_string(users) + "," + csvField(s->models[m]) + "," +
                       csvField(s->metricIds[i]) + "," + csvNumber(s->value[m][i], digits) + "," +
                       csvNumber(s->interval[m][i].lo, digits) + "," + csvNumber(s->interval[m][i].hi, digits) + "," +
                       (best ? "1" : "0") + "," + (differs ? "1" : "0") + "\n";
            }
    }
    return out;
}

std::string markdown(const CohortComparison& c, int digits) {
    std::string out = "| cohort | users | model |";
    std::string rule = "|:--|--:|:--|";
    for (const auto& id : c.overall.metricIds) {
        out.append(" ").append(markdownEscape(id)).append(" |");
        rule += "--:|";
    }
    out += "\n" + rule + "\n";
    for (const Block& b : blocks(c)) {
        if (!b.comparison) {
            out += "| " + markdownEscape(b.label) + " | " + std::to_string(b.users) + " | - |\n";
            continue;
        }
        for (std::size_t m = 0; m < b.comparison->models.size(); ++m) {
            out += "| " + markdownEscape(m == 0 ? b.label : "") + " | " + (m == 0 ? std::to_string(b.users) : "") +
                   " | " + markdownEscape(b.comparison->models[m]) + " |";
            for (std::size_t i = 0; i < b.comparison->metrics.size(); ++i) {
                std::string cell = meanCell(b, m, i, digits);
                if (cell.back() == '!') cell = "**" + cell.substr(0, cell.size() - 2) + "** (!)";
                else if (cell.back() == '*') cell = "**" + cell.substr(0, cell.size() - 1) + "**";
                out.append(" ").append(cell).append(" |");
            }
            out += "\n";
        }
    }
    std::string head = headline(c);
    head.pop_back();
    return out + "\n" + markdownEscape(head) + ".\n" + setLevelText(c, digits);
}

nlohmann::ordered_json interval(double lo, double hi) { return nlohmann::ordered_json::array({lo, hi}); }

nlohmann::ordered_json comparisonJson(const Comparison& cmp, const std::vector<bool>* differs) {
    nlohmann::ordered_json models = nlohmann::ordered_json::array();
    for (std::size_t m = 0; m < cmp.models.size(); ++m) {
        nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
        for (std::size_t i = 0; i < cmp.metrics.size(); ++i) {
            const auto& s = cmp.means[m][i];
            nlohmann::ordered_json v = {{"mean", s.moments.mean}, {"sd", s.moments.sd}, {"ci_t", interval(s.t.lo, s.t.hi)}};
            if (s.bootstrap) v["ci_bootstrap"] = interval(s.bootstrap->lo, s.bootstrap->hi);
            metrics[cmp.metricIds[i]] = v;
        }
        models.push_back({{"name", cmp.models[m]}, {"metrics", metrics}});
    }
    nlohmann::ordered_json best = nlohmann::ordered_json::object();
    nlohmann::ordered_json bestDiffers = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < cmp.metrics.size(); ++i) {
        best[cmp.metricIds[i]] = cmp.models[cmp.best[i]];
        if (differs) bestDiffers[cmp.metricIds[i]] = bool((*differs)[i]);
    }
    nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
    for (const auto& pair : cmp.pairs) {
        std::string metric;
        for (std::size_t i = 0; i < cmp.metrics.size(); ++i)
            if (cmp.metrics[i] == pair.metric) metric = cmp.metricIds[i];
        nlohmann::ordered_json tests = nlohmann::ordered_json::array();
        for (const auto& t : pair.tests)
            tests.push_back({{"test", stats::toString(t.test)},
                             {"statistic", t.statistic},
                             {"p", t.pvalue},
                             {"p_adjusted", t.adjusted},
                             {"significant", t.significant}});
        nlohmann::ordered_json p = {{"a", cmp.models[pair.a]},
                                    {"b", cmp.models[pair.b]},
                                    {"metric", metric},
                                    {"n", pair.n},
                                    {"mean_diff", pair.meanDiff},
                                    {"ci_t", interval(pair.ciT.lo, pair.ciT.hi)}};
        if (pair.ciBootstrap) p["ci_bootstrap"] = interval(pair.ciBootstrap->lo, pair.ciBootstrap->hi);
        p["cohens_dz"] = pair.cohensDz;
        p["wins"] = pair.winsTiesLosses.wins;
        p["ties"] = pair.winsTiesLosses.ties;
        p["losses"] = pair.winsTiesLosses.losses;
        p["tests"] = tests;
        pairs.push_back(p);
    }
    nlohmann::ordered_json out = {{"users", cmp.users}, {"best", best}};
    if (differs) out["best_differs"] = bestDiffers;
    out["models"] = models;
    out["pairs"] = pairs;
    return out;
}

std::string json(const CohortComparison& c) {
    const auto& o = c.overall.options;
    nlohmann::ordered_json tests = nlohmann::ordered_json::array();
    for (auto t : o.tests) tests.push_back(stats::toString(t));
    nlohmann::ordered_json cohorts = nlohmann::ordered_json::array();
    for (const auto& cohort : c.cohorts) {
        nlohmann::ordered_json entry = {{"label", cohort.label}, {"users", cohort.users}};
        if (cohort.comparison) entry["comparison"] = comparisonJson(*cohort.comparison, &cohort.bestDiffers);
        if (cohort.setLevel) entry["set_level"] = setLevelJson(*cohort.setLevel);
        cohorts.push_back(entry);
    }
    nlohmann::ordered_json out = {{"grouping", cohortGroupingName(c.by)},
                                  {"level", o.level},
                                  {"alpha", o.alpha},
                                  {"tests", tests},
                                  {"correction", stats::toString(o.correction)},
                                  {"correction_family", "pairs x metrics within each cohort"},
                                  {"metrics", c.overall.metricIds},
                                  {"overall", comparisonJson(c.overall, nullptr)},
                                  {"cohorts", cohorts}};
    if (c.overallSetLevel) out["overall_set_level"] = setLevelJson(*c.overallSetLevel);
    return out.dump(2) + "\n";
}

} // namespace

std::string formatCohorts(const CohortComparison& cohorts, TableFormat format, int digits) {
    switch (format) {
    case TableFormat::Text: return text(cohorts, digits);
    case TableFormat::Csv: return csv(cohorts, digits);
    case TableFormat::Json: return json(cohorts);
    case TableFormat::Markdown:
    case TableFormat::Latex: return markdown(cohorts, digits);
    }
    return {};
}

} // namespace ranklab

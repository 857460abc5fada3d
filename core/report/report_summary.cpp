#include "report/report_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "common/number_text.h"
#include "report/compare_marks.h"

namespace ranklab {
namespace {

std::string fixed(double value, int digits) {
    if (!std::isfinite(value)) return "–";
    std::string s = fixedDecimals(value, digits);
    // "-0.0000" is zero
    if (s[0] == '-' && s.find_first_of("123456789") == std::string::npos) s.erase(0, 1);
    return s;
}

// "+0.0123", "−0.0123" (a true minus sign), "0.0000".
std::string signedText(double value, int digits) {
    std::string s = fixed(value, digits);
    if (s == "–" || s.find_first_of("123456789") == std::string::npos) return s;
    if (s[0] == '-') return "\xe2\x88\x92" + s.substr(1);
    return "+" + s;
}

// One model's difference to the reference on one compared column, oriented
// model − reference.
struct Difference {
    const stats::PairComparison* pair = nullptr;
    double diff = stats::kNaN, lo = stats::kNaN, hi = stats::kNaN;
    int verdict = 0;  // +1 significantly better, −1 significantly worse, 0 neither
};

Difference differenceOf(const stats::Comparison& c, std::size_t model, std::size_t reference, std::size_t i,
                        ShownInterval interval) {
    Difference d;
    d.pair = c.find(model, reference, c.metrics[i]);
    if (!d.pair) return d;
    const bool flipped = d.pair->a != model;
    const double sign = flipped ? -1.0 : 1.0;
    double lo = d.pair->ciT.lo, hi = d.pair->ciT.hi;
    if (interval == ShownInterval::Bootstrap && d.pair->ciBootstrap) {
        lo = d.pair->ciBootstrap->lo;
        hi = d.pair->ciBootstrap->hi;
    }
    d.diff = sign * d.pair->meanDiff;
    d.lo = flipped ? -hi : lo;
    d.hi = flipped ? -lo : hi;
    const Direction direction = c.direction(i);
    if (!d.pair->tests.empty() && d.pair->tests.front().significant && std::isfinite(d.diff) && d.diff != 0 &&
        direction != Direction::None)
        d.verdict = ((d.diff > 0) == (direction == Direction::HigherIsBetter)) ? 1 : -1;
    return d;
}

std::string verdictCell(const Difference& d) {
    if (d.verdict > 0) return "<td class=\"up\">\xe2\x96\xb2 better</td>";
    if (d.verdict < 0) return "<td class=\"down\">\xe2\x96\xbc worse</td>";
    return "<td class=\"note\">not significant</td>";
}

std::string practicalCell(const Difference& d, int digits) {
    if (!d.pair || !d.pair->practical) return "<td></td>";
    const stats::PracticalSignificance& p = *d.pair->practical;
    const std::string name(toString(p.practicalClass));
    const char* css = p.practicalClass == stats::PracticalClass::Better   ? "up"
                      : p.practicalClass == stats::PracticalClass::Worse  ? "down"
                                                                          : "note";
    return std::string("<td class=\"") + css + "\">" + name + " (\xce\xb4 = " + fixed(p.delta, digits) + ")</td>";
}

std::string intervalName(const stats::Comparison& c, ShownInterval interval) {
    const std::string level = fixed(100 * c.options.level, 0) + "%";
    return level + (interval == ShownInterval::Bootstrap ? " bootstrap CI" : " t CI");
}

// "better on 4 of 6 metrics, worse on 1, no significant difference on 1".
std::string tally(const std::vector<Difference>& row) {
    std::size_t better = 0, worse = 0, neither = 0;
    for (const Difference& d : row) (d.verdict > 0 ? better : d.verdict < 0 ? worse : neither)++;
    std::string text;
    if (better) text += "significantly better on " + std::to_string(better);
    if (worse) text += std::string(text.empty() ? "significantly worse on " : ", worse on ") + std::to_string(worse);
    if (neither) text += std::string(text.empty() ? "no significant difference on " : ", no significant difference on ") +
                         std::to_string(neither);
    return text + " of " + std::to_string(row.size()) + (row.size() == 1 ? " metric" : " metrics");
}

void keyTable(std::string& html, const HtmlReportInput& in, const stats::Comparison& c) {
    const bool practical = [&] {
        for (const stats::PairComparison& p : c.pairs)
            if (p.practical) return true;
        return false;
    }();
    const std::optional<std::size_t> baseline = c.options.baseline;
    const std::string reference = baseline ? htmlEscape(c.models[*baseline]) : "the runner-up";
    html += "<table class=\"key\" id=\"key-table\"><thead><tr><th>metric</th><th>winner</th><th>model</th><th>"
            "\xce\x94 vs " + reference + " [" + intervalName(c, in.interval) + "]</th><th>\xce\x94%</th>"
            "<th>significance</th>" + std::string(practical ? "<th>practical</th>" : "") + "</tr></thead><tbody>\n";
    for (std::size_t i = 0; i < c.metricIds.size(); ++i) {
        const std::size_t winner = i < c.best.size() ? c.best[i] : 0;
        // Against a baseline: every other model; all pairs: the winner against the runner-up.
        std::vector<std::pair<std::size_t, std::size_t>> rows;  // (model, reference)
        if (baseline) {
            for (std::size_t m = 0; m < c.models.size(); ++m)
                if (m != *baseline) rows.emplace_back(m, *baseline);
        } else if (c.models.size() >= 2) {
            std::optional<std::size_t> second;
            const bool higher = c.direction(i) != Direction::LowerIsBetter;
            for (std::size_t m = 0; m < c.models.size(); ++m) {
                if (m == winner) continue;
                const double v = c.means[m][i].moments.mean, s = second ? c.means[*second][i].moments.mean : 0;
                if (!second || (higher ? v > s : v < s)) second = m;
            }
            rows.emplace_back(winner, *second);
        }
        for (std::size_t r = 0; r < rows.size(); ++r) {
            const auto [model, ref] = rows[r];
            const Difference d = differenceOf(c, model, ref, i, in.interval);
            html += "<tr>";
            if (r == 0) {
                const std::string span = rows.size() > 1 ? " rowspan=\"" + std::to_string(rows.size()) + "\"" : "";
                html += "<td" + span + ">" + htmlEscape(c.metricIds[i]) + "</td><td" + span + " class=\"best\">" +
                        htmlEscape(c.models[winner]) + "</td>";
            }
            html += "<td>" + htmlEscape(c.models[model]) +
                    (baseline ? "" : " \xe2\x88\x92 " + htmlEscape(c.models[ref])) + "</td><td>" +
                    signedText(d.diff, in.digits) + " [" + signedText(d.lo, in.digits) + ", " +
                    signedText(d.hi, in.digits) + "]</td><td>" +
                    signedText(relativeChangePercent(d.diff, c.means[ref][i].moments.mean), 1) + "%</td>" +
                    verdictCell(d) + (practical ? practicalCell(d, in.digits) : "") + "</tr>\n";
        }
    }
    html += "</tbody></table>\n";
}

void headline(std::string& html, const HtmlReportInput& in, const stats::Comparison& c) {
    const std::string basis = marksBasis(c);
    html += "<p class=\"lead\">" + std::to_string(c.models.size()) + " models over " + std::to_string(c.users) +
            " users" + (basis.empty() ? "" : "; significance: " + htmlEscape(basis)) + ".</p>\n";
    if (!c.options.baseline) return;
    html += "<ul class=\"verdicts\">\n";
    for (std::size_t m = 0; m < c.models.size(); ++m) {
        if (m == *c.options.baseline) continue;
        std::vector<Difference> row;
        for (std::size_t i = 0; i < c.metricIds.size(); ++i)
            row.push_back(differenceOf(c, m, *c.options.baseline, i, in.interval));
        html += "<li><b>" + htmlEscape(c.models[m]) + "</b> against the baseline <b>" +
                htmlEscape(c.models[*c.options.baseline]) + "</b>: " + tally(row) + ".</li>\n";
    }
    html += "</ul>\n";
}

} // namespace

double relativeChangePercent(double diff, double baselineMean) {
    if (!std::isfinite(baselineMean) || baselineMean == 0 || std::isnan(diff)) return stats::kNaN;
    return 100.0 * diff / baselineMean;
}

std::vector<const Finding*> failingFindings(const ValidationReport& report, bool withInfo) {
    std::vector<const Finding*> out;
    for (const Finding& f : report.findings)
        if (f.severity == Severity::Warning || f.severity == Severity::Error || (withInfo && f.severity == Severity::Info))
            out.push_back(&f);
    return out;
}

std::string checksOkLine(const ValidationReport& report, bool notesListed) {
    std::size_t ok = 0, notes = 0;
    for (const Finding& f : report.findings) {
        if (f.severity == Severity::Ok) ++ok;
        if (f.severity == Severity::Info) ++notes;
    }
    std::string text = std::to_string(ok) + (ok == 1 ? " check ok" : " checks ok");
    if (!notesListed && notes) text += ", " + std::to_string(notes) + (notes == 1 ? " note" : " notes") + " (see the checks)";
    return text;
}

void summarySection(std::string& html, const HtmlReportInput& in) {
    const stats::Comparison* c = in.comparison;
    if (!c) {
        html += "<p class=\"note\">Not computed.</p>\n";
        return;
    }
    headline(html, in, *c);
    if (c->models.size() >= 2 && !c->metricIds.empty()) keyTable(html, in, *c);
    if (!in.coverage.empty()) {
        html += "<p class=\"warn\"><b>\xe2\x9a\xa0 Coverage.</b> ";
        for (std::size_t i = 0; i < in.coverage.size(); ++i)
            html += (i ? "; " : "") + htmlEscape(in.coverage[i]);
        html += ". A user a model did not score counts 0 for it, so its means are lower for its coverage, not only "
                "its quality.</p>\n";
    }
    if (in.validation) {
        const std::vector<const Finding*> failing = failingFindings(*in.validation, false);
        html += "<p><b>Checks:</b> " + checksOkLine(*in.validation, false) +
                (failing.empty() ? ", none failing.</p>\n" : "; failing:</p>\n<ul class=\"failing\">\n");
        // One line per finding, its subjects together ("model a, model b: ...").
        std::vector<std::pair<const Finding*, std::string>> lines;
        for (const Finding* f : failing) {
            auto same = std::find_if(lines.begin(), lines.end(), [&](const auto& l) {
                return l.first->severity == f->severity && l.first->message == f->message;
            });
            if (same == lines.end()) lines.emplace_back(f, f->subject);
            else same->second += ", " + f->subject;
        }
        for (const auto& [f, subjects] : lines)
            html += "<li><span class=\"sev-" + std::string(severityName(f->severity)) + "\">" +
                    severityName(f->severity) + "</span> " + htmlEscape(subjects) + ": " + htmlEscape(f->message) +
                    "</li>\n";
        if (!failing.empty()) html += "</ul>\n";
    }
}

} // namespace ranklab

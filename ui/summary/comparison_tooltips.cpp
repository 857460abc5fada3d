#include "ui/summary/comparison_tooltips.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <vector>

#include "ui/summary/cell_format.h"

namespace ranklab::ui {
namespace {

QString modelName(const EvaluationResult& r, std::size_t model) {
    if (model < std::size_t(r.models.size())) return r.models[qsizetype(model)].name.toHtmlEscaped();
    return QString::fromStdString(r.evaluation->models[model].name).toHtmlEscaped();
}

QString interval(double lo, double hi) {
    return QStringLiteral("[%1, %2]").arg(formatValue(lo), formatValue(hi));
}

std::optional<std::size_t> comparedIndex(const stats::Comparison& c, std::size_t metric) {
    for (std::size_t i = 0; i < c.metrics.size(); ++i)
        if (c.metrics[i] == metric) return i;
    return std::nullopt;
}

// `pair` seen from `model`: the difference model − other.
QStringList pairLines(const EvaluationResult& r, const stats::PairComparison& pair, std::size_t model) {
    const stats::Comparison& c = *r.comparison;
    const bool flip = pair.a != model;
    const std::size_t other = flip ? pair.a : pair.b;
    const double sign = flip ? -1.0 : 1.0;
    const QString level = formatLevel(c.options.level);
    QStringList lines;
    QString diff = QStringLiteral("difference %1 − %2 = <b>%3</b>")
                       .arg(modelName(r, model), modelName(r, other), formatSigned(sign * pair.meanDiff));
    const double tLo = flip ? -pair.ciT.hi : pair.ciT.lo;
    const double tHi = flip ? -pair.ciT.lo : pair.ciT.hi;
    diff += QStringLiteral(", %1 t CI %2").arg(level, interval(tLo, tHi));
    if (pair.ciBootstrap) {
        const double lo = flip ? -pair.ciBootstrap->hi : pair.ciBootstrap->lo;
        const double hi = flip ? -pair.ciBootstrap->lo : pair.ciBootstrap->hi;
        diff += QStringLiteral(", bootstrap CI %1").arg(interval(lo, hi));
    }
    lines << diff;
    for (const stats::TestOutcome& t : pair.tests) {
        QString line = QStringLiteral("%1: %2").arg(testName(t.test), pEqualsHtml(t.pvalue));
        if (c.options.correction != stats::Correction::None)
            line += QStringLiteral(", %1 %2").arg(correctionName(c.options.correction).replace(
                                                        QStringLiteral("-corrected"), QStringLiteral("-adjusted")),
                                                    pEqualsHtml(t.adjusted));
        line += t.significant ? QStringLiteral(" → <b>significant</b> at α = %1").arg(c.options.alpha)
                              : QStringLiteral(" → not significant at α = %1").arg(c.options.alpha);
        lines << line;
    }
    const stats::WinsTiesLosses& w = pair.winsTiesLosses;
    lines << QStringLiteral("users where %1 wins / ties / loses: %2 / %3 / %4 · Cohen's d<sub>z</sub> = %5")
                 .arg(modelName(r, model))
                 .arg(flip ? w.losses : w.wins)
                 .arg(w.ties)
                 .arg(flip ? w.wins : w.losses)
                 .arg(formatSigned(sign * pair.cohensDz, 3));
    if (pair.rankBiserial == pair.rankBiserial)
        lines << QStringLiteral("rank-biserial r = %1 (beside Wilcoxon)").arg(formatSigned(sign * pair.rankBiserial, 3));
    if (pair.practical) {
        using stats::PracticalClass;
        PracticalClass practical = pair.practical->practicalClass;
        if (flip && practical == PracticalClass::Better) practical = PracticalClass::Worse;
        else if (flip && practical == PracticalClass::Worse) practical = PracticalClass::Better;
        lines << QStringLiteral("practically <b>%1</b> at δ = %2 (%3): TOST %4, t-test %5, α = %6")
                     .arg(QString::fromLatin1(stats::toString(practical).data(), qsizetype(stats::toString(practical).size())), formatValue(pair.practical->delta),
                          QString::fromStdString(pair.practical->minEffect.toString()).toHtmlEscaped(),
                          pEqualsHtml(pair.practical->tost.pvalue), pEqualsHtml(pair.practical->tPvalue))
                     .arg(c.options.alpha);
    }
    return lines;
}

} // namespace

QString correctionName(stats::Correction correction) {
    switch (correction) {
    case stats::Correction::None: return QStringLiteral("uncorrected");
    case stats::Correction::Bonferroni: return QStringLiteral("Bonferroni-corrected");
    case stats::Correction::Holm: return QStringLiteral("Holm-corrected");
    case stats::Correction::BenjaminiHochberg: return QStringLiteral("Benjamini–Hochberg-corrected");
    case stats::Correction::Sidak: return QStringLiteral("Šidák-corrected");
    case stats::Correction::HolmSidak: return QStringLiteral("Holm–Šidák-corrected");
    }
    return {};
}

QString testName(stats::SignificanceTest test) {
    switch (test) {
    case stats::SignificanceTest::TTest: return QStringLiteral("paired t-test");
    case stats::SignificanceTest::Wilcoxon: return QStringLiteral("Wilcoxon signed-rank test");
    case stats::SignificanceTest::Randomization: return QStringLiteral("randomization test");
    case stats::SignificanceTest::Bootstrap: return QStringLiteral("bootstrap test");
    }
    return {};
}

// A set-level cell: the statistic, its interval and the differences, each saying its method.
static QStringList setLevelLines(const EvaluationResult& r, std::size_t model, std::size_t metric) {
    const Evaluation& e = *r.evaluation;
    QStringList lines;
    lines << QStringLiteral("value <b>%1</b>: one statistic over all %2 users' lists (set-level)")
                 .arg(formatValue(e.models[model].means[metric], 6))
                 .arg(e.users.size());
    const stats::SetLevelComparison* s = r.setLevel.get();
    const auto at = s ? std::find(s->metrics.begin(), s->metrics.end(), metric) : std::vector<std::size_t>::const_iterator{};
    if (!s || at == s->metrics.end()) {
        lines << QStringLiteral("<i>its bootstrap interval is being computed…</i>");
        return lines;
    }
    const std::size_t i = std::size_t(at - s->metrics.begin());
    const QString method = QString::fromStdString(s->method);
    lines << QStringLiteral("%1 percentile interval %2: %3, %4 resamples")
                 .arg(formatLevel(s->level), interval(s->interval[model][i].lo, s->interval[model][i].hi), method,
                      QLocale(QLocale::English).toString(qulonglong(s->resamples)));
    for (const auto& p : s->pairs) {
        if (p.metric != metric || (p.a != model && p.b != model)) continue;
        const bool flip = p.a != model;
        const std::size_t other = flip ? p.a : p.b;
        const double diff = flip ? -p.difference.difference : p.difference.difference;
        const double lo = flip ? -p.difference.interval.hi : p.difference.interval.lo;
        const double hi = flip ? -p.difference.interval.lo : p.difference.interval.hi;
        lines << QString() << QStringLiteral("− %1: <b>%2</b> %3, bootstrap %4 (uncorrected; %5)")
                                  .arg(modelName(r, other), formatSigned(diff, 4), interval(lo, hi),
                                       pEqualsHtml(p.difference.pValue), method);
    }
    return lines;
}

QString runCount(const EvaluationResult& r, std::size_t model) {
    if (!r.spreads || model >= r.spreads->size() || (*r.spreads)[model].runs.size() < 2) return {};
    return QStringLiteral("%1 runs").arg((*r.spreads)[model].runs.size());
}

namespace {

// A model's runs on one column: their mean ± SD and each run's mean.
QString runLines(const EvaluationResult& r, std::size_t model, std::size_t metric) {
    if (runCount(r, model).isEmpty()) return {};
    const stats::RunSpread& s = (*r.spreads)[model];
    QStringList each;
    for (const auto& means : s.means) each << formatValue(means[metric], 4);
    return QStringLiteral("over its %1 runs: %2 ± %3 (SD of the run means); each run: %4")
        .arg(s.runs.size())
        .arg(formatValue(s.mean[metric], 4), formatValue(s.sd[metric], 4), each.join(QStringLiteral(", ")));
}

} // namespace

QString cellToolTip(const EvaluationResult& r, std::size_t model, std::size_t metric) {
    const Evaluation& e = *r.evaluation;
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> on <b>%2</b>")
                 .arg(modelName(r, model), QString::fromStdString(e.settings.metrics[metric].id()).toHtmlEscaped());
    const stats::Comparison* c = r.comparison.get();
    if (e.isSetLevel(metric)) return (lines << setLevelLines(r, model, metric)).join(QStringLiteral("<br>"));
    const auto i = c ? comparedIndex(*c, metric) : std::nullopt;
    if (!i) {
        lines << QStringLiteral("mean %1 over %2 users").arg(formatValue(e.models[model].means[metric], 6))
                     .arg(e.users.size());
        lines << QStringLiteral("<i>intervals and tests are being computed…</i>");
        return lines.join(QStringLiteral("<br>"));
    }
    const stats::MeanSummary& s = c->means[model][*i];
    const QString level = formatLevel(c->options.level);
    lines << QStringLiteral("mean <b>%1</b> over n = %2 users (SD %3)")
                 .arg(formatValue(s.moments.mean, 6))
                 .arg(s.moments.n)
                 .arg(formatValue(s.moments.sd));
    lines << QStringLiteral("%1 t CI %2 (± %3)").arg(level, interval(s.t.lo, s.t.hi), formatValue(s.t.halfWidth));
    if (s.bootstrap)
        lines << QStringLiteral("%1 %2bootstrap CI %3 (%4 resamples)")
                     .arg(level, r.spreads ? QStringLiteral("two-level ") : QString(),
                          interval(s.bootstrap->lo, s.bootstrap->hi),
                          QLocale(QLocale::English).toString(qulonglong(s.bootstrap->resamples)));
    if (const QString runs = runLines(r, model, metric); !runs.isEmpty()) lines << runs;
    const Direction direction = c->direction(*i);
    bool best = c->means.size() > 1 && direction != Direction::None;
    for (const auto& row : c->means) best = best && !isBetter(direction, row[*i].moments.mean, s.moments.mean);
    if (best)
        lines << (direction == Direction::LowerIsBetter ? QStringLiteral("the best mean of this column (lower is better)")
                                                         : QStringLiteral("the best mean of this column"));

    if (c->options.baseline) {
        const std::size_t b = *c->options.baseline;
        if (b == model) {
            lines << QStringLiteral("<i>the baseline: every other model is tested against it</i>");
        } else if (const stats::PairComparison* p = c->find(model, b, metric)) {
            lines << QString() << pairLines(r, *p, model);
        }
    } else {
        for (std::size_t other = 0; other < c->models.size(); ++other) {
            if (other == model) continue;
            if (const stats::PairComparison* p = c->find(model, other, metric)) lines << QString() << pairLines(r, *p, model);
        }
    }
    return lines.join(QStringLiteral("<br>"));
}

QString modelToolTip(const EvaluationResult& r, std::size_t model) {
    const Evaluation& e = *r.evaluation;
    QString text = QStringLiteral("<b>%1</b>").arg(modelName(r, model));
    if (!runCount(r, model).isEmpty()) {
        QStringList runs;
        for (const auto& name : (*r.spreads)[model].runs) runs << QString::fromStdString(name).toHtmlEscaped();
        text += QStringLiteral("<br>%1 (seeds or folds: the rows given this name): each user's value is the mean "
                               "over them; bootstrap intervals resample users, then runs<br>%2")
                    .arg(runCount(r, model), runs.join(QStringLiteral(", ")));
    }
    const stats::Comparison* c = r.comparison.get();
    if (c && c->options.baseline && *c->options.baseline == model)
        text += QStringLiteral("<br>the baseline: ▲ and ▼ in the other rows say a model is significantly better or "
                               "worse than it");
    text += QStringLiteral("<br>means over %1 users").arg(e.users.size());
    return text;
}

} // namespace ranklab::ui

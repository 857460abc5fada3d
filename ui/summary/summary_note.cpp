#include "ui/summary/summary_note.h"

#include "eval/model_coverage.h"

#include <QLocale>
#include <QStringList>

#include "ui/summary/cell_format.h"
#include "ui/summary/comparison_tooltips.h"
#include "ui/summary/effect_colors.h"

namespace ranklab::ui {
namespace {

QString count(std::size_t n) { return QLocale(QLocale::English).toString(qulonglong(n)); }

QString modelName(const EvaluationResult& r, std::size_t model) {
    if (model < std::size_t(r.models.size())) return r.models[qsizetype(model)].name;
    return QString::fromStdString(r.evaluation->models[model].name);
}

// Which users the means are over, in words (docs/metrics.md, "Which users are averaged").
QString usersInWords(const EvalSettings& s) {
    const QString theta = QString::number(s.relevanceThreshold, 'g', 6);
    switch (s.users) {
    case UsersPolicy::Relevant:
        return QStringLiteral("users with a relevant item (grade ≥ %1), policy <i>relevant</i>").arg(theta);
    case UsersPolicy::Trec:
        return QStringLiteral("users in both the runs and the ground truth, policy <i>trec</i>; relevant: grade ≥ %1")
            .arg(theta);
    case UsersPolicy::All:
        return QStringLiteral("every ground-truth user, policy <i>all</i>; relevant: grade ≥ %1").arg(theta);
    case UsersPolicy::Ranked:
        return QStringLiteral("users in every run with a relevant item (grade ≥ %1), policy <i>ranked</i>").arg(theta);
    }
    return {};
}

QString tiesInWords(TiePolicy ties) {
    switch (ties) {
    case TiePolicy::Expected: return QStringLiteral("tied scores: expected value over their orders");
    case TiePolicy::Trec: return QStringLiteral("tied scores: ordered as trec_eval does");
    case TiePolicy::Input: return QStringLiteral("tied scores: in file order");
    case TiePolicy::Optimistic: return QStringLiteral("tied scores: relevant first (optimistic)");
    case TiePolicy::Pessimistic: return QStringLiteral("tied scores: relevant last (pessimistic)");
    }
    return {};
}

} // namespace

QString cellsInWords(const EvaluationResult& r, CiKind ciKind, CellDisplay display) {
    const stats::Comparison* c = r.comparison.get();
    if (!c || !r.evaluation) return {};
    const QString level = formatLevel(c->options.level);
    if (!c->options.baseline) display = CellDisplay::Mean;
    const QString baseline = c->options.baseline ? modelName(r, *c->options.baseline) : QString();
    QString interval;
    switch (display) {
    case CellDisplay::Mean:
        if (ciKind == CiKind::T) return QStringLiteral("cells: mean ± half-width of its %1 t CI").arg(level);
        if (ciKind == CiKind::Bootstrap)
            return QStringLiteral("cells: mean [its %1 %2bootstrap CI]")
                .arg(level, c->twoLevelBootstrap ? QStringLiteral("two-level ") : QString());
        return QStringLiteral("cells: mean");
    case CellDisplay::Delta:
        if (ciKind == CiKind::T) interval = QStringLiteral(" ± half-width of its %1 paired t CI").arg(level);
        if (ciKind == CiKind::Bootstrap)
            interval = QStringLiteral(" [its %1 %2 bootstrap CI]")
                           .arg(level, c->twoLevelBootstrap ? QStringLiteral("two-level") : QStringLiteral("paired"));
        return QStringLiteral("cells: Δ = mean difference model − %1%2; the baseline row: its mean")
            .arg(baseline, interval);
    case CellDisplay::DeltaPercent:
        return QStringLiteral("cells: Δ% = 100 · (model − %1) / mean of %1; the baseline row: its mean").arg(baseline);
    case CellDisplay::EffectSize:
        return QStringLiteral("cells: Cohen's d_z = mean / SD of the per-user differences model − %1; the baseline "
                              "row: its mean")
            .arg(baseline);
    case CellDisplay::RankBiserial:
        return QStringLiteral("cells: rank-biserial r = (W⁺ − W⁻)/(W⁺ + W⁻) of the signed ranks of the per-user "
                              "differences model − %1 (— without Wilcoxon); the baseline row: its mean")
            .arg(baseline);
    }
    return {};
}

QString summaryNote(const EvaluationResult& r, CiKind ciKind, CellDisplay display) {
    if (!r.evaluation) return {};
    const Evaluation& e = *r.evaluation;
    QStringList what;
    QString users = QStringLiteral("<b>%1 users</b> evaluated (%2").arg(count(e.counts.evaluated), usersInWords(e.settings));
    if (e.counts.runOnly) users += QStringLiteral("; %1 only in runs, not averaged").arg(count(e.counts.runOnly));
    if (e.counts.qrelsOnly) users += QStringLiteral("; %1 only in the ground truth").arg(count(e.counts.qrelsOnly));
    what << users + QLatin1Char(')');
    what << tiesInWords(e.settings.ties);
    if (r.spreads)
        what << QStringLiteral("models with several runs (rows given one name): each user's value is the mean over "
                               "the model's runs; bootstrap intervals resample users, then runs");

    const stats::Comparison* c = r.comparison.get();
    QStringList how;
    QString legend;
    if (!c && r.comparisonCancelled) {
        how << QStringLiteral("<i>intervals and significance not computed (cancelled)</i> — "
                              "<a href=\"compare\">compute them</a>");
    } else if (!c) {
        how << QStringLiteral("<i>computing intervals and significance…</i>");
    } else {
        how << cellsInWords(r, ciKind, display).toHtmlEscaped().replace(QStringLiteral("d_z"),
                                                                       QStringLiteral("d<sub>z</sub>"));
        if (display != CellDisplay::Mean && !c->options.baseline)
            how << QStringLiteral("Δ, Δ% and d<sub>z</sub> need a baseline: the cells show means");
        how << QStringLiteral("<b>bold</b>: best of the column");
        if (c->options.baseline) legend = c->options.minEffect.empty() ? effectLegend() : practicalLegend();
        if (!c->options.tests.empty()) {
            const QString test = QStringLiteral("%1, %2 over %3 comparisons, α = %4")
                                     .arg(testName(c->options.tests.front()), correctionName(c->options.correction))
                                     .arg(c->pairs.size())
                                     .arg(c->options.alpha);
            if (c->options.baseline)
                how << QStringLiteral("▲/▼: significantly better/worse than %1 (%2)")
                           .arg(modelName(r, *c->options.baseline).toHtmlEscaped(), test);
            else
                how << QStringLiteral("all pairs: ▲bc significantly better than models b and c (%1)").arg(test);
        }
    }
    QString note = what.join(QStringLiteral(" · ")) + QStringLiteral("<br>") + how.join(QStringLiteral(" · "));
    if (!legend.isEmpty()) note += QStringLiteral("<br>") + legend;
    // Models that did not score every user: said first, with the way out.
    if (r.dataset) {
        const std::vector<ModelCoverage> coverage = modelCoverage(*r.dataset, e);
        QStringList partial;
        bool unscored = false;
        for (std::size_t m = 0; m < coverage.size(); ++m) {
            if (coverage[m].complete()) continue;
            unscored = unscored || coverage[m].scored != coverage[m].evaluated;
            partial << QStringLiteral("%1 %2").arg(modelName(r, m).toHtmlEscaped(),
                                                   QString::fromStdString(coverageText(coverage[m])).toHtmlEscaped());
        }
        if (!partial.isEmpty()) {
            QString warning = QStringLiteral("<span style=\"color:#b00020\">⚠ %1</span>").arg(partial.join(QStringLiteral("; ")));
            if (unscored && e.settings.users != UsersPolicy::Trec)
                warning += QStringLiteral(": a user a model did not score counts as 0 for it — "
                                          "<a href=\"common-users\">compare only the users every model scored</a>");
            note = warning + QStringLiteral("<br>") + note;
        }
    }
    return note;
}

} // namespace ranklab::ui

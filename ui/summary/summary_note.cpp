#include "ui/summary/summary_note.h"

#include <QLocale>
#include <QStringList>

#include "ui/summary/cell_format.h"
#include "ui/summary/comparison_tooltips.h"

namespace ranklab::ui {
namespace {

QString count(std::size_t n) { return QLocale(QLocale::English).toString(qulonglong(n)); }

QString modelName(const EvaluationResult& r, std::size_t model) {
    if (model < std::size_t(r.models.size())) return r.models[qsizetype(model)].name;
    return QString::fromStdString(r.evaluation->models[model].name);
}

// Which users the means are over, in words (METRICS.md, "Which users are averaged").
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

QString summaryNote(const EvaluationResult& r, CiKind ciKind) {
    if (!r.evaluation) return {};
    const Evaluation& e = *r.evaluation;
    QStringList what;
    QString users = QStringLiteral("<b>%1 users</b> evaluated (%2").arg(count(e.counts.evaluated), usersInWords(e.settings));
    if (e.counts.runOnly) users += QStringLiteral("; %1 only in runs, not averaged").arg(count(e.counts.runOnly));
    if (e.counts.qrelsOnly) users += QStringLiteral("; %1 only in the ground truth").arg(count(e.counts.qrelsOnly));
    what << users + QLatin1Char(')');
    what << tiesInWords(e.settings.ties);

    const stats::Comparison* c = r.comparison.get();
    QStringList how;
    if (!c) {
        how << QStringLiteral("<i>computing intervals and significance…</i>");
    } else {
        const QString level = formatLevel(c->options.level);
        if (ciKind == CiKind::T) how << QStringLiteral("cells: mean ± half-width of its %1 t CI").arg(level);
        if (ciKind == CiKind::Bootstrap) how << QStringLiteral("cells: mean [its %1 bootstrap CI]").arg(level);
        if (ciKind == CiKind::None) how << QStringLiteral("cells: mean");
        how << QStringLiteral("<b>bold</b>: best of the column");
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
    return what.join(QStringLiteral(" · ")) + QStringLiteral("<br>") + how.join(QStringLiteral(" · "));
}

} // namespace ranklab::ui

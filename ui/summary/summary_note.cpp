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

} // namespace

QString summaryNote(const EvaluationResult& r, CiKind ciKind) {
    if (!r.evaluation) return {};
    const Evaluation& e = *r.evaluation;
    QStringList parts;
    QString users = QStringLiteral("%1 users evaluated").arg(count(e.counts.evaluated));
    QStringList aside;
    if (e.counts.runOnly) aside << QStringLiteral("%1 only in runs, not averaged").arg(count(e.counts.runOnly));
    if (e.counts.qrelsOnly) aside << QStringLiteral("%1 only in the ground truth").arg(count(e.counts.qrelsOnly));
    if (!aside.isEmpty()) users += QStringLiteral(" (%1)").arg(aside.join(QStringLiteral(", ")));
    parts << users;
    parts << QStringLiteral("ties: %1").arg(QLatin1String(tiePolicyName(e.settings.ties)));
    parts << QStringLiteral("users: %1").arg(QLatin1String(usersPolicyName(e.settings.users)));
    parts << QStringLiteral("relevant: grade ≥ %1").arg(QString::number(e.settings.relevanceThreshold, 'g', 6));

    const stats::Comparison* c = r.comparison.get();
    if (!c) {
        parts << QStringLiteral("<i>computing intervals and significance…</i>");
        return parts.join(QStringLiteral(" · "));
    }
    const QString level = formatLevel(c->options.level);
    if (ciKind == CiKind::T) parts << QStringLiteral("cells: mean ± half-width of the %1 t CI").arg(level);
    if (ciKind == CiKind::Bootstrap) parts << QStringLiteral("cells: mean [%1 bootstrap CI]").arg(level);
    parts << QStringLiteral("<b>bold</b>: best of the column");
    const QString test = c->options.tests.empty()
                             ? QString()
                             : QStringLiteral("%1 %2, α = %3")
                                   .arg(correctionName(c->options.correction), testName(c->options.tests.front()))
                                   .arg(c->options.alpha);
    if (c->options.baseline)
        parts << QStringLiteral("▲/▼ significantly better/worse than %1 (%2)")
                     .arg(modelName(r, *c->options.baseline).toHtmlEscaped(), test);
    else
        parts << QStringLiteral("all pairs (%1): ▲bc significantly better than models b and c").arg(test);
    parts << QStringLiteral("hover a cell for the tests, a header for the definition");
    return parts.join(QStringLiteral(" · "));
}

} // namespace ranklab::ui

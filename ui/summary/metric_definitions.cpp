#include "ui/summary/metric_definitions.h"

#include <QStringList>

#include <cmath>

#include "metrics/metric_text.h"
#include "metrics/registry.h"

namespace ranklab::ui {
namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QString number(double x) { return QString::number(x, 'g', 6); }

// "gain=exp: exponential (2^grade − 1); g(p): the grade ..." for a
// parameter other than rel (rel is θ, written in the terms line).
QString parameterLine(const MetricParam& p, double value) {
    QString line = QStringLiteral("%1=").arg(text(p.name));
    if (p.kind == ParamKind::Choice) {
        const ParamChoice& c = p.choices.at(std::size_t(value));
        line += text(c.value).toHtmlEscaped();
        if (!c.label.empty() && c.label != c.value) line += QStringLiteral(": ") + text(c.label).toHtmlEscaped();
    } else {
        line += std::isnan(value) ? text(p.unsetLabel) : number(value);
    }
    if (!p.description.empty()) line += QStringLiteral("; ") + text(p.description).toHtmlEscaped();
    return line;
}

} // namespace

QString formulaHtml(const std::string& formula) {
    QString out;
    std::vector<QString> closers;
    const QString all = QString::fromStdString(formula);
    for (qsizetype i = 0; i < all.size(); ++i) {
        const QChar ch = all[i];
        if ((ch == u'_' || ch == u'^') && i + 1 < all.size() && all[i + 1] == u'{') {
            const bool sub = ch == u'_';
            out += sub ? QStringLiteral("<sub>") : QStringLiteral("<sup>");
            closers.push_back(sub ? QStringLiteral("</sub>") : QStringLiteral("</sup>"));
            ++i;
        } else if (ch == u'}' && !closers.empty()) {
            out += closers.back();
            closers.pop_back();
        } else {
            out += QString(ch).toHtmlEscaped();
        }
    }
    for (auto it = closers.rbegin(); it != closers.rend(); ++it) out += *it;
    return out;
}

QString metricName(const MetricSpec& spec) {
    const MetricRecord* r = spec.record();
    return r ? text(r->name) : QString::fromStdString(spec.family);
}

QString metricDefinition(const MetricSpec& spec, double threshold) {
    const MetricRecord* r = spec.record();
    const QString id = QString::fromStdString(spec.id()).toHtmlEscaped();
    if (!r) return QStringLiteral("<b>%1</b>").arg(id);

    const bool all = spec.cutoff == kCutoffAll;
    const bool usesK = r->formula.find("%K") != std::string_view::npos;
    QStringList lines;
    QString title = QStringLiteral("<b>%1</b> — %2").arg(id, text(r->name));
    if (!all && usesK) title += QStringLiteral(" at %1").arg(spec.cutoff);
    lines << title;
    lines << QStringLiteral("%1: %2").arg(r->setLevel() ? QStringLiteral("over all users' lists")
                                                        : QStringLiteral("per user"),
                                          formulaHtml(metricFormula(spec)));
    if (all && usesK) lines << QStringLiteral("n: the length of the user's ranked list (@all)");

    const std::optional<double> own = spec.rel();
    QString terms = QStringLiteral("rel(p): grade ≥ θ = %1").arg(number(own.value_or(threshold)));
    if (own) terms += QStringLiteral(" (set by rel=)");
    terms += QStringLiteral("; R: the user's relevant judged items; hits(k): relevant items at positions 1..k");
    lines << terms;
    for (std::size_t i = 0; i < r->params.size(); ++i)
        if (r->params[i].name != "rel") lines << parameterLine(r->params[i], spec.param(i));

    if (r->setLevel()) {
        lines << QStringLiteral("one value over every evaluated user's list (no per-user values)");
    } else {
        QString mean = QStringLiteral("the column shows the mean over the evaluated users");
        if (!r->meanName.empty()) mean += QStringLiteral(" (%1)").arg(text(r->meanName));
        lines << mean;
    }
    const std::string trec = trecMeasureName(spec);
    if (!trec.empty()) lines << QStringLiteral("trec_eval: %1").arg(QString::fromStdString(trec));
    return lines.join(QStringLiteral("<br>"));
}

} // namespace ranklab::ui

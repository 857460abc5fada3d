#include "ui/summary/metric_definitions.h"

#include <QStringList>

#include <string_view>

namespace ranklab::ui {
namespace {

// One family of METRICS.md. In `formula`, %K stands for the cutoff (k or n)
// and %G for the gain function.
struct Definition {
    std::string_view family;
    const char* name;
    const char* formula;
    const char* mean;  // what the mean over users is called, or empty
    const char* trec;  // the trec_eval measure, %K for the cutoff, or empty
};

constexpr Definition kDefinitions[] = {
    {"hits", "relevant items retrieved", "hits(%K)", "", ""},
    {"hr", "hit rate", "1 if hits(%K) ≥ 1, else 0", "hit rate", "success_%K"},
    {"precision", "precision", "hits(%K) / %K &nbsp;(positions past the end of the list count as non-relevant)",
     "", "P_%K"},
    {"recall", "recall", "hits(%K) / R", "", "recall_%K"},
    {"f1", "F1", "2·hits(%K) / (%K + R) &nbsp;(harmonic mean of precision and recall)", "", ""},
    {"rr", "reciprocal rank", "1 / p₁ if p₁ ≤ %K, else 0", "MRR", "recip_rank"},
    {"ap", "average precision", "Σ<sub>p ≤ %K, rel(p)</sub> hits(p)/p &nbsp;÷ %N", "MAP", "map_cut_%K"},
    {"dcg", "discounted cumulative gain", "Σ<sub>p ≤ %K</sub> %G / log₂(p + 1)", "", ""},
    {"ndcg", "normalised discounted cumulative gain",
     "dcg@%K / idcg@%K, dcg = Σ<sub>p ≤ %K</sub> %G / log₂(p + 1); the ideal list holds all the user's "
     "judged grades &gt; 0, sorted descending (same gain, same cutoff)",
     "", "ndcg_cut_%K"},
    {"rprec", "R-precision", "hits(R) / R", "", "Rprec"},
    {"num_ret", "items ranked", "n (after exclusions)", "", "num_ret"},
    {"num_rel", "relevant items judged", "R", "", "num_rel"},
    {"num_rel_ret", "relevant items ranked", "hits(n)", "", "num_rel_ret"},
};

const Definition* find(const std::string& family) {
    for (const Definition& d : kDefinitions)
        if (d.family == family) return &d;
    return nullptr;
}

QString number(double x) { return QString::number(x, 'g', 6); }

bool usesGain(const std::string& family) { return family == "dcg" || family == "ndcg"; }

} // namespace

QString metricName(const MetricSpec& spec) {
    const Definition* d = find(spec.family);
    return d ? QString::fromUtf8(d->name) : QString::fromStdString(spec.family);
}

QString metricDefinition(const MetricSpec& spec, double threshold) {
    const Definition* d = find(spec.family);
    const QString id = QString::fromStdString(spec.id()).toHtmlEscaped();
    if (!d) return QStringLiteral("<b>%1</b>").arg(id);

    const bool all = spec.cutoff == kCutoffAll;
    const QString k = all ? QStringLiteral("n") : QString::number(spec.cutoff);
    const QString gain = spec.gain == Gain::Exponential ? QStringLiteral("(2<sup>g(p)</sup> − 1)")
                                                        : QStringLiteral("g(p)");
    const QString norm = spec.norm == ApNorm::MinRK ? QStringLiteral("min(R, %1)").arg(k) : QStringLiteral("R");
    QString formula = QString::fromUtf8(d->formula);
    formula.replace(QLatin1String("%K"), k).replace(QLatin1String("%G"), gain).replace(QLatin1String("%N"), norm);

    QStringList lines;
    QString title = QStringLiteral("<b>%1</b> — %2").arg(id, QString::fromUtf8(d->name));
    if (!all && std::string_view(d->formula).find("%K") != std::string_view::npos)
        title += QStringLiteral(" at %1").arg(spec.cutoff);
    lines << title;
    lines << QStringLiteral("per user: %1").arg(formula);
    if (all && std::string_view(d->formula).find("%K") != std::string_view::npos)
        lines << QStringLiteral("n: the length of the user's ranked list (@all)");

    const double theta = spec.rel.value_or(threshold);
    QString terms = QStringLiteral("rel(p): grade ≥ θ = %1").arg(number(theta));
    if (spec.rel) terms += QStringLiteral(" (set by rel=)");
    terms += QStringLiteral("; R: the user's relevant judged items; hits(k): relevant items at positions 1..k");
    if (spec.family == "rr") terms += QStringLiteral("; p₁: position of the first relevant item");
    lines << terms;
    if (usesGain(spec.family))
        lines << QStringLiteral("g(p): the grade at position p (0 if unjudged); gains use the grade itself "
                                "whatever θ is, negative grades give no gain");
    if (spec.family == "ap" && spec.norm == ApNorm::MinRK)
        lines << QStringLiteral("norm=min: the recommender-systems convention (RecBole)");

    QString mean = QStringLiteral("the column shows the mean over the evaluated users");
    if (*d->mean) mean += QStringLiteral(" (%1)").arg(QString::fromUtf8(d->mean));
    lines << mean;
    const bool trecComparable = *d->trec && spec.gain == Gain::Linear && spec.norm == ApNorm::R;
    if (trecComparable) {
        QString trec = QString::fromUtf8(d->trec);
        if (all) {
            if (spec.family == "ap") trec = QStringLiteral("map");
            else if (spec.family == "ndcg") trec = QStringLiteral("ndcg");
            else if (spec.family == "rr") trec = QStringLiteral("recip_rank");
            else trec.clear();
        } else if (spec.family == "rr") {
            trec.clear();
        }
        trec.replace(QLatin1String("%K"), k);
        if (!trec.isEmpty()) lines << QStringLiteral("trec_eval: %1").arg(trec);
    }
    return lines.join(QStringLiteral("<br>"));
}

} // namespace ranklab::ui

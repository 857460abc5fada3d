#include "ui/summary/cell_format.h"

#include <cmath>

namespace ranklab::ui {

namespace {
const QString kUndefined = QStringLiteral("–");
}

QString formatValue(double x, int decimals) {
    if (std::isnan(x)) return kUndefined;
    if (std::isinf(x)) return x > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    QString text = QString::number(x, 'f', decimals);
    // A negative value that rounds to zero is zero ("0.0000", not "−0.0000").
    if (text.startsWith(QLatin1Char('-'))) {
        bool allZero = true;
        for (QChar c : text.mid(1)) allZero = allZero && (c == QLatin1Char('0') || c == QLatin1Char('.'));
        if (allZero) text.remove(0, 1);
        else text.replace(0, 1, QStringLiteral("−"));
    }
    return text;
}

QString formatSigned(double x, int decimals) {
    if (std::isnan(x)) return kUndefined;
    const QString text = formatValue(x, decimals);
    return text.startsWith(QStringLiteral("−")) || text == QStringLiteral("0") || text == formatValue(0.0, decimals)
               ? text
               : QStringLiteral("+") + text;
}

QString formatPValue(double p) {
    if (std::isnan(p)) return kUndefined;
    // Below double precision a p-value says only that it is that small (a
    // computed 0 is an underflow, not an impossibility).
    if (p < kSmallestPValue) return QStringLiteral("< 1e-16");
    if (p < 1e-4) return QString::number(p, 'e', 2);
    return QString::number(p, 'g', 3);
}

QString pEqualsHtml(double p) {
    const QString text = formatPValue(p);
    return text.startsWith(QLatin1Char('<')) ? QStringLiteral("p &lt; 1e-16") : QStringLiteral("p = ") + text;
}

QString formatLevel(double level) { return QString::number(level * 100, 'g', 4) + QLatin1Char('%'); }

} // namespace ranklab::ui

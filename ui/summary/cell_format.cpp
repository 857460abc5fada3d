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
    if (text.startsWith(QLatin1Char('-'))) text.replace(0, 1, QStringLiteral("−"));
    return text;
}

QString formatSigned(double x, int decimals) {
    if (std::isnan(x)) return kUndefined;
    const QString text = formatValue(x, decimals);
    return x >= 0 ? QStringLiteral("+") + text : text;
}

QString formatPValue(double p) {
    if (std::isnan(p)) return kUndefined;
    if (p != 0 && p < 1e-4) return QString::number(p, 'e', 2);
    return QString::number(p, 'g', 3);
}

QString formatLevel(double level) { return QString::number(level * 100, 'g', 4) + QLatin1Char('%'); }

} // namespace ranklab::ui

#include "ui/charts/value_axis.h"

#include <QCategoryAxis>

#include <algorithm>
#include <cmath>

namespace ranklab::ui {

QString axisNumber(double value, int decimals) {
    const QString text = QString::number(value, 'f', std::max(0, decimals));
    // "-0.00", "0.000": every digit zero.
    bool zero = true;
    for (QChar c : text)
        if (c.isDigit() && c != QLatin1Char('0')) zero = false;
    return zero ? QStringLiteral("0") : text;
}

double niceAxisStep(double span, int ticks) {
    const double raw = std::max(span, 1e-12) / std::max(1, ticks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw * (1 - 1e-9)) return m * magnitude;
    return 10 * magnitude;
}

QCategoryAxis* makeValueAxis() {
    auto* axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    return axis;
}

void setValueAxisRange(QCategoryAxis* axis, double lo, double hi, int ticks) {
    if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
    if (hi <= lo) hi = lo + 1;
    const double step = niceAxisStep(hi - lo, ticks);
    const long first = long(std::floor(lo / step + 1e-9)), last = long(std::ceil(hi / step - 1e-9));
    const int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    for (const QString& label : axis->categoriesLabels()) axis->remove(label);
    const double from = double(first) * step, to = double(last) * step;
    axis->setStartValue(from);
    axis->setRange(from, to);
    for (long i = first; i <= last; ++i) axis->append(axisNumber(double(i) * step, decimals), double(i) * step);
}

} // namespace ranklab::ui

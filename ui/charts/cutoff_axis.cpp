#include "ui/charts/cutoff_axis.h"

#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>

#include "ui/charts/value_axis.h"

namespace ranklab::ui {

AxisSpan cutoffAxisSpan(std::uint32_t kmax, bool logK) {
    const double k = std::max<double>(1, kmax);
    if (logK) return {1, std::max(k, 2.0)};
    return kmax > 1 ? AxisSpan{1, k} : AxisSpan{0.5, 1.5};
}

QAbstractAxis* makeCutoffAxis(std::uint32_t kmax, bool logK) {
    const AxisSpan span = cutoffAxisSpan(kmax, logK);
    QAbstractAxis* made = nullptr;
    if (logK) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setRange(span.lo, span.hi);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        made = axis;
    } else {
        auto* axis = new QValueAxis;
        axis->setRange(span.lo, span.hi);
        axis->setLabelFormat(QStringLiteral("%d"));
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(std::max(1.0, niceAxisStep(std::max<double>(1, kmax), 10)));
        made = axis;
    }
    made->setTitleText(QStringLiteral("k (cutoff)"));
    return made;
}

} // namespace ranklab::ui

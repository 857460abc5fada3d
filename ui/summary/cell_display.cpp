#include "ui/summary/cell_display.h"

#include <cmath>
#include <limits>

namespace ranklab::ui {

QString cellDisplayLabel(CellDisplay display) {
    switch (display) {
    case CellDisplay::Mean: return QStringLiteral("mean ± CI");
    case CellDisplay::Delta: return QStringLiteral("Δ to baseline");
    case CellDisplay::DeltaPercent: return QStringLiteral("Δ% to baseline");
    case CellDisplay::EffectSize: return QStringLiteral("effect size d_z");
    case CellDisplay::RankBiserial: return QStringLiteral("rank-biserial r (beside Wilcoxon)");
    }
    return {};
}

QString cellDisplayKey(CellDisplay display) {
    switch (display) {
    case CellDisplay::Mean: return QStringLiteral("mean");
    case CellDisplay::Delta: return QStringLiteral("delta");
    case CellDisplay::DeltaPercent: return QStringLiteral("delta_percent");
    case CellDisplay::EffectSize: return QStringLiteral("d_z");
    case CellDisplay::RankBiserial: return QStringLiteral("rank_biserial");
    }
    return {};
}

std::optional<CellDisplay> cellDisplayFromKey(const QString& key) {
    for (CellDisplay d : kCellDisplays)
        if (cellDisplayKey(d) == key) return d;
    return std::nullopt;
}

double relativeChange(double diff, double baselineMean) {
    if (!std::isfinite(baselineMean) || baselineMean == 0 || std::isnan(diff))
        return std::numeric_limits<double>::quiet_NaN();
    return 100.0 * diff / baselineMean;
}

} // namespace ranklab::ui

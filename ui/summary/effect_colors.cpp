#include "ui/summary/effect_colors.h"

#include <algorithm>
#include <cmath>

namespace ranklab::ui {
namespace {

constexpr double kFloor = 0.15;  // a significant cell is always visibly tinted

QColor blend(const QColor& full, double share) {
    const auto mix = [share](int c) { return int(std::lround(255.0 + (c - 255.0) * share)); };
    return QColor(mix(full.red()), mix(full.green()), mix(full.blue()));
}

QString swatch(const QColor& c) {
    return QStringLiteral("<span style=\"background-color:%1\">&nbsp;&nbsp;&nbsp;&nbsp;</span>").arg(c.name());
}

} // namespace

QColor betterColor() { return QColor(0x7f, 0xb2, 0xe0); }  // soft blue
QColor worseColor() { return QColor(0xf5, 0xb0, 0x70); }   // soft orange

double effectIntensity(double dz) {
    if (std::isnan(dz)) return 0;
    return kFloor + (1 - kFloor) * std::min(std::abs(dz) / kEffectSizeCap, 1.0);
}

QColor effectColor(double dz, bool significant) {
    if (!significant || std::isnan(dz) || dz == 0) return {};
    return blend(dz > 0 ? betterColor() : worseColor(), effectIntensity(dz));
}

QString effectLegend() {
    return QStringLiteral("fill: %1%2 better / %3%4 worse than the baseline, significant only; "
                          "intensity |Cohen's d<sub>z</sub>|, full at ≥ %5 · white: not significant")
        .arg(swatch(blend(betterColor(), effectIntensity(0.1))), swatch(betterColor()),
             swatch(blend(worseColor(), effectIntensity(0.1))), swatch(worseColor()))
        .arg(kEffectSizeCap);
}

QColor equivalentColor() { return QColor(0xd6, 0xd6, 0xd6); }  // soft grey

QColor practicalColor(stats::PracticalClass practical, double dz) {
    switch (practical) {
    case stats::PracticalClass::Better: return blend(betterColor(), effectIntensity(std::isnan(dz) ? 0.0 : dz));
    case stats::PracticalClass::Worse: return blend(worseColor(), effectIntensity(std::isnan(dz) ? 0.0 : dz));
    case stats::PracticalClass::Equivalent: return equivalentColor();
    case stats::PracticalClass::Inconclusive: return {};
    }
    return {};
}

QString practicalLegend() {
    return QStringLiteral("fill by the smallest difference that matters δ: %1 better / %2 worse than the baseline "
                          "(paired t significant, not equivalent; intensity |Cohen's d<sub>z</sub>|) · %3 "
                          "equivalent (TOST at ±δ) · white: inconclusive")
        .arg(swatch(betterColor()), swatch(worseColor()), swatch(equivalentColor()));
}

} // namespace ranklab::ui

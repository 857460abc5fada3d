#pragma once
// The summary cells' fill against a baseline: its hue says the direction
// (a soft blue: better than the baseline, a soft orange: worse), its
// intensity the effect size |Cohen's d_z| on a scale capped at
// kEffectSizeCap (a medium effect by Cohen's conventions), from a faint
// tint near 0 to the full colour at the cap. Only cells whose difference is
// significant (the ▲/▼ marks: first test, after correction) are filled; the
// others stay white, so a colour is never read as an effect the test did
// not support. No red: nothing in the table is an error.
//
// With a minimum effect δ (the toolbar's δ field), the fill follows the
// pair's practical class instead (stats/practical_significance.h): better
// blue and worse orange (intensity |d_z| as above), equivalent a soft grey
// (the difference is shown smaller than δ), inconclusive white.
#include <QColor>
#include <QString>

#include "stats/practical_significance.h"

namespace ranklab::ui {

inline constexpr double kEffectSizeCap = 0.5;

// The share of the full colour for |d_z| (significant cells): 0.15 at 0,
// rising linearly to 1 at the cap; 0 for NaN.
double effectIntensity(double dz);
// Invalid (no fill) when not significant or d_z is NaN.
QColor effectColor(double dz, bool significant);
// The full colours at the cap.
QColor betterColor();
QColor worseColor();
// The legend line under the table (rich text with colour swatches).
QString effectLegend();

QColor equivalentColor();
// The fill of a cell of class `practical` seen from its model, with d_z
// (its sign ignored); invalid (no fill) for inconclusive.
QColor practicalColor(stats::PracticalClass practical, double dz);
// The legend line with a δ (rich text).
QString practicalLegend();

} // namespace ranklab::ui

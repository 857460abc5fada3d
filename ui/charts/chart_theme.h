#pragma once
// The print look of every chart: white background, dark text, light grey
// grid, fonts sized to stay readable when the exported chart is shrunk to a
// report column. Independent of the desktop palette (a dark theme on screen
// still exports a white chart). Series colours are left alone: the model
// colours stay.
class QChart;

namespace ranklab::ui {

// Applies the look to `chart`, its axes and its legend. Call after every
// axis has been attached (axes added later keep Qt's defaults).
void applyPrintTheme(QChart* chart);

// The colours of a chart shown on screen: light (the print look's white and
// dark text) or dark (dark background, light text, dim grid), fonts and
// series colours left alone. Exports apply the print theme to their own copy.
void applyScreenColors(QChart* chart, bool dark);

} // namespace ranklab::ui

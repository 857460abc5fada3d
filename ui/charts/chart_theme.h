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

} // namespace ranklab::ui

#pragma once
// The table exactly as the Summary shows it — rows in the sorted order,
// transposed or not, each cell's text (mean, Δ, Δ% or d_z with its marks) —
// as a Markdown, LaTeX (booktabs) or aligned text table with a plain-text
// caption line under it saying what the cells are. The Summary's Markdown,
// LaTeX and text exports write it before the comparison report when the
// cells show a difference to the baseline.
#include <QString>

class QAbstractItemModel;

namespace ranklab::ui {

enum class DisplayedTableFormat { Markdown, Latex, Text };

QString displayedTable(const QAbstractItemModel& model, DisplayedTableFormat format, const QString& caption);

// LaTeX for a cell's text: \, &, %, #, _, {, } escaped; ▲ ▼ ± Δ − in math mode.
QString latexCell(const QString& text);

} // namespace ranklab::ui

#pragma once
// SVG text a browser draws in the font the chart was drawn in. QSvgGenerator
// writes a font's requested family, and Qt's default is a generic name
// ("Sans Serif") no browser knows, so the text fell back to a serif font.
#include <QByteArray>

namespace ranklab::ui {

// Every font-family="F" of `svg` becomes the family Qt actually drew F with
// (QFontInfo), followed by the generic CSS family of its kind ("sans-serif",
// "serif" or "monospace") for a machine without it.
QByteArray withResolvedFontFamilies(const QByteArray& svg);

} // namespace ranklab::ui

#pragma once
// The files and clipboard contents the summary table can be exported as.
#include <QString>

#include <optional>

namespace ranklab::ui {

enum class SummaryFormat { Csv, Markdown, Latex, Json, Text, Png };

// "csv", "md", "tex", "json", "txt", "png"
QString fileSuffix(SummaryFormat format);
// From a file name's suffix (.csv, .md/.markdown, .tex, .json, .txt, .png).
std::optional<SummaryFormat> formatForPath(const QString& path);
// The file dialog filter: "LaTeX (booktabs) (*.tex)".
QString fileFilter(SummaryFormat format);

} // namespace ranklab::ui

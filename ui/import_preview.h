#pragma once
// The preview table of the import dialog: the first data lines of a file
// split as `format` splits them, each mapped column headed by its meaning.
#include <string_view>

#include "io/file_format.h"

class QTableWidget;

namespace ranklab::ui {

// Fills `table` with up to `maxRows` data lines of `sample`.
void fillImportPreview(QTableWidget* table, std::string_view sample, const ResolvedFormat& format, Role role,
                       int maxRows = 8);

} // namespace ranklab::ui

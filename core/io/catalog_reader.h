#pragma once
// The catalogue file (--catalog): one item id a line; blank lines and lines
// starting with '#' are skipped, a repeated id counts once. gzip/zstd ok.
#include <string>
#include <vector>

#include "data/id_space.h"
#include "io/load_report.h"

namespace ranklab {

struct LoadedCatalog {
    std::vector<ItemId> items;  // sorted, distinct
    LoadReport report;
};

// Items are interned into ids.items (undone on error). Throws InputError
// naming file, line and column for a line with more than one field, a
// binary file, or a file without ids.
LoadedCatalog readCatalog(const std::string& path, IdSpace& ids);

} // namespace ranklab

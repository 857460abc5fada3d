#pragma once
// "Retry, skipping bad lines" after a load failed on a line of a data file:
// the workspace with that file read with bad lines skipped (and counted, as
// --skip-bad-lines does), every other setting kept.
#include <string>

#include "workspace/workspace_file.h"

namespace ranklab::ui {

// Sets skipBadLines on the reading of the entry of `workspace` whose file is
// `file` (the same file, however the path is spelled), keeping its other
// reading settings (its own, else the workspace's). Returns false, changing
// nothing, when no entry reads `file` or it already skips bad lines.
bool skipBadLinesOf(Workspace& workspace, const std::string& file);

} // namespace ranklab::ui

#pragma once
// The colour a model is drawn in: its own from the workspace, else one of a
// fixed palette of ten distinguishable colours by its position.
#include <QColor>

#include <cstddef>
#include <vector>

#include "workspace/workspace_file.h"

namespace ranklab::ui {

QColor paletteColor(std::size_t index);
std::vector<QColor> modelColors(const Workspace& workspace);

} // namespace ranklab::ui

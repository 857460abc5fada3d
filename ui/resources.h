#pragma once
// The icons and other files compiled into the library (resources/ranklab.qrc).
#include <QIcon>

namespace ranklab::ui {

// Registers the resources; call once before using them (static library).
void initResources();
// The application's icon.
QIcon appIcon();

} // namespace ranklab::ui

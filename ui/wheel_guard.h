#pragma once
// A mouse wheel turned over a scrolled column scrolls the column: it never
// changes a combo box or a spin box the pointer happens to pass over. Such
// a box changes by the wheel only once it has the focus (a click or Tab),
// and it no longer takes the focus from the wheel. Installed once on the
// application (every window gets it).
class QApplication;

namespace ranklab::ui {

void installWheelGuard(QApplication& app);

} // namespace ranklab::ui

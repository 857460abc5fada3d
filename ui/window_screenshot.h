#pragma once
// `ranklab --screenshot FILE.png [--tab NAME]`: once the workspace given on the command
// line has loaded and been evaluated (or failed to load), the window is
// grabbed into FILE and the application quits. Reproducible pictures for
// the README and docs/guide.md.
#include <QString>

class QWidget;

namespace ranklab::ui {

class MainWindow;

// With `waitForLoad`, waits for the load started on `window` and the
// evaluation and comparison after it; then shows the tab titled `tab` (if
// given) and waits for its view's own work; else grabs as soon as the
// window is shown. Quits with 0 if the picture was saved and the load (if
// any) succeeded, else 1 (also when there is no such tab).
void screenshotAndQuit(MainWindow& window, const QString& file, bool waitForLoad, const QString& tab = {});

// Renders `window` into an image file; false if it cannot be written.
bool saveScreenshot(QWidget& window, const QString& file);

} // namespace ranklab::ui

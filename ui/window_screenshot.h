#pragma once
// `ranklab --screenshot FILE.png`: once the workspace given on the command
// line has loaded and been evaluated (or failed to load), the window is
// grabbed into FILE and the application quits. Reproducible pictures for
// the README.
#include <QString>

class QWidget;

namespace ranklab::ui {

class MainWindow;

// With `waitForLoad`, waits for the load started on `window` and the work
// after it to end; else grabs as soon as the window is shown. Quits with 0 if the picture was
// saved and the load (if any) succeeded, else 1.
void screenshotAndQuit(MainWindow& window, const QString& file, bool waitForLoad);

// Renders `window` into an image file; false if it cannot be written.
bool saveScreenshot(QWidget& window, const QString& file);

} // namespace ranklab::ui

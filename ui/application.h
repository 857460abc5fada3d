#pragma once
// The application's identity: names (for QSettings), version, icon.
#include <QString>

class QApplication;

namespace ranklab::ui {

// The RankLab version, from the CMake project.
QString version();
// Names the application and its organisation, sets the version and the
// window icon, and registers the resources.
void setUpApplication(QApplication& app);

} // namespace ranklab::ui

#include "ui/resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initRankLabResources() { Q_INIT_RESOURCE(ranklab); }

namespace ranklab::ui {

void initResources() { initRankLabResources(); }

QIcon appIcon() { return QIcon(QStringLiteral(":/icons/ranklab.svg")); }

} // namespace ranklab::ui

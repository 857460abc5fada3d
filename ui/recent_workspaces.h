#pragma once
// The workspaces opened lately, newest first, kept in QSettings.
#include <QStringList>

namespace ranklab::ui {

class RecentWorkspaces {
public:
    static constexpr int kMaxEntries = 10;

    static QStringList list();
    // Puts `path` (made absolute) first.
    static void add(const QString& path);
    static void clear();
};

} // namespace ranklab::ui

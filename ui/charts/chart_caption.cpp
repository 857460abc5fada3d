#include "ui/charts/chart_caption.h"

#include <QLocale>

#include "rank/tie_policy.h"

namespace ranklab::ui {

QString chartCaption(const QString& what, const EvalSettings& settings, std::size_t users) {
    QStringList parts;
    if (!what.isEmpty()) parts << what;
    parts << QStringLiteral("ties: %1").arg(QString::fromLatin1(tiePolicyName(settings.ties)));
    parts << QStringLiteral("users: %1").arg(QString::fromLatin1(usersPolicyName(settings.users)));
    parts << QStringLiteral("relevant: grade ≥ %1").arg(settings.relevanceThreshold);
    parts << QStringLiteral("%1 %2").arg(QLocale(QLocale::English).toString(qulonglong(users)),
                                         users == 1 ? QStringLiteral("user") : QStringLiteral("users"));
    return parts.join(QStringLiteral(" · "));
}

} // namespace ranklab::ui

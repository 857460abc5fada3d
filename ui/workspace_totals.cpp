#include "ui/workspace_totals.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace ranklab::ui {
namespace {

QString count(std::size_t n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(QLocale().toString(qulonglong(n)),
                                       QCoreApplication::translate("WorkspaceTotals", n == 1 ? one : many));
}

} // namespace

WorkspaceTotals WorkspaceTotals::of(const Dataset& dataset) {
    WorkspaceTotals t;
    t.users = dataset.ids.users.size();
    t.items = dataset.ids.items.size();
    t.models = dataset.models.size();
    t.judgedUsers = dataset.judgments.index().nonEmptyUsers();
    t.judgments = dataset.judgments.size();
    return t;
}

QString WorkspaceTotals::text() const {
    return QStringList{count(users, "user", "users"), count(items, "item", "items"),
                       count(models, "model", "models"), count(judgedUsers, "judged user", "judged users"),
                       count(judgments, "judgment", "judgments")}
        .join(QStringLiteral("  ·  "));
}

} // namespace ranklab::ui

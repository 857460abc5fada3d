#include "ui/views/per_user_counts.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QLocale>

#include <cmath>

#include "ui/views/per_user_order.h"

namespace ranklab::ui {

PerUserCounts perUserCounts(const Evaluation& e, const UserPair& pair) {
    PerUserCounts c;
    if (pair.a >= e.models.size() || pair.b >= e.models.size() || pair.metric >= e.metricCount()) return c;
    for (std::size_t row = 0; row < e.users.size(); ++row) {
        const double a = e.value(pair.a, row, pair.metric), b = e.value(pair.b, row, pair.metric);
        if (std::isnan(a) || std::isnan(b)) ++c.undefined;
        else if (b > a) ++c.bBetter;
        else if (a > b) ++c.aBetter;
        else ++c.ties;
    }
    return c;
}

void showPerUserCounts(const PerUserCounts& counts, std::size_t rows, const QString& a, const QString& b,
                       QComboBox* relation, QLabel* shown) {
    const QLocale english(QLocale::English);
    auto n = [&](std::size_t x) { return english.toString(qulonglong(x)); };
    auto tr = [](const char* text) { return QCoreApplication::translate("PerUserView", text); };
    auto label = [&](PerUserRelation r, const QString& text) { relation->setItemText(relation->findData(int(r)), text); };
    label(PerUserRelation::Any, tr("All users (%1)").arg(n(counts.users())));
    label(PerUserRelation::BBetter, tr("B better (B > A): %1").arg(n(counts.bBetter)));
    label(PerUserRelation::ABetter, tr("A better (A > B): %1").arg(n(counts.aBetter)));
    label(PerUserRelation::Equal, tr("Ties (A = B): %1").arg(n(counts.ties)));
    QString text = tr("%1 of %2 users shown · %3 wins %4, %5 wins %6, %7 tied")
                       .arg(n(rows), n(counts.users()), b, n(counts.bBetter), a, n(counts.aBetter), n(counts.ties));
    if (counts.undefined) text += tr(", %1 without a value").arg(n(counts.undefined));
    shown->setText(text);
}

} // namespace ranklab::ui

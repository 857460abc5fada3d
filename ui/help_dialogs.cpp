#include "ui/help_dialogs.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QKeySequence>
#include <QMap>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "metrics/registry.h"

namespace ranklab::ui {
namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())).toHtmlEscaped(); }

QDialog* showPage(QWidget* parent, const QString& name, const QString& title, const QString& html, QSize size) {
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(name);
    dialog->setWindowTitle(title);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* browser = new QTextBrowser(dialog);
    browser->setOpenExternalLinks(true);
    browser->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(browser, 1);
    layout->addWidget(buttons);
    dialog->resize(size);
    dialog->show();
    return dialog;
}

} // namespace

QString metricTableHtml() {
    QString html = QStringLiteral("<table border='1' cellspacing='0' cellpadding='4'>"
                                  "<tr><th>Metric</th><th>Also</th><th>Parameters</th><th>Definition</th></tr>");
    for (const MetricFamily& f : metricFamilies()) {
        QStringList aliases, params;
        for (std::string_view a : f.aliases) aliases << text(a);
        if (f.takesCutoff) params << QStringLiteral("@k, @all");
        if (f.takesRel) params << QStringLiteral("rel=N");
        if (f.takesGain) params << QStringLiteral("gain=lin|exp");
        if (f.takesNorm) params << QStringLiteral("norm=R|min");
        html += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td><td>%3</td><td>%4</td></tr>")
                    .arg(text(f.name), aliases.join(QStringLiteral(", ")), params.join(QStringLiteral(", ")),
                         text(f.definition));
    }
    return html + QStringLiteral("</table>");
}

QString shortcutTableHtml(const QList<QAction*>& actions) {
    QMap<QString, QString> rows;  // sorted by name
    for (const QAction* action : actions) {
        if (!action || action->shortcuts().isEmpty()) continue;
        QString name = action->text();
        name.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        name.remove(QStringLiteral("…"));
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts()) keys << key.toString(QKeySequence::NativeText);
        rows.insert(name.trimmed(), keys.join(QStringLiteral(", ")));
    }
    QString html = QStringLiteral("<table border='1' cellspacing='0' cellpadding='4'>"
                                  "<tr><th>Action</th><th>Shortcut</th></tr>");
    for (auto it = rows.cbegin(); it != rows.cend(); ++it)
        html += QStringLiteral("<tr><td>%1</td><td><code>%2</code></td></tr>")
                    .arg(it.key().toHtmlEscaped(), it.value().toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

QString manualHtml(const QList<QAction*>& actions) {
    QFile file(QStringLiteral(":/manual.html"));
    QString html = file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll())
                                                  : QStringLiteral("<p>The manual is missing from this build.</p>");
    html.replace(QStringLiteral("<!--METRICS-->"), metricTableHtml());
    html.replace(QStringLiteral("<!--SHORTCUTS-->"), shortcutTableHtml(actions));
    return html;
}

QDialog* showManualDialog(QWidget* parent, const QList<QAction*>& actions) {
    return showPage(parent, QStringLiteral("manualDialog"), QObject::tr("RankLab Manual"), manualHtml(actions),
                    QSize(820, 640));
}

QDialog* showShortcutsDialog(QWidget* parent, const QList<QAction*>& actions) {
    const QString html = QStringLiteral("<h3>Keyboard shortcuts</h3>") + shortcutTableHtml(actions);
    return showPage(parent, QStringLiteral("shortcutsDialog"), QObject::tr("Keyboard Shortcuts"), html,
                    QSize(460, 420));
}

} // namespace ranklab::ui

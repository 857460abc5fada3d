#include "ui/load_error_dialog.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>

namespace ranklab::ui {
namespace {

QString row(const QString& label, const QString& value) {
    return QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>").arg(label, value);
}

} // namespace

QString loadErrorHtml(const LoadError& error, bool keptOpen) {
    QString html = QStringLiteral("<p>%1</p>").arg(error.problem.toHtmlEscaped());
    QString rows;
    if (!error.file.isEmpty())
        rows += row(QMessageBox::tr("File"), QDir::toNativeSeparators(error.file).toHtmlEscaped());
    if (error.line > 0) {
        QString where = QMessageBox::tr("line %1").arg(error.line);
        if (error.column > 0) where += QMessageBox::tr(", column %1").arg(error.column);
        rows += row(QMessageBox::tr("Where"), where);
    }
    if (!error.text.isEmpty())
        rows += row(QMessageBox::tr("Text"), QStringLiteral("<code>%1</code>").arg(error.text.toHtmlEscaped()));
    if (!rows.isEmpty()) html += QStringLiteral("<table>%1</table>").arg(rows);
    if (keptOpen) html += QStringLiteral("<p>%1</p>").arg(QMessageBox::tr("The workspace that was open stays open."));
    return html;
}

QString loadErrorTitle(const QString& workspacePath, const LoadError& error) {
    const bool workspaceAtFault =
        error.file.isEmpty() || QFileInfo(error.file).absoluteFilePath() == QFileInfo(workspacePath).absoluteFilePath();
    if (workspaceAtFault && !workspacePath.isEmpty())
        return QMessageBox::tr("Could not open %1.").arg(QFileInfo(workspacePath).fileName());
    if (error.file.isEmpty()) return QMessageBox::tr("Could not read the files.");
    return QMessageBox::tr("Could not read %1.").arg(QFileInfo(error.file).fileName());
}

QMessageBox* showLoadError(QWidget* parent, const QString& workspacePath, const LoadError& error, bool keptOpen) {
    auto* box = new QMessageBox(parent);
    box->setObjectName(QStringLiteral("loadErrorDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setIcon(QMessageBox::Critical);
    box->setWindowTitle(QMessageBox::tr("Could not read a file"));
    box->setTextFormat(Qt::PlainText);
    box->setText(loadErrorTitle(workspacePath, error));
    box->setInformativeText(loadErrorHtml(error, keptOpen));
    box->setDetailedText(error.message);
    box->setStandardButtons(QMessageBox::Ok);
    box->open();
    return box;
}

} // namespace ranklab::ui

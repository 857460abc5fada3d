#pragma once
// The message shown when a workspace cannot be loaded: which file, where in
// it, what is wrong and the offending text; the full message in the details.
#include <QString>

#include "ui/load_result.h"

class QMessageBox;
class QWidget;

namespace ranklab::ui {

// Opens the message window-modally without blocking and returns it (it
// deletes itself when closed). Its object name is "loadErrorDialog". The
// message names the file at fault ("Could not read bad.run."); only an
// error in the workspace file itself (or one naming no file) names
// `workspacePath`. `keptOpen`: a workspace was open and stays open.
QMessageBox* showLoadError(QWidget* parent, const QString& workspacePath, const LoadError& error, bool keptOpen);

// The message's first line, as above.
QString loadErrorTitle(const QString& workspacePath, const LoadError& error);

// The dialog's explanation as HTML (file, line, column, problem, text).
QString loadErrorHtml(const LoadError& error, bool keptOpen);

} // namespace ranklab::ui

#include "ui/user_file.h"

#include <QFile>

#include <string_view>

#include "common/error.h"
#include "common/output_file.h"

namespace ranklab::ui {

std::string systemPath(const QString& path) { return QFile::encodeName(path).toStdString(); }

bool writeUserFile(const QString& path, const QByteArray& bytes, QString* error) {
    try {
        writeOutputFile(systemPath(path), std::string_view(bytes.constData(), std::size_t(bytes.size())));
    } catch (const Error& e) {
        if (error) {
            // The engine's message, as a sentence of a dialog, with the path as the user typed it.
            *error = QString::fromLocal8Bit(e.what());
            if (!error->isEmpty()) (*error)[0] = error->at(0).toUpper();
        }
        return false;
    }
    return true;
}

} // namespace ranklab::ui

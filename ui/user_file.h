#pragma once
// The workbench's exports (charts, tables, reports, screenshots) are made
// in memory and handed whole to the engine's writer (common/output_file.h),
// so they follow the command line's policy: a regular file replaced whole or
// left as it was, a device or FIFO written in place, a link refused, every
// write checked.
#include <QByteArray>
#include <QString>

#include <string>

namespace ranklab::ui {

// The path as the system spells it (the local 8-bit encoding).
std::string systemPath(const QString& path);

// False with `error` ("Cannot write /x/y.csv: …", "Refusing to write …")
// on failure.
bool writeUserFile(const QString& path, const QByteArray& bytes, QString* error);

} // namespace ranklab::ui

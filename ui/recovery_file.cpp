#include "ui/recovery_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <cerrno>
#include <csignal>

namespace ranklab::ui {
namespace {

QString sidecarOf(qint64 pid) { return QDir(RecoveryFile::folder()).filePath(QStringLiteral("%1.json").arg(pid)); }

bool running(qint64 pid) {
    if (pid <= 0) return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}

} // namespace

QString RecoveryFile::folder() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("recovery"));
}

QString RecoveryFile::fileOf(qint64 pid) { return QDir(folder()).filePath(QStringLiteral("%1.ranklab").arg(pid)); }

bool RecoveryFile::write(const Workspace& workspace, const QString& originalPath) {
    if (!QDir().mkpath(folder())) return false;
    QFile::setPermissions(folder(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    const qint64 pid = QCoreApplication::applicationPid();
    try {
        writeWorkspaceFile(workspace, fileOf(pid).toStdString());  // atomic: temporary file and rename
    } catch (const std::exception&) {
        return false;
    }
    QSaveFile sidecar(sidecarOf(pid));
    if (!sidecar.open(QIODevice::WriteOnly)) return false;
    const QJsonObject o{{QStringLiteral("original"), originalPath},
                        {QStringLiteral("written"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    sidecar.write(QJsonDocument(o).toJson(QJsonDocument::Compact));
    return sidecar.commit();
}

void RecoveryFile::remove() {
    const qint64 pid = QCoreApplication::applicationPid();
    QFile::remove(fileOf(pid));
    QFile::remove(sidecarOf(pid));
}

QList<RecoveryFile::Found> RecoveryFile::leftBehind() {
    QList<Found> found;
    const QDir dir(folder());
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.ranklab")}, QDir::Files)) {
        bool ok = false;
        const qint64 pid = info.completeBaseName().toLongLong(&ok);
        if (!ok || pid == QCoreApplication::applicationPid() || running(pid)) continue;
        Found f;
        f.file = info.absoluteFilePath();
        f.pid = pid;
        f.written = info.lastModified();
        QFile sidecar(sidecarOf(pid));
        if (sidecar.size() < 65536 && sidecar.open(QIODevice::ReadOnly)) {
            const QJsonObject o = QJsonDocument::fromJson(sidecar.readAll()).object();
            f.originalPath = o.value(QStringLiteral("original")).toString();
            const QDateTime when = QDateTime::fromString(o.value(QStringLiteral("written")).toString(), Qt::ISODate);
            if (when.isValid()) f.written = when;
        }
        found.append(f);
    }
    std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.written > b.written; });
    return found;
}

void RecoveryFile::discard(const Found& found) {
    QFile::remove(found.file);
    QFile::remove(sidecarOf(found.pid));
}

} // namespace ranklab::ui

// File → Open Sharded Results… on files built to hurt: a FIFO (opening it
// would block the GUI thread until a writer came), /dev/zero (it never
// ends) and a state nested 50,000 deep (the stack). Each is refused in the
// dialog's status line, naming the file, and the dialog opens at once.
#include "ui/sharded/sharded_results_dialog.h"

#include <sys/stat.h>

#include <QElapsedTimer>
#include <QLabel>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <fstream>

using namespace ranklab::ui;

namespace {

QString statusOf(const QStringList& paths, qint64* milliseconds) {
    QElapsedTimer timer;
    timer.start();
    ShardedResultsDialog dialog(paths);
    *milliseconds = timer.elapsed();
    return dialog.status()->text();
}

TEST(ShardedResultsHostileTest, AFifoIsRefusedWithoutBlockingTheWindow) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("state.fifo"));
    ASSERT_EQ(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    qint64 ms = 0;
    const QString status = statusOf({fifo}, &ms);  // no writer ever comes: opening it would block forever
    EXPECT_TRUE(status.contains(fifo + QStringLiteral(": not a regular file (a folder, FIFO or device)")))
        << status.toStdString();
    EXPECT_LT(ms, 5000);
}

TEST(ShardedResultsHostileTest, DevZeroIsRefusedWithoutReadingIt) {
    qint64 ms = 0;
    const QString status = statusOf({QStringLiteral("/dev/zero")}, &ms);
    EXPECT_TRUE(status.contains(QStringLiteral("/dev/zero: not a regular file"))) << status.toStdString();
    EXPECT_LT(ms, 5000);
}

TEST(ShardedResultsHostileTest, AStateNested50000DeepIsRefusedNotACrash) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("deep.json"));
    std::ofstream(path.toStdString()) << "{\"format\": \"ranklab-partial\", \"command\": \"eval\", \"buckets\": "
                                      << std::string(50000, '[') << std::string(50000, ']') << "}\n";
    qint64 ms = 0;
    const QString status = statusOf({path}, &ms);
    EXPECT_TRUE(status.contains(path + QStringLiteral(":1:"))) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("nested deeper than 64 levels"))) << status.toStdString();
}

} // namespace

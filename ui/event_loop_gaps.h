#pragma once
// Measures how responsive the GUI thread is: a timer ticks every few
// milliseconds and the longest time between two ticks is kept. A window
// that never freezes keeps it small whatever runs in the background.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace ranklab::ui {

class EventLoopGaps : public QObject {
    Q_OBJECT

public:
    explicit EventLoopGaps(int intervalMs = 5, QObject* parent = nullptr);

    void start();
    void stop();
    // The longest time between two ticks (or since start()) in milliseconds.
    double longestGapMs() const { return double(longestNs_) / 1e6; }
    // When the longest gap ended, in milliseconds since start().
    double longestGapEndMs() const { return double(longestEndNs_) / 1e6; }
    // Milliseconds since start().
    double elapsedMs() const { return double(clock_.nsecsElapsed()) / 1e6; }
    int ticks() const { return ticks_; }

private:
    void tick();

    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ = 0;
    qint64 longestNs_ = 0;
    qint64 longestEndNs_ = 0;
    int ticks_ = 0;
};

} // namespace ranklab::ui

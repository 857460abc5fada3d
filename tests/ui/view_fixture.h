#pragma once
// Waiting for an analysis view in tests: refresh it now and wait until it
// shows the newest inputs and its background work has ended.
#include <QTest>

#include "ui/job_tracker.h"
#include "ui/views/analysis_view.h"

namespace ranklab::ui::test {

inline bool settle(AnalysisView& view, int ms = 60000) {
    view.refreshNow();
    return QTest::qWaitFor([&] { return !view.isStale() && !view.jobs()->isBusy(); }, ms);
}

} // namespace ranklab::ui::test

#pragma once
// The real main window on the example workspace (3 models), evaluated and
// compared, with its Per user and User tabs: what the Per user tests drive.
#include <QComboBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/views/per_user_view.h"
#include "ui/views/user_view.h"
#include "ui/workbench.h"
#include "ui_fixtures.h"

namespace ranklab::ui::test {

struct PerUserWindow {
    MainWindow window;

    PerUserWindow() {
        window.resize(1366, 768);
        window.show();
        EXPECT_TRUE(openCompared(window, exampleWorkspace()));
        window.tabs()->setCurrentWidget(perUser());
        EXPECT_TRUE(settle());
    }
    template <class View>
    View* find() const {
        for (AnalysisView* v : window.analysisViews())
            if (auto* view = qobject_cast<View*>(v)) return view;
        return nullptr;
    }
    PerUserView* perUser() const { return find<PerUserView>(); }
    UserView* user() const { return find<UserView>(); }
    const Evaluation& e() const { return *window.workbench()->result()->evaluation; }
    const Dataset& data() const { return *window.workbench()->result()->dataset; }
    bool settle(AnalysisView* view = nullptr) {
        view = view ? view : perUser();
        return QTest::qWaitFor([&] { return !view->isStale() && !view->jobs()->isBusy(); }, kWaitMs);
    }
    // As a click on an entry: the index changes and the box says it was chosen.
    void choose(QComboBox* box, int index) {
        box->setCurrentIndex(index);
        Q_EMIT box->activated(index);
        EXPECT_TRUE(settle());
    }
    double value(std::size_t model, std::size_t row) const { return e().value(model, row, perUser()->pair().metric); }
};

} // namespace ranklab::ui::test

#pragma once
// The chart tests' pieces: two models' looks ("a" and "b" in the palette's
// first colours) and a chart shown in a real (offscreen) view and laid out,
// so its legend markers and mapToPosition are those of a drawn chart.
#include <QApplication>
#include <QChartView>
#include <QList>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/evaluation_result.h"
#include "ui/model_colors.h"

namespace ranklab::ui::test {

inline QList<ModelLook> twoLooks() {
    return {{QStringLiteral("a"), paletteColor(0), true}, {QStringLiteral("b"), paletteColor(1), true}};
}

// Shows `chart` (the view takes it) at 640 × 420 and lays it out.
struct ShownChart {
    explicit ShownChart(QChart* chart) : view(chart) {
        view.resize(640, 420);
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
        QApplication::processEvents();
    }
    QChartView view;
};

} // namespace ranklab::ui::test

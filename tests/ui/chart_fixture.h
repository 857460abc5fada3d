#pragma once
// The chart tests' pieces: hand-made curves of two models, their looks ("a"
// and "b" in the palette's first colours) and a chart shown in a real
// (offscreen) view and laid out, so its legend markers and mapToPosition
// are those of a drawn chart.
#include <QApplication>
#include <QChartView>
#include <QList>
#include <QTest>

#include <cstdint>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "eval/metric_curve.h"
#include "ui/evaluation_result.h"
#include "ui/model_colors.h"

namespace ranklab::ui::test {

inline QList<ModelLook> twoLooks() {
    return {{QStringLiteral("a"), paletteColor(0), true}, {QStringLiteral("b"), paletteColor(1), true}};
}

// ndcg@k of models "a" and "b" by hand at k = 1..n; a t band (the only
// band) when `aLo`, `aHi`, `bLo` and `bHi` are given.
inline CurveResult ndcgCurves(std::vector<double> a, std::vector<double> b, std::vector<double> aLo = {},
                              std::vector<double> aHi = {}, std::vector<double> bLo = {},
                              std::vector<double> bHi = {}) {
    CurveResult r;
    r.metrics = parseCurveMetrics("ndcg");
    r.options.bands = !aLo.empty();
    r.options.bootstrap = false;
    r.kmax = std::uint32_t(a.size());
    r.curves.push_back({"a", "ndcg", std::move(a), {}, {}, std::move(aLo), std::move(aHi)});
    r.curves.push_back({"b", "ndcg", std::move(b), {}, {}, std::move(bLo), std::move(bHi)});
    return r;
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

// α and the correction in the Summary's toolbar re-mark the comparison
// shown in the same frame: nothing runs in the background, and the marks
// are those a comparison made afresh at the new threshold has.
#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "compare/comparison.h"
#include "ui/main_window.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

std::shared_ptr<const stats::Comparison> shown(const MainWindow& window) {
    const auto result = window.workbench()->result();
    return result ? result->comparison : nullptr;
}

} // namespace

TEST(RethresholdTest, AlphaAndCorrectionReMarkWithoutComparingAgain) {
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    const auto before = shown(window);
    ASSERT_TRUE(before);
    SummaryToolBar* bar = window.summaryView()->toolBar();
    QComboBox* alpha = bar->alphaBox();
    QComboBox* correction = bar->correctionBox();
    ASSERT_GE(alpha->count(), 2);
    ASSERT_GE(correction->count(), 2);
    const std::size_t remarks = window.workbench()->rethresholds();

    alpha->setCurrentIndex(alpha->currentIndex() == 0 ? 1 : 0);
    // Same frame: no job was started, the new marks are already shown.
    EXPECT_FALSE(window.workbench()->jobs()->isBusy());
    EXPECT_EQ(window.workbench()->rethresholds(), remarks + 1);
    const auto after = shown(window);
    ASSERT_TRUE(after);
    EXPECT_NE(after, before);
    EXPECT_EQ(after->options.alpha, bar->options().alpha);
    correction->setCurrentIndex(correction->currentIndex() == 0 ? 1 : 0);
    EXPECT_FALSE(window.workbench()->jobs()->isBusy());
    EXPECT_EQ(window.workbench()->rethresholds(), remarks + 2);
    const auto remarked = shown(window);
    EXPECT_EQ(remarked->options.correction, bar->options().correction);

    // The same marks as a comparison made afresh at these thresholds.
    stats::ComparisonOptions fresh = bar->options();
    fresh.resampling.parallelism = Parallelism(1);
    const stats::Comparison again = stats::compareEvaluation(*window.workbench()->result()->evaluation, fresh);
    ASSERT_EQ(again.pairs.size(), remarked->pairs.size());
    for (std::size_t p = 0; p < again.pairs.size(); ++p)
        for (std::size_t t = 0; t < again.pairs[p].tests.size(); ++t) {
            EXPECT_EQ(again.pairs[p].tests[t].adjusted, remarked->pairs[p].tests[t].adjusted) << p;
            EXPECT_EQ(again.pairs[p].tests[t].significant, remarked->pairs[p].tests[t].significant) << p;
        }
}

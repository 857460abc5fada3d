// α, the correction and the δs re-mark a finished comparison without its
// data: applyThresholds() on a comparison made at one threshold equals a
// comparison made afresh at the other (every test's adjusted p and
// rejection, every practical class), and onlyThresholdsDiffer() says when
// that is allowed.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "compare/comparison.h"
#include "compare/comparison_thresholds.h"
#include "metrics/metric_spec.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

// Three models x ndcg@10, arp@10 (lower is better) on 40 users; B is A
// plus a small shift and noise (t ≈ 2), so some pairs are significant at
// one α and not another; C is far from both.
Evaluation threeModels() {
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(0, 1);
    Evaluation e;
    e.settings.metrics = expandMetrics("ndcg@10,arp@10", {});
    const std::size_t n = 40, metrics = 2;
    for (std::size_t i = 0; i < n; ++i) e.users.push_back(UserId(i));
    e.counts.evaluated = n;
    std::vector<double> base(n * metrics);
    for (double& v : base) v = u(rng);
    for (const char* name : {"A", "B", "C"}) {
        ModelValues m{name, base, std::vector<double>(metrics, 0.0)};
        for (std::size_t k = 0; k < m.perUser.size(); ++k) {
            const double shift = std::string(name) == "B" ? 0.03 : std::string(name) == "C" ? 0.25 : 0.0;
            m.perUser[k] = base[k] + (std::string(name) == "A" ? 0.0 : shift + 0.3 * (u(rng) - 0.5));
        }
        for (std::size_t k = 0; k < m.perUser.size(); ++k) m.means[k % metrics] += m.perUser[k] / double(n);
        e.models.push_back(std::move(m));
    }
    return e;
}

void expectSameMarks(const Comparison& x, const Comparison& y, const std::string& what) {
    ASSERT_EQ(x.pairs.size(), y.pairs.size()) << what;
    EXPECT_EQ(x.options.alpha, y.options.alpha) << what;
    EXPECT_EQ(x.options.correction, y.options.correction) << what;
    for (std::size_t p = 0; p < x.pairs.size(); ++p) {
        const PairComparison& a = x.pairs[p];
        const PairComparison& b = y.pairs[p];
        ASSERT_EQ(a.tests.size(), b.tests.size());
        for (std::size_t t = 0; t < a.tests.size(); ++t) {
            EXPECT_EQ(a.tests[t].pvalue, b.tests[t].pvalue) << what << " pair " << p;
            EXPECT_EQ(a.tests[t].adjusted, b.tests[t].adjusted) << what << " pair " << p;
            EXPECT_EQ(a.tests[t].significant, b.tests[t].significant) << what << " pair " << p;
        }
        ASSERT_EQ(a.practical.has_value(), b.practical.has_value()) << what << " pair " << p;
        if (a.practical) {
            EXPECT_EQ(a.practical->practicalClass, b.practical->practicalClass) << what << " pair " << p;
            EXPECT_EQ(a.practical->tost.pLower, b.practical->tost.pLower) << what << " pair " << p;
            EXPECT_EQ(a.practical->delta, b.practical->delta) << what << " pair " << p;
        }
    }
}

} // namespace

TEST(ComparisonThresholds, ReMarkingEqualsComparingAgainAtTheNewThresholds) {
    const Evaluation e = threeModels();
    ComparisonOptions start;
    start.tests = {SignificanceTest::TTest, SignificanceTest::Wilcoxon, SignificanceTest::Bootstrap};
    start.resampling.resamples = 300;
    const Comparison base = compareEvaluation(e, start);
    int differing = 0;  // the thresholds chosen do change some marks
    for (double alpha : {0.001, 0.05, 0.3})
        for (Correction correction : {Correction::None, Correction::Bonferroni, Correction::Holm, Correction::BenjaminiHochberg, Correction::HolmSidak})
            for (const char* delta : {"", "0.02", "ndcg@10=5%,arp@10=0.5"}) {
                ComparisonOptions next = start;
                next.alpha = alpha;
                next.correction = correction;
                next.minEffect = *delta ? parseMinEffects(delta) : MinEffects{};
                ASSERT_TRUE(onlyThresholdsDiffer(start, next));
                Comparison remarked = base;
                applyThresholds(remarked, next);
                const Comparison fresh = compareEvaluation(e, next);
                expectSameMarks(remarked, fresh, "alpha " + std::to_string(alpha) + " delta " + delta);
                for (std::size_t p = 0; p < base.pairs.size(); ++p)
                    differing += base.pairs[p].tests[0].significant != fresh.pairs[p].tests[0].significant;
            }
    EXPECT_GT(differing, 0);
}

TEST(ComparisonThresholds, ATestBaselineLevelOrResamplingCountComparesAgain) {
    ComparisonOptions done;
    done.tests = {SignificanceTest::TTest};
    auto differs = [&](auto change) {
        ComparisonOptions next = done;
        change(next);
        return !onlyThresholdsDiffer(done, next);
    };
    EXPECT_FALSE(differs([](ComparisonOptions&) {}));
    EXPECT_TRUE(differs([](ComparisonOptions& o) { o.tests.push_back(SignificanceTest::Wilcoxon); }));
    EXPECT_TRUE(differs([](ComparisonOptions& o) { o.baseline = 1; }));
    EXPECT_TRUE(differs([](ComparisonOptions& o) { o.level = 0.9; }));
    EXPECT_TRUE(differs([](ComparisonOptions& o) { o.resampling.resamples = 17; }));
    EXPECT_TRUE(differs([](ComparisonOptions& o) { o.resampling.seed = 17; }));
    EXPECT_TRUE(differs([](ComparisonOptions& o) { o.bootstrapIntervals = !o.bootstrapIntervals; }));
    EXPECT_FALSE(differs([](ComparisonOptions& o) { o.alpha = 0.01; }));
    // A many-model procedure computes at α (Tukey's critical q): α recomputes,
    // the correction still only re-marks.
    done.many = {ManyModelTest::Tukey};
    EXPECT_TRUE(differs([](ComparisonOptions& o) { o.alpha = 0.01; }));
    EXPECT_FALSE(differs([](ComparisonOptions& o) { o.correction = Correction::Bonferroni; }));
}

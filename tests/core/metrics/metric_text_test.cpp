// A metric's words with its parameters and cutoff written in (metric_text.h):
// the formula of docs/metrics.md, its plain-text form for exports, and the
// trec_eval measure, checked against the trec module's own measure table
// (which the golden trec_eval outputs test).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "metrics/metric_text.h"
#include "metrics/registry.h"
#include "trec/measure.h"

using namespace ranklab;
using ::testing::HasSubstr;

namespace {

std::string formula(const char* id) { return metricFormula(MetricSpec::parse(id)); }
std::string trecName(const char* id) { return trecMeasureName(MetricSpec::parse(id)); }

} // namespace

TEST(MetricTextTest, TheFormulaHasTheCutoffAndTheChosenParameterWrittenIn) {
    // docs/metrics.md: dcg@k = Σ_{p ≤ k} gain(g(p)) / log₂(p + 1), gain=exp: 2^g − 1.
    EXPECT_EQ(formula("dcg@10"), "Σ_{p ≤ 10} g(p) / log₂(p + 1)");
    EXPECT_EQ(formula("dcg(gain=exp)@10"), "Σ_{p ≤ 10} (2^{g(p)} − 1) / log₂(p + 1)");
    EXPECT_EQ(formula("ap@all"), "Σ_{p ≤ n, rel(p)} hits(p)/p ÷ R");
    EXPECT_EQ(formula("ap(norm=min)@5"), "Σ_{p ≤ 5, rel(p)} hits(p)/p ÷ min(R, 5)");
    EXPECT_EQ(formula("rprec"), "hits(R) / R");
    EXPECT_EQ(familyFormula(MetricSpec::parse("precision@3")),
              "hits(k) / k (positions past the end of the list count as non-relevant)");
}

TEST(MetricTextTest, PlainFormulasDropBracesAroundOneTokenOnly) {
    EXPECT_EQ(plainFormula("Σ_{p ≤ 10} (2^{g(p)} − 1)"), "Σ_{p ≤ 10} (2^g(p) − 1)");
    EXPECT_EQ(plainFormula("x_{i} + y^{2}"), "x_i + y^2");
    EXPECT_EQ(plainFormula("no markup"), "no markup");
}

TEST(MetricTextTest, TrecEvalNamesOnlyWithDefaultParameters) {
    EXPECT_EQ(trecName("ndcg@10"), "ndcg_cut_10");
    EXPECT_EQ(trecName("ndcg@all"), "ndcg");
    EXPECT_EQ(trecName("ap@100"), "map_cut_100");
    EXPECT_EQ(trecName("map@all"), "map");
    EXPECT_EQ(trecName("ap(norm=min)@100"), "");
    EXPECT_EQ(trecName("ndcg(gain=exp)@10"), "");
    EXPECT_EQ(trecName("recall(rel=2)@10"), "");
    EXPECT_EQ(trecName("rr@10"), "");  // recip_rank has no cutoff
    EXPECT_EQ(trecName("rr@all"), "recip_rank");
    EXPECT_EQ(trecName("hr@5"), "success_5");
    EXPECT_EQ(trecName("hr@all"), "");
    EXPECT_EQ(trecName("precision@all"), "set_P");
    EXPECT_EQ(trecName("rprec"), "Rprec");
    EXPECT_EQ(trecName("f1@10"), "");
}

TEST(MetricTextTest, EveryEngineBackedTrecEvalMeasureIsNamedByItsRecord) {
    // The trec module computes these measures with the engine's families
    // (trec/measure_table.cpp); the records must say the same names.
    std::size_t checked = 0;
    for (const trec::MeasureDef& m : trec::measureTable()) {
        if (m.engineFamily.empty() || !m.perQuery) continue;  // local, or a summary (gm_map)
        const MetricRecord* r = findMetric(m.engineFamily);
        ASSERT_NE(r, nullptr) << m.name;
        if (m.params == trec::Params::Cutoffs)
            EXPECT_EQ(std::string(r->trecName), std::string(m.name) + "_%K") << m.name;
        else
            EXPECT_EQ(r->trecNameAll, m.name) << m.name;
        ++checked;
    }
    EXPECT_GE(checked, 12u);
}

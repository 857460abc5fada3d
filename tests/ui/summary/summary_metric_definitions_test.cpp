// The summary's header tooltips: each metric's definition from docs/metrics.md
// with its cutoff, relevance threshold, gain and normalisation written in.
#include "ui/summary/metric_definitions.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "metrics/registry.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

std::string definition(const char* id, double threshold = 1.0) {
    return metricDefinition(MetricSpec::parse(id), threshold).toStdString();
}

} // namespace

TEST(SummaryMetricDefinitionsTest, EveryFamilyOfTheRegistryHasAPerUserFormula) {
    for (const MetricRecord* family : metricRecords()) {
        const std::string id = std::string(family->id).append(family->takesCutoff ? "@10" : "");
        SCOPED_TRACE(id);
        const std::string text = definition(id.c_str());
        EXPECT_THAT(text, HasSubstr(family->setLevel() ? "over all users' lists: " : "per user: "));
        EXPECT_THAT(text, HasSubstr("<b>" + id + "</b>"));
        EXPECT_THAT(text, HasSubstr("</b> — " + metricName(MetricSpec::parse(id)).toStdString()));
    }
}

TEST(SummaryMetricDefinitionsTest, TheCutoffIsWrittenIntoTheFormulaAndTheTrecEvalName) {
    // docs/metrics.md: precision@k = hits(k) / k (trec_eval P_k); recall@k = hits(k) / R (recall_k).
    EXPECT_THAT(definition("precision@5"), HasSubstr("per user: hits(5) / 5"));
    EXPECT_THAT(definition("precision@5"), HasSubstr("trec_eval: P_5"));
    EXPECT_THAT(definition("recall@20"), HasSubstr("per user: hits(20) / R"));
    EXPECT_THAT(definition("recall@20"), HasSubstr("trec_eval: recall_20"));
    EXPECT_THAT(definition("f1@10"), HasSubstr("2·hits(10) / (10 + R)"));
    EXPECT_THAT(definition("hr@3"), HasSubstr("1 if hits(3) ≥ 1, else 0"));
    EXPECT_THAT(definition("hr@3"), HasSubstr("trec_eval: success_3"));
    EXPECT_THAT(definition("rr@10"), HasSubstr("1 / p₁ if p₁ ≤ 10, else 0"));
    EXPECT_THAT(definition("rr@10"), Not(HasSubstr("trec_eval")));  // recip_rank has no cutoff
}

TEST(SummaryMetricDefinitionsTest, AtAllTheCutoffIsTheWholeListAndTrecEvalHasItsOwnName) {
    const std::string ap = definition("ap@all");
    EXPECT_THAT(ap, HasSubstr("Σ<sub>p ≤ n, rel(p)</sub> hits(p)/p ÷ R"));
    EXPECT_THAT(ap, HasSubstr("n: the length of the user's ranked list"));
    EXPECT_THAT(ap, HasSubstr("trec_eval: map"));
    EXPECT_THAT(ap, Not(HasSubstr("map_cut")));
    EXPECT_THAT(definition("ndcg@all"), ::testing::EndsWith("trec_eval: ndcg"));
    EXPECT_THAT(definition("rr@all"), HasSubstr("trec_eval: recip_rank"));
    EXPECT_THAT(definition("rprec"), HasSubstr("per user: hits(R) / R"));
}

TEST(SummaryMetricDefinitionsTest, ParametersChangeTheFormula) {
    // gain=exp: 2^g − 1 (docs/metrics.md, dcg); not trec_eval's (linear) ndcg_cut.
    const std::string exp = definition("ndcg(gain=exp)@10");
    EXPECT_THAT(exp, HasSubstr("(2<sup>g(p)</sup> − 1) / log₂(p + 1)"));
    EXPECT_THAT(exp, HasSubstr("dcg@10 / idcg@10"));
    EXPECT_THAT(exp, Not(HasSubstr("trec_eval")));
    EXPECT_THAT(definition("ndcg@10"), HasSubstr("g(p) / log₂(p + 1)"));
    // norm=min: ÷ min(R, k).
    EXPECT_THAT(definition("ap(norm=min)@100"), HasSubstr("÷ min(R, 100)"));
    EXPECT_THAT(definition("ap(norm=min)@100"), HasSubstr("RecBole"));
}

TEST(SummaryMetricDefinitionsTest, TheRelevanceThresholdIsTheMetricsOwnOrTheEvaluations) {
    EXPECT_THAT(definition("recall@20", 3), HasSubstr("grade ≥ θ = 3"));
    EXPECT_THAT(definition("recall(rel=2)@20", 3), HasSubstr("grade ≥ θ = 2 (set by rel=)"));
    EXPECT_THAT(definition("ndcg@10", 2), HasSubstr("use the grade itself whatever θ is"));
}

// Partial states of cohorts: per cohort and overall compare's state of
// disjoint bucket ranges, written to text and read back, merge into what
// compareCohorts() reports (its JSON, which holds every digit), also when
// the "(other)" cohort has users in one range only; quantile cohorts,
// set-level columns, other bins, overlaps, gaps and bad files are refused.
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "report/cohort_report.h"
#include "shard/cohorts_partial.h"
#include "shard/eval_partial.h"

namespace ranklab::shard {
namespace {

using ::testing::HasSubstr;
using ranklab::testing::Triple;

// R from 3 to 10, and 1 for user7 alone.
Dataset randomData(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> score(0, 1);
    std::vector<Triple> qrels, a, b, c;
    for (int u = 0; u < 300; ++u) {
        const std::string user = "user" + std::to_string(u);
        for (int i = 0; i < 30; ++i) {
            const std::string item = "i" + std::to_string((u * 7 + i * 13) % 97);
            a.emplace_back(user, item, std::floor(score(rng) * 6));
            b.emplace_back(user, item, score(rng));
            if (i < 20) c.emplace_back(user, item, score(rng));
            if (u == 7 ? i == 0 : i % (3 + u % 5) == 0) qrels.emplace_back(user, item, 1 + (i % 2));
        }
    }
    return ranklab::testing::makeDataset(qrels, {{"a", a}, {"b", b}, {"c", c}});
}

EvalSettings settings() {
    EvalSettings s;
    s.metrics = expandMetrics("ndcg,recall,rr", {3, 10});
    return s;
}

stats::ComparisonOptions options() {
    stats::ComparisonOptions o;
    o.tests = stats::parseSignificanceTests("t,wilcoxon");
    o.bootstrapIntervals = false;
    return o;
}

CohortSpec binsOf(const std::string& bins) {
    CohortSpec spec;
    spec.bins = parseCountBins(bins);
    return spec;
}

CohortsPartial partialOf(const Dataset& data, const CohortSpec& spec, const BucketRange& range) {
    RankCache cache;
    const BucketSelection selection = restrictToBuckets(data, settings(), range);
    Evaluation eval = evaluate(data, selection.settings, cache);
    const CohortAssignment assignment = assignCohorts(data, eval.users, spec);
    UserCounts counts = selection.counts;
    counts.evaluated = eval.users.size();
    return readCohortsPartial(writeCohortsPartial(cohortsPartial(eval, assignment, range, counts, options())),
                              toString(range) + ".json");
}

TEST(CohortsPartial, MergedRangesGiveTheWholeCohortComparisonsDigitForDigit) {
    const Dataset data = randomData(6);
    int rangesWithOther = 0;
    for (const std::string bins : {"1,2-4,5+", "2+", "3,4-6"}) {
        const CohortSpec spec = binsOf(bins);
        RankCache cache;
        const Evaluation whole = evaluate(data, settings(), cache);
        const std::string expected =
            formatCohorts(compareCohorts(whole, assignCohorts(data, whole.users, spec), options()), TableFormat::Json);
        for (const std::vector<BucketRange>& split : std::vector<std::vector<BucketRange>>{
                 {{0, 4096}}, {{1001, 4096}, {0, 1000}, {1000, 1001}}, {{3000, 4096}, {17, 3000}, {0, 17}}}) {
            std::vector<CohortsPartial> parts;
            std::vector<std::string> names;
            for (const BucketRange& r : split) {
                parts.push_back(partialOf(data, spec, r));
                names.push_back(toString(r));
                if (bins == std::string("2+") && split.size() == 3) rangesWithOther += parts.back().extra.has_value();
            }
            EXPECT_EQ(formatCohorts(cohortComparisonOf(mergeCohortsPartials(parts, names)), TableFormat::Json), expected)
                << bins << ", " << split.size() << " ranges";
        }
    }
    EXPECT_EQ(rangesWithOther, 2) << "user7 alone is in (other): one range of each 3-range split";
}

TEST(CohortsPartial, SetLevelOtherBinsOverlapsAndGapsAreRefused) {
    CohortSpec quantiles;
    quantiles.quantiles = 4;
    EXPECT_NO_THROW(requireMergeable(quantiles, settings().metrics));  // in two passes
    CohortSpec activity;
    activity.by = CohortGrouping::Activity;
    EXPECT_NO_THROW(requireMergeable(activity, settings().metrics));
    activity.bins = parseCountBins("1-5,6+");
    EXPECT_NO_THROW(requireMergeable(activity, settings().metrics));
    EXPECT_THROW(requireMergeable(binsOf("1,2+"), expandMetrics("ndcg@5,gini@5", {})), Error);

    const Dataset data = randomData(8);
    const CohortsPartial low = partialOf(data, binsOf("1,2+"), {0, 2000});
    const auto refusal = [](const std::vector<CohortsPartial>& parts, const std::vector<std::string>& names) {
        try {
            cohortComparisonOf(mergeCohortsPartials(parts, names));
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusal({partialOf(data, binsOf("1,2+"), {2000, 4096}), low}, {"high.json", "low.json"}), "accepted");
    EXPECT_THAT(refusal({low, partialOf(data, binsOf("1,2-3,4+"), {2000, 4096})}, {"low.json", "bins.json"}),
                HasSubstr("bins.json: cohorts by relevant with other cohorts than low.json"));
    EXPECT_THAT(refusal({low, partialOf(data, binsOf("1,2+"), {1999, 4096})}, {"low.json", "over.json"}),
                HasSubstr("over.json: bucket ranges 0:2000 and 1999:4096 overlap"));
    EXPECT_THAT(refusal({low}, {"low.json"}), HasSubstr("leave out buckets 2000:4096"));

    const std::string text = writeCohortsPartial(low);
    const auto bad = [](const std::string& t) {
        try {
            readCohortsPartial(t, "bad.json");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(bad(text), "accepted");
    EXPECT_THAT(bad(text.substr(0, text.size() / 3)), HasSubstr("bad.json: not a partial-state file"));
    std::string grouping = text;
    grouping.replace(grouping.find("\"by\": \"relevant\""), 16, "\"by\": \"height\"");
    EXPECT_THAT(bad(grouping), HasSubstr("bad.json: unknown cohort grouping"));
    std::string cells = text;
    cells.replace(cells.find("\"cells\": ["), 10, "\"cells\": [{}, ");
    EXPECT_THAT(bad(cells), HasSubstr("bad.json (cohort 1): "));
    std::string metric = text;  // a cohort's state of other metrics than the overall one's
    const std::size_t cell = metric.find("\"cells\": [");
    metric.replace(metric.find("\"recall@3\"", cell), 10, "\"recall@4\"");
    EXPECT_THAT(bad(metric), HasSubstr("bad.json (cohort 1): settings, models or compared pairs other than"));
    std::string labels = text;
    labels.replace(labels.find("\"labels\": ["), 11, "\"labels\": [\"9\", ");
    EXPECT_THAT(bad(labels), HasSubstr("cohort states for"));
}

} // namespace
} // namespace ranklab::shard

// Models compared within cohorts: per-cohort means agree with an independent
// evaluation of a file holding only the cohort's users, and the best-differs
// flag on the constructed case of tests/data/cohorts/README.md.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "common/error.h"
#include "compare/cohort_comparison.h"
#include "io/dataset_loader.h"

using namespace ranklab;

namespace {

const std::string kDir = std::string(RANKLAB_TEST_DATA) + "/cohorts/";

DatasetSources sourcesIn(const std::string& dir, bool extras) {
    DatasetSources sources;
    sources.judgments = dir + "qrels.txt";
    sources.runs.push_back({"A", dir + "A.run", {}});
    sources.runs.push_back({"B", dir + "B.run", {}});
    if (extras) {
        sources.exclusions = dir + "train.tsv";
        sources.cohorts = dir + "groups.tsv";
    }
    return sources;
}

EvalSettings settings() {
    EvalSettings s;
    s.metrics = expandMetrics("rr@all,precision@1,ndcg@2,ap@all", {});
    s.parallelism = Parallelism(1);
    return s;
}

stats::ComparisonOptions fastOptions() {
    stats::ComparisonOptions o;
    o.bootstrapIntervals = false;
    o.resampling.parallelism = Parallelism(1);
    return o;
}

// Copies the lines of `file` whose first field is one of `users`.
void filterByUser(const std::string& from, const std::string& to, const std::set<std::string>& users) {
    std::ifstream in(from);
    std::ofstream out(to);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string user;
        fields >> user;
        if (users.count(user)) out << line << '\n';
    }
}

} // namespace

TEST(CohortComparisonTest, CohortMeansEqualAnEvaluationOfASubsetFile) {
    const Dataset data = loadDataset(sourcesIn(kDir, true), ReadOptions{});
    RankCache cache;
    const Evaluation eval = evaluate(data, settings(), cache);
    CohortSpec spec;
    spec.by = CohortGrouping::Attribute;
    const CohortComparison c = compareCohorts(eval, assignCohorts(data, eval.users, spec), fastOptions());
    ASSERT_EQ(c.cohorts.size(), 4u);

    const auto dir = std::filesystem::temp_directory_path() / ("ranklab_cohort_subset_" + std::to_string(::getpid()));
    const std::map<std::string, std::set<std::string>> members{{"g1", {"u1", "u2", "u3", "u4"}}, {"g2", {"u5", "u6"}},
                                                               {"(none)", {"u7"}}};
    for (const auto& cohort : c.cohorts) {
        if (!members.count(cohort.label)) {
            EXPECT_EQ(cohort.users, 0u) << cohort.label;
            EXPECT_FALSE(cohort.comparison.has_value());
            continue;
        }
        std::filesystem::create_directories(dir);
        for (const char* name : {"qrels.txt", "A.run", "B.run"})
            filterByUser(kDir + name, (dir / name).string(), members.at(cohort.label));
        const Dataset subset = loadDataset(sourcesIn(dir.string() + "/", false), ReadOptions{});
        RankCache subsetCache;
        const Evaluation expected = evaluate(subset, settings(), subsetCache);
        ASSERT_TRUE(cohort.comparison.has_value());
        EXPECT_EQ(cohort.users, expected.users.size()) << cohort.label;
        for (std::size_t m = 0; m < 2; ++m)
            for (std::size_t i = 0; i < expected.metricCount(); ++i)
                EXPECT_NEAR(cohort.comparison->means[m][i].moments.mean, expected.models[m].means[i], 1e-12)
                    << cohort.label << " " << expected.models[m].name << " " << expected.settings.metrics[i].id();
        std::filesystem::remove_all(dir);
    }
}

TEST(CohortComparisonTest, TheFlagMarksTheCohortWhereAnotherModelWins) {
    const Dataset data = loadDataset(sourcesIn(kDir, true), ReadOptions{});
    RankCache cache;
    const Evaluation eval = evaluate(data, settings(), cache);
    CohortSpec spec;
    spec.by = CohortGrouping::Attribute;
    const CohortComparison c = compareCohorts(eval, assignCohorts(data, eval.users, spec), fastOptions());
    // README: rr@all A = (4 + 2/3 + 1)/7, B = (2 + 2 + 1)/7; A best overall.
    EXPECT_NEAR(c.overall.means[0][0].moments.mean, (4 + 2.0 / 3 + 1) / 7, 1e-12);
    EXPECT_NEAR(c.overall.means[1][0].moments.mean, 5.0 / 7, 1e-12);
    EXPECT_EQ(c.overall.best[0], 0u);
    const auto& g1 = c.cohorts[0];
    const auto& g2 = c.cohorts[1];
    const auto& none = c.cohorts[3];
    EXPECT_EQ(g1.label, "g1");
    EXPECT_EQ(g2.label, "g2");
    EXPECT_EQ(none.label, "(none)");
    for (std::size_t i = 0; i < 2; ++i) {  // rr@all and precision@1
        EXPECT_FALSE(g1.bestDiffers[i]);
        EXPECT_TRUE(g2.bestDiffers[i]);
        EXPECT_EQ(g2.comparison->best[i], 1u);
        EXPECT_FALSE(none.bestDiffers[i]);  // A = B: the first model is best
    }
    // g2: B − A on rr@all is 2/3 for both users (SD 0): as scipy's ttest_rel, t = ±inf and p = 0,
    // so the differing best is significant even after Holm.
    const auto* pair = g2.comparison->find(0, 1, 0);
    ASSERT_NE(pair, nullptr);
    EXPECT_EQ(pair->tests.front().pvalue, 0.0);
    EXPECT_TRUE(g2.differenceSignificant[0]);
    EXPECT_FALSE(g1.differenceSignificant[0]);  // not flagged: nothing to test
    EXPECT_NEAR(g2.comparison->means[0][0].moments.mean, 1.0 / 3, 1e-12);
    EXPECT_NEAR(g2.comparison->means[1][0].moments.mean, 1.0, 1e-12);
}

TEST(CohortComparisonTest, SubEvaluationKeepsTheRowsAndRecomputesTheMeans) {
    const Dataset data = loadDataset(sourcesIn(kDir, false), ReadOptions{});
    RankCache cache;
    const Evaluation eval = evaluate(data, settings(), cache);
    const std::vector<std::size_t> rows{4, 5};  // u5, u6
    const Evaluation sub = subEvaluation(eval, rows);
    EXPECT_EQ(sub.users, (std::vector<UserId>{eval.users[4], eval.users[5]}));
    EXPECT_NEAR(sub.models[0].means[0], 1.0 / 3, 1e-12);  // A ranks rN third for u5, u6
    EXPECT_EQ(sub.value(1, 1, 0), eval.value(1, 5, 0));
}

TEST(CohortComparisonTest, CancelStopsTheComparison) {
    const Dataset data = loadDataset(sourcesIn(kDir, true), ReadOptions{});
    RankCache cache;
    const Evaluation eval = evaluate(data, settings(), cache);
    Progress progress;
    progress.cancel();
    EXPECT_THROW(compareCohorts(eval, assignCohorts(data, eval.users, CohortSpec{}), fastOptions(), &progress),
                 Cancelled);
}

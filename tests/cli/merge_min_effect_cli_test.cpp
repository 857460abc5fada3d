// `merge --min-effect`: a partial state does not keep the smallest
// difference that matters, so `merge` takes it, and the merged report of
// compare shards is the single `compare --min-effect` report, byte for byte
// (practical block, TOST, classes), for an absolute, a relative and a
// per-metric δ. Other states refuse it; a metric that is not compared is
// named; a workspace's δ under --partial is said, not dropped silently.
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"

namespace ranklab::testing {
namespace {

using ::testing::HasSubstr;

class MergeMinEffectCliTest : public CliFixture {
protected:
    // compare over two bucket ranges (t and Wilcoxon: one pass), merged with `merge extra`.
    CliResult merged(const std::string& extra) const {
        const std::string common = "compare " + compareInputs() + " --metrics ndcg@10,recall@10 --test t,wilcoxon "
                                   "--no-bootstrap";
        for (const char* range : {"0:1500", "1500:4096"}) {
            const CliResult r = run(common + " --buckets " + range + " --partial '" + path(std::string(range) + ".json") + "'");
            EXPECT_EQ(r.exitCode, 0) << r.err;
        }
        return run("merge '" + path("0:1500.json") + "' '" + path("1500:4096.json") + "' " + extra);
    }
    std::string single(const std::string& extra) const {
        const CliResult r = run("compare " + compareInputs() + " --metrics ndcg@10,recall@10 --test t,wilcoxon "
                                "--no-bootstrap " + extra);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return r.out;
    }
};

TEST_F(MergeMinEffectCliTest, TheMergedReportIsTheSingleCommandsForEveryKindOfDelta) {
    for (const std::string delta : {"0.05", "5%", "ndcg@10=0.02,3%"}) {
        SCOPED_TRACE(delta);
        for (const std::string format : {"json", "table", "csv"}) {
            const CliResult r = merged("--min-effect '" + delta + "' --format " + format);
            ASSERT_EQ(r.exitCode, 0) << r.err;
            EXPECT_EQ(r.out, single("--min-effect '" + delta + "' --format " + format)) << format;
        }
    }
    // Without it the merge prints no practical block, as compare without it.
    const CliResult plain = merged("--format json");
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(plain.out.find("\"practical\""), std::string::npos);
    EXPECT_NE(merged("--min-effect 0.05 --format json").out.find("\"practical\""), std::string::npos);
}

TEST_F(MergeMinEffectCliTest, AMetricNotComparedIsNamedAndOtherStatesRefuseIt) {
    const CliResult wrong = merged("--min-effect 'map@10=0.01'");
    EXPECT_NE(wrong.exitCode, 0);
    EXPECT_THAT(wrong.err, HasSubstr("--min-effect names metric 'map@10', which is not compared; the compared "
                                     "metrics are: ndcg@10, recall@10"));
    for (const char* range : {"0:2048", "2048:4096"}) {
        const CliResult r = run("eval " + compareInputs() + " --metrics ndcg@10 --buckets " + range + " --partial '" +
                                path(std::string("eval") + range + ".json") + "'");
        ASSERT_EQ(r.exitCode, 0) << r.err;
    }
    const CliResult eval = run("merge '" + path("eval0:2048.json") + "' '" + path("eval2048:4096.json") +
                               "' --min-effect 0.01");
    EXPECT_NE(eval.exitCode, 0);
    EXPECT_THAT(eval.err, HasSubstr("--min-effect applies to compare states; these are eval states"));
}

TEST_F(MergeMinEffectCliTest, AWorkspacesDeltaUnderPartialIsSaidAndTheMergeTakesIt) {
    // A workspace as the workbench saves it, with the Summary's δ.
    const std::string ws = path("study.ranklab");
    std::ofstream(ws) << R"({"ranklab_workspace": 1, "ground_truth": {"path": ")" << compareData("qrels.txt")
                      << R"("}, "models": [{"name": "strong", "path": ")" << compareData("strong.trec")
                      << R"("}, {"name": "weak", "path": ")" << compareData("weak.trec")
                      << R"("}], "evaluation": {"metrics": ["ndcg"], "cutoffs": [10]},
                         "comparison": {"test": "t", "min_effect": "0.05"}})";
    const CliResult shard = run("compare --workspace '" + ws + "' --no-bootstrap --partial '" + path("all.json") +
                                "' --buckets 0:4096");
    ASSERT_EQ(shard.exitCode, 0) << shard.err;
    EXPECT_THAT(shard.err, HasSubstr("the workspace's minimum effect (0.05) is not kept in a partial state: give it "
                                     "to `merge --min-effect`"));
    const CliResult merged = run("merge '" + path("all.json") + "' --min-effect 0.05 --format json");
    ASSERT_EQ(merged.exitCode, 0) << merged.err;
    const CliResult single = run("compare --workspace '" + ws + "' --no-bootstrap --format json");
    ASSERT_EQ(single.exitCode, 0) << single.err;
    EXPECT_EQ(merged.out, single.out);
}

} // namespace
} // namespace ranklab::testing

// --workspace on every evaluating command: a workspace written by the code
// the GUI saves with (writeWorkspaceFile, as Workbench::save calls it) gives
// the same numbers as the same choices spelled out as options, and an option
// given explicitly overrides the workspace's value.
#include <filesystem>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

namespace {

std::string data(const std::string& name) { return ranklab::testing::compareData(name); }

class WorkspaceCliTest : public ranklab::testing::CliFixture {
protected:
    // A session: three models (the second named as the baseline), nDCG and
    // AP with a normalisation parameter at 3 and 7, pessimistic ties, all
    // users, grades >= 2 relevant, Wilcoxon with Bonferroni at alpha 0.1.
    std::string saveSession() const {
        Workspace ws;
        ws.groundTruth = {data("qrels.txt"), FormatSpec::parse("auto")};
        ws.models.push_back({"strong", data("strong.trec"), FormatSpec::parse("trec"), "#1f77b4", true});
        ws.models.push_back({"middle", data("middle.trec"), FormatSpec::parse("auto"), "", true});
        ws.models.push_back({"weak", data("weak.trec"), FormatSpec::parse("auto"), "", true});
        ws.evaluation.metrics = {"ndcg", "ap(norm=min)"};
        ws.evaluation.cutoffs = {3, 7};
        ws.evaluation.ties = TiePolicy::Pessimistic;
        ws.evaluation.users = UsersPolicy::All;
        ws.evaluation.relevanceThreshold = 2;
        WorkspaceComparison c;
        c.baseline = WorkspaceComparison::Baseline::Named;
        c.baselineName = "middle";
        c.test = "wilcoxon";
        c.correction = "bonferroni";
        c.alpha = 0.1;
        c.interval = "bootstrap";
        ws.comparison = c;
        const std::string file = path("session.ranklab");
        writeWorkspaceFile(ws, file);
        return file;
    }

    const std::string explicitInputs = ranklab::testing::compareInputs();
    const std::string explicitEval =
        " --metrics 'ndcg,ap(norm=min)' --cutoffs 3,7 --ties pessimistic --users all --rel 2";

    std::string ok(const std::string& args) const {
        const Result r = run(args);
        EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.err;
        return r.out;
    }
};

TEST_F(WorkspaceCliTest, EvalFromAWorkspaceEqualsTheSameChoicesAsOptions) {
    const std::string ws = saveSession();
    const std::string fromWorkspace = ok("eval --workspace '" + ws + "' --format json");
    const std::string fromOptions = ok("eval " + explicitInputs + explicitEval + " --format json");
    EXPECT_EQ(fromWorkspace, fromOptions);
    // Not trivially equal: the defaults give other columns.
    EXPECT_NE(fromOptions, ok("eval " + explicitInputs + " --format json"));
    EXPECT_THAT(fromWorkspace, HasSubstr("ap(norm=min)@7"));
}

TEST_F(WorkspaceCliTest, CompareFromAWorkspaceUsesItsBaselineTestCorrectionAndAlpha) {
    const std::string ws = saveSession();
    const std::string fromWorkspace = ok("compare --workspace '" + ws + "' --format json");
    // The tests as the workbench runs them for that set-up: its test first,
    // the default t-test beside it (workspace/comparison_setup.h).
    const std::string fromOptions =
        ok("compare " + explicitInputs + explicitEval +
           " --baseline middle --test wilcoxon,t --correction bonferroni --alpha 0.1 --format json");
    EXPECT_EQ(fromWorkspace, fromOptions);
    const auto json = nlohmann::json::parse(fromWorkspace);
    for (const auto& pair : json["pairs"]) EXPECT_EQ(pair["b"], "middle");
}

TEST_F(WorkspaceCliTest, AnExplicitOptionOverridesTheWorkspace) {
    const std::string ws = saveSession();
    EXPECT_EQ(ok("eval --workspace '" + ws + "' --ties expected --cutoffs 5 --format json"),
              ok("eval " + explicitInputs +
                 " --metrics 'ndcg,ap(norm=min)' --cutoffs 5 --ties expected --users all --rel 2 --format json"));
    // --run replaces the workspace's models, the rest still comes from it.
    EXPECT_EQ(ok("eval --workspace '" + ws + "' --run only='" + data("weak.trec") + "' --format json"),
              ok("eval --qrels '" + data("qrels.txt") + "' --run only='" + data("weak.trec") + "'" + explicitEval +
                 " --format json"));
}

TEST_F(WorkspaceCliTest, EveryEvaluatingCommandReadsAWorkspace) {
    const std::string ws = saveSession();
    EXPECT_EQ(ok("curves --workspace '" + ws + "' --metric ndcg --kmax 5 --format csv"),
              ok("curves " + explicitInputs + " --ties pessimistic --users all --rel 2 --metric ndcg --kmax 5 --format csv"));
    EXPECT_EQ(ok("ranks --workspace '" + ws + "' --format csv"),
              ok("ranks " + explicitInputs + " --ties pessimistic --users all --rel 2 --format csv"));
    EXPECT_EQ(ok("validate --workspace '" + ws + "' --format json"),
              ok("validate " + explicitInputs + explicitEval + " --format json"));
    EXPECT_EQ(ok("inspect --workspace '" + ws + "' --format json"), ok("inspect " + explicitInputs + " --format json"));
    EXPECT_EQ(ok("cohorts --workspace '" + ws + "' --format csv"),
              ok("cohorts " + explicitInputs + explicitEval +
                 " --baseline middle --test wilcoxon,t --correction bonferroni --alpha 0.1 --format csv"));
}

TEST_F(WorkspaceCliTest, WithoutWorkspaceOrQrelsTheErrorSaysWhatIsMissing) {
    const Result r = run("eval --run x='" + data("weak.trec") + "'");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("--qrels (or --workspace)"));
}

TEST_F(WorkspaceCliTest, ABadWorkspaceFileIsNamedWithItsLineAndColumn) {
    const std::string bad = path("bad.ranklab");
    { std::ofstream(bad) << "{\"ranklab_workspace\": 1,\n \"ground_truth\": }\n"; }
    const Result r = run("eval --workspace '" + bad + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr(bad + ":2:"));
}

} // namespace

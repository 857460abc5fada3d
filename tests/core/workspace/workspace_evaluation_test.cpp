// The evaluation choices saved in a workspace: what older files (without
// them) get, and the metric@k list they expand to.
#include "workspace/workspace_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/error.h"

using namespace ranklab;
namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

std::vector<std::string> ids(const EvalSettings& settings) {
    std::vector<std::string> out;
    for (const MetricSpec& m : settings.metrics) out.push_back(m.id());
    return out;
}

} // namespace

TEST(WorkspaceEvaluationTest, AFileWithoutEvaluationGetsTheDefaults) {
    // A version-1 file written before the evaluation settings existed.
    const fs::path file = fs::temp_directory_path() / ("ranklab_old_" + std::to_string(::getpid()) + ".ranklab");
    std::ofstream(file) << R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "settings": {"skip_bad_lines": false, "duplicates": "error"}})";
    Workspace ws = readWorkspaceFile(file.string());
    fs::remove(file);
    EXPECT_EQ(ws.evaluation, WorkspaceEvaluation{});
    // The defaults as documented in workspace_file.h.
    EXPECT_THAT(ws.evaluation.metrics, ElementsAre("ndcg", "recall", "ap"));
    EXPECT_THAT(ws.evaluation.cutoffs, ElementsAre(10u, 100u));
    EXPECT_EQ(ws.evaluation.ties, TiePolicy::Expected);
    EXPECT_EQ(ws.evaluation.users, UsersPolicy::Relevant);
    EXPECT_EQ(ws.evaluation.relevanceThreshold, 1.0);
}

TEST(WorkspaceEvaluationTest, FamiliesExpandOverTheCutoffsInOrder) {
    WorkspaceEvaluation e;
    e.metrics = {"ndcg(gain=exp)", "ap(norm=min)", "rprec", "rr@all"};
    e.cutoffs = {5, 20};
    // Hand-expanded: each family with a cutoff at 5 then 20; rprec has no
    // cutoff and rr@all names its own.
    EXPECT_THAT(ids(toEvalSettings(e)), ElementsAre("ndcg(gain=exp)@5", "ndcg(gain=exp)@20", "ap(norm=min)@5",
                                                    "ap(norm=min)@20", "rprec", "rr@all"));
}

TEST(WorkspaceEvaluationTest, OptionsReachTheEvalSettings) {
    WorkspaceEvaluation e;
    e.ties = TiePolicy::Trec;
    e.users = UsersPolicy::All;
    e.relevanceThreshold = 2;
    EvalSettings s = toEvalSettings(e);
    EXPECT_EQ(s.ties, TiePolicy::Trec);
    EXPECT_EQ(s.users, UsersPolicy::All);
    EXPECT_EQ(s.relevanceThreshold, 2.0);
}

TEST(WorkspaceEvaluationTest, NoMetricsOrNoCutoffsIsAClearError) {
    WorkspaceEvaluation none;
    none.metrics.clear();
    try {
        toEvalSettings(none);
        FAIL() << "no error for an empty metric list";
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), HasSubstr("no metrics chosen"));
    }
    WorkspaceEvaluation noCutoffs;
    noCutoffs.metrics = {"ndcg"};
    noCutoffs.cutoffs.clear();
    try {
        toEvalSettings(noCutoffs);
        FAIL() << "no error for an empty cutoff list";
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), HasSubstr("give at least one cutoff"));
    }
}

TEST(WorkspaceEvaluationTest, TheSampledProtocolRoundTripsAndABadOneIsNamed) {
    const fs::path file = fs::temp_directory_path() / ("ranklab_sampled_" + std::to_string(::getpid()) + ".ranklab");
    Workspace ws;
    ws.groundTruth.path = "q";
    ws.evaluation.sampledNegatives = 99;
    ws.evaluation.catalogSize = 3706;
    writeWorkspaceFile(ws, file.string());
    const Workspace back = readWorkspaceFile(file.string());
    EXPECT_EQ(back.evaluation.sampledNegatives, 99u);
    EXPECT_EQ(back.evaluation.catalogSize, 3706u);
    std::ofstream(file) << R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "evaluation": {"sampled": {"negatives": 100, "catalog_size": 50}}})";
    try {
        readWorkspaceFile(file.string());
        ADD_FAILURE() << "a catalogue smaller than the sample was accepted";
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), HasSubstr("evaluation.sampled.catalog_size"));
    }
    fs::remove(file);
}

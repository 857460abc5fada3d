// The comparison set-up and each file's own reading are saved in the
// workspace and read back; files without them read as before.
#include "workspace/comparison_setup.h"
#include "workspace/workspace_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/error.h"
#include "core/workspace/workspace_folder_test.h"

using namespace ranklab;
namespace fs = std::filesystem;
using ::testing::HasSubstr;

namespace {

class WorkspaceSetupTest : public ranklab::testing::WorkspaceFolderTest {
protected:
    Workspace twoModels() const {
        Workspace ws;
        ws.groundTruth = {path("q"), {}};
        ws.models.push_back({"toprank", path("a.run"), {}, "", true});
        ws.models.push_back({"bm25", path("b.run"), {}, "", true});
        return ws;
    }
};

} // namespace

TEST_F(WorkspaceSetupTest, TheComparisonSetUpRoundTrips) {
    Workspace ws = twoModels();
    WorkspaceComparison c;
    c.baseline = WorkspaceComparison::Baseline::Named;
    c.baselineName = "bm25";
    c.test = "wilcoxon";
    c.correction = "bonferroni";
    c.alpha = 0.01;
    c.interval = "bootstrap";
    ws.comparison = c;
    writeWorkspaceFile(ws, path("ws.ranklab"));
    EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")), ws);

    ws.comparison->baseline = WorkspaceComparison::Baseline::AllPairs;
    ws.comparison->baselineName.clear();
    writeWorkspaceFile(ws, path("ws.ranklab"));
    EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")).comparison, ws.comparison);
}

TEST_F(WorkspaceSetupTest, AnOlderFileWithoutTheSetUpStillReads) {
    Workspace ws = readWorkspaceFile(write("ws.ranklab", R"({"ranklab_workspace": 1,
        "ground_truth": {"path": "q"}, "models": [{"path": "r"}],
        "settings": {"skip_bad_lines": true, "duplicates": "max"}})"));
    EXPECT_FALSE(ws.comparison);
    EXPECT_FALSE(ws.models[0].reading);  // the workspace's settings apply
    EXPECT_EQ(readingOf(ws, ws.models[0].reading), (WorkspaceSettings{true, DuplicatePolicy::Max}));
    EXPECT_EQ(toSources(ws).runPolicies.at(0), std::nullopt);
}

TEST_F(WorkspaceSetupTest, EachFileKeepsItsOwnReading) {
    Workspace ws = twoModels();
    ws.models[1].reading = WorkspaceSettings{true, DuplicatePolicy::First};
    ws.groundTruth.reading = WorkspaceSettings{false, DuplicatePolicy::Max};
    const std::string json = workspaceJson(ws, path("ws.ranklab"));
    EXPECT_THAT(json, HasSubstr("\"duplicates\": \"first\""));
    writeWorkspaceFile(ws, path("ws.ranklab"));
    Workspace back = readWorkspaceFile(path("ws.ranklab"));
    EXPECT_EQ(back, ws);
    EXPECT_FALSE(back.models[0].reading);
    DatasetSources sources = toSources(back);
    EXPECT_EQ(sources.runPolicies.at(1), (FileReadPolicy{true, DuplicatePolicy::First}));
    EXPECT_EQ(sources.judgmentsPolicy, (FileReadPolicy{false, DuplicatePolicy::Max}));
}

TEST_F(WorkspaceSetupTest, ABadSetUpNamesTheKey) {
    const std::string file = write("ws.ranklab", R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "comparison": {"interval": "wide"}})");
    try {
        readWorkspaceFile(file);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_THAT(e.what(), HasSubstr("comparison.interval"));
        EXPECT_THAT(e.what(), HasSubstr("wide"));
    }
    const std::string dup = write("dup.ranklab", R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "models": [{"path": "r", "duplicates": "last"}]})");
    try {
        readWorkspaceFile(dup);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_THAT(e.what(), HasSubstr("models[0].duplicates"));
    }
}

TEST(ComparisonSetupTest, TheBaselineFollowsItsModelByName) {
    stats::ComparisonOptions options;
    options.baseline = 1;
    options.tests = {stats::SignificanceTest::Wilcoxon};
    options.correction = stats::Correction::Bonferroni;
    options.alpha = 0.01;
    const WorkspaceComparison setup = comparisonSetup(options, {"a", "b", "c"}, "none");
    EXPECT_EQ(setup.baseline, WorkspaceComparison::Baseline::Named);
    EXPECT_EQ(setup.baselineName, "b");
    EXPECT_EQ(setup.test, "wilcoxon");
    EXPECT_EQ(setup.interval, "none");

    // "a" removed and the others reordered: b is now at index 0.
    const stats::ComparisonOptions back = applyComparisonSetup({}, setup, {"b", "c"});
    EXPECT_EQ(back.baseline, std::optional<std::size_t>(0));
    EXPECT_EQ(back.tests.front(), stats::SignificanceTest::Wilcoxon);
    EXPECT_EQ(back.correction, stats::Correction::Bonferroni);
    EXPECT_EQ(back.alpha, 0.01);
    // The baseline gone: the first model, as the CLI.
    EXPECT_EQ(applyComparisonSetup({}, setup, {"c", "d"}).baseline, std::optional<std::size_t>(0));
    options.baseline.reset();
    EXPECT_EQ(applyComparisonSetup({}, comparisonSetup(options, {"a"}, "t"), {"a"}).baseline, std::nullopt);
}

TEST_F(WorkspaceSetupTest, TheSummaryLayoutAndTheMetricColumnRoundTrip) {
    Workspace ws = twoModels();
    WorkspaceComparison c;
    c.display = "delta_percent";
    c.transposed = true;
    ws.comparison = c;
    ws.view.metric = "ndcg@10";
    const std::string json = workspaceJson(ws, path("ws.ranklab"));
    EXPECT_THAT(json, HasSubstr("\"display\": \"delta_percent\""));
    EXPECT_THAT(json, HasSubstr("\"transposed\": true"));
    EXPECT_THAT(json, HasSubstr("\"view\": {\n    \"metric\": \"ndcg@10\""));
    writeWorkspaceFile(ws, path("ws.ranklab"));
    EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")), ws);

    // No metric chosen: no "view" written, and none read back.
    ws.view.metric.clear();
    EXPECT_THAT(workspaceJson(ws, path("ws.ranklab")), ::testing::Not(HasSubstr("\"view\"")));
}

TEST_F(WorkspaceSetupTest, EveryCellDisplayRoundTrips) {
    for (const char* display : {"mean", "delta", "delta_percent", "d_z", "rank_biserial"}) {
        Workspace ws = twoModels();
        WorkspaceComparison c;
        c.display = display;
        ws.comparison = c;
        writeWorkspaceFile(ws, path("ws.ranklab"));
        EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")).comparison->display, display);
    }
}

TEST_F(WorkspaceSetupTest, TheSummaryPlotRoundTripsAndTheForestPlotIsTheDefault) {
    Workspace ws = twoModels();
    ws.view.summaryPlot = "cd";
    const std::string json = workspaceJson(ws, path("ws.ranklab"));
    EXPECT_THAT(json, HasSubstr("\"view\": {\n    \"summary_plot\": \"cd\""));
    writeWorkspaceFile(ws, path("ws.ranklab"));
    EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")).view.summaryPlot, "cd");
    EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")), ws);
    // With a metric too, both kept in the one "view" object.
    ws.view.metric = "ndcg@10";
    writeWorkspaceFile(ws, path("both.ranklab"));
    EXPECT_EQ(readWorkspaceFile(path("both.ranklab")), ws);
    // The default (the forest plot) is not written; "forest" reads as it.
    ws.view = {};
    EXPECT_THAT(workspaceJson(ws, path("ws.ranklab")), ::testing::Not(HasSubstr("summary_plot")));
    EXPECT_EQ(readWorkspaceFile(write("forest.ranklab", R"({"ranklab_workspace": 1,
        "ground_truth": {"path": "q"}, "view": {"summary_plot": "forest"}})")).view.summaryPlot, "");
}

TEST_F(WorkspaceSetupTest, TheMetricColumnIsReadInItsCanonicalForm) {
    // An alias reads as the id the tabs show.
    Workspace ws = readWorkspaceFile(write("ws.ranklab", R"({"ranklab_workspace": 1,
        "ground_truth": {"path": "q"}, "view": {"metric": "mrr@10"}})"));
    EXPECT_EQ(ws.view.metric, "rr@10");
    EXPECT_EQ(readWorkspaceFile(write("old.ranklab", R"({"ranklab_workspace": 1,
        "ground_truth": {"path": "q"}, "comparison": {"test": "t"}})")).comparison->display, "mean");
}

TEST_F(WorkspaceSetupTest, ABadLayoutOrMetricColumnNamesTheKey) {
    auto messageOf = [&](const std::string& json) {
        try {
            readWorkspaceFile(write("bad.ranklab", json));
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string display = messageOf(R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "comparison": {"display": "ratio"}})");
    EXPECT_THAT(display, HasSubstr("\"comparison.display\": expected \"mean\", \"delta\", \"delta_percent\", "
                                   "\"d_z\" or \"rank_biserial\", found \"ratio\""));
    EXPECT_THAT(display, HasSubstr("bad.ranklab"));
    EXPECT_THAT(messageOf(R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "comparison": {"transposed": "yes"}})"), HasSubstr("comparison.transposed"));
    EXPECT_THAT(messageOf(R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "view": {"metric": "ndgc@10"}})"), HasSubstr("\"view.metric\""));
    EXPECT_THAT(messageOf(R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "view": {"summary_plot": "pie"}})"), HasSubstr("\"view.summary_plot\": expected \"forest\" or \"cd\", found \"pie\""));
}

TEST_F(WorkspaceSetupTest, TheMinimumEffectRoundTripsAndABadOneNamesTheKey) {
    Workspace ws = twoModels();
    WorkspaceComparison c;
    c.minEffect = "1%,ndcg@10=0.02";
    ws.comparison = c;
    EXPECT_THAT(workspaceJson(ws, path("ws.ranklab")), HasSubstr("\"min_effect\": \"1%,ndcg@10=0.02\""));
    writeWorkspaceFile(ws, path("ws.ranklab"));
    EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")), ws);
    // None set: no key written, none read.
    ws.comparison->minEffect.clear();
    EXPECT_THAT(workspaceJson(ws, path("ws.ranklab")), ::testing::Not(HasSubstr("min_effect")));
    const std::string bad = write("bad.ranklab", R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"},
        "comparison": {"min_effect": "five"}})");
    try {
        readWorkspaceFile(bad);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_THAT(e.what(), HasSubstr("comparison.min_effect"));
        EXPECT_THAT(e.what(), HasSubstr("five"));
    }
}

TEST(ComparisonSetupTest, TheMinimumEffectGoesIntoTheOptionsAndBack) {
    stats::ComparisonOptions options;
    options.minEffect = stats::parseMinEffects("5%");
    const WorkspaceComparison setup = comparisonSetup(options, {"a", "b"}, "t");
    EXPECT_EQ(setup.minEffect, "5%");
    const stats::ComparisonOptions back = applyComparisonSetup({}, setup, {"a", "b"});
    ASSERT_TRUE(back.minEffect.all);
    EXPECT_EQ(back.minEffect.all->value, 5.0);
    EXPECT_TRUE(back.minEffect.all->relative);
    // A set-up without one clears it.
    EXPECT_TRUE(applyComparisonSetup(options, WorkspaceComparison{}, {"a"}).minEffect.empty());
}

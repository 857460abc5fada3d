#include "workspace/workspace_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "file_contents.h"
#include "core/workspace/workspace_folder_test.h"

using namespace ranklab;
namespace fs = std::filesystem;
using ::testing::HasSubstr;

namespace {

// A fresh folder per test, removed afterwards.
class WorkspaceFileTest : public ranklab::testing::WorkspaceFolderTest {
protected:
    static std::string slurp(const std::string& file) { return ranklab::testing::slurp(file); }

    Workspace everyField() const {
        Workspace ws;
        ws.groundTruth = {path("data/qrels.txt"), FormatSpec::parse("trec")};
        ws.models.push_back({"toprank", path("runs/toprank.run"), FormatSpec::parse("auto"), "#1f77b4", true});
        ws.models.push_back({"", path("runs/als.csv.gz"), FormatSpec::parse("csv,header,user=uid,item=iid,score=pred"),
                             "", false});
        ws.exclusions = WorkspaceFile{path("data/train.tsv"), FormatSpec::parse("tsv,noheader")};
        ws.cohorts = WorkspaceFile{path("data/groups.tsv"), FormatSpec::parse("auto")};
        ws.settings.skipBadLines = true;
        ws.settings.duplicates = DuplicatePolicy::Max;
        ws.evaluation.metrics = {"ndcg(gain=exp)", "ap(norm=min)", "recall(rel=2)", "rprec", "rr@all"};
        ws.evaluation.cutoffs = {5, 20};
        ws.evaluation.ties = TiePolicy::Pessimistic;
        ws.evaluation.users = UsersPolicy::All;
        ws.evaluation.relevanceThreshold = 2.5;
        ws.evaluation.profile = "recbole";
        return ws;
    }
};

// The InputError that reading `text` as a workspace file throws.
InputError readError(const std::string& file) {
    try {
        readWorkspaceFile(file);
    } catch (const InputError& e) {
        return e;
    }
    ADD_FAILURE() << "no InputError for " << file;
    return InputError({}, "");
}

} // namespace

TEST_F(WorkspaceFileTest, RoundTripKeepsEveryField) {
    Workspace ws = everyField();
    writeWorkspaceFile(ws, path("ws.ranklab"));
    EXPECT_EQ(readWorkspaceFile(path("ws.ranklab")), ws);
}

TEST_F(WorkspaceFileTest, SavesPathsRelativeToTheWorkspaceFolder) {
    Workspace ws = everyField();
    ws.models[1].path = (dir_.parent_path() / "elsewhere" / "run.txt").string();
    std::string json = workspaceJson(ws, path("ws.ranklab"));
    EXPECT_THAT(json, HasSubstr("\"path\": \"data/qrels.txt\""));
    EXPECT_THAT(json, HasSubstr("\"path\": \"runs/toprank.run\""));
    EXPECT_THAT(json, HasSubstr("\"path\": \"../elsewhere/run.txt\""));
}

TEST_F(WorkspaceFileTest, ResolvesRelativePathsAgainstTheWorkspaceFolderNotTheWorkingDirectory) {
    std::string file = write("sub/ws.ranklab", R"({"ranklab_workspace": 1,
        "ground_truth": {"path": "qrels.txt"},
        "models": [{"path": "../runs/./a.run"}, {"path": "/abs/b.run"}]})");
    Workspace ws = readWorkspaceFile(file);
    EXPECT_EQ(ws.groundTruth.path, (dir_ / "sub" / "qrels.txt").string());
    EXPECT_EQ(ws.models[0].path, (dir_ / "runs" / "a.run").string());
    EXPECT_EQ(ws.models[1].path, "/abs/b.run");
}

TEST_F(WorkspaceFileTest, MovingTheFolderKeepsTheFilesFound) {
    writeWorkspaceFile(everyField(), path("ws.ranklab"));
    fs::create_directories(dir_ / "moved");
    fs::rename(dir_ / "ws.ranklab", dir_ / "moved" / "ws.ranklab");
    EXPECT_EQ(readWorkspaceFile(path("moved/ws.ranklab")).groundTruth.path, path("moved/data/qrels.txt"));
}

TEST_F(WorkspaceFileTest, OptionalKeysTakeTheirDefaults) {
    Workspace ws = readWorkspaceFile(
        write("ws.ranklab", R"({"ranklab_workspace": 1, "ground_truth": {"path": "q"}, "models": [{"path": "r"}]})"));
    EXPECT_EQ(ws.groundTruth.format, FormatSpec{});
    ASSERT_EQ(ws.models.size(), 1u);
    EXPECT_EQ(ws.models[0].name, "");
    EXPECT_EQ(ws.models[0].color, "");
    EXPECT_TRUE(ws.models[0].visible);
    EXPECT_FALSE(ws.exclusions);
    EXPECT_FALSE(ws.cohorts);
    EXPECT_EQ(ws.settings, WorkspaceSettings{});
    EXPECT_EQ(ws.evaluation, WorkspaceEvaluation{});
}

TEST_F(WorkspaceFileTest, UnknownKeysAreIgnored) {
    Workspace ws = readWorkspaceFile(write("ws.ranklab", R"({"ranklab_workspace": 1, "future": [1, 2],
        "ground_truth": {"path": "q", "checksum": "abc"},
        "models": [{"path": "r", "line_style": "dashed"}],
        "settings": {"duplicates": "first", "theme": "dark"}})"));
    EXPECT_EQ(ws.models.size(), 1u);
    EXPECT_EQ(ws.settings.duplicates, DuplicatePolicy::First);
}

TEST_F(WorkspaceFileTest, FormatsAreReadWithFormatSpecParse) {
    Workspace ws = readWorkspaceFile(write("ws.ranklab", R"({"ranklab_workspace": 1,
        "ground_truth": {"path": "q", "format": "tsv,header,user=uid,item=iid,grade=rel"}})"));
    EXPECT_EQ(ws.groundTruth.format, FormatSpec::parse("tsv,header,user=uid,item=iid,grade=rel"));
}

TEST_F(WorkspaceFileTest, SaveReplacesTheFileAndLeavesNoTemporary) {
    std::string file = write("ws.ranklab", "old contents");
    writeWorkspaceFile(everyField(), file);
    EXPECT_EQ(slurp(file), workspaceJson(everyField(), file));
    EXPECT_FALSE(fs::exists(file + ".tmp"));
}

TEST_F(WorkspaceFileTest, SaveIntoAMissingFolderThrowsAndWritesNothing) {
    std::string file = path("missing/ws.ranklab");
    EXPECT_THROW(writeWorkspaceFile(everyField(), file), Error);
    EXPECT_FALSE(fs::exists(dir_ / "missing"));
}

TEST_F(WorkspaceFileTest, ToSourcesAndReadOptionsCarryEveryFileAndSetting) {
    Workspace ws = everyField();
    DatasetSources s = toSources(ws);
    EXPECT_EQ(s.judgments, ws.groundTruth.path);
    EXPECT_EQ(s.judgmentsFormat, ws.groundTruth.format);
    ASSERT_EQ(s.runs.size(), 2u);
    EXPECT_EQ(s.runs[0].name, "toprank");
    EXPECT_EQ(s.runs[1].path, ws.models[1].path);
    EXPECT_EQ(s.runs[1].format, ws.models[1].format);
    EXPECT_EQ(s.exclusions, ws.exclusions->path);
    EXPECT_EQ(s.cohorts, ws.cohorts->path);
    ReadOptions o = toReadOptions(ws);
    EXPECT_TRUE(o.skipBadLines);
    EXPECT_EQ(o.duplicates, DuplicatePolicy::Max);
}

TEST_F(WorkspaceFileTest, TheUiFixtureLoadsThroughTheDatasetLoader) {
    Workspace ws = readWorkspaceFile(RANKLAB_TEST_DATA "/ui/foundation.ranklab");
    Dataset data = loadDataset(toSources(ws), toReadOptions(ws));
    ASSERT_EQ(data.models.size(), 2u);
    EXPECT_EQ(data.models[0].name, "toprank");
    EXPECT_EQ(data.models[1].name, "bm25");
    EXPECT_EQ(data.judgmentsReport.records, 6u);  // the six lines of qrels.txt
    EXPECT_TRUE(data.exclusions.has_value());
    EXPECT_TRUE(data.cohorts.has_value());
}

TEST_F(WorkspaceFileTest, SyntaxErrorNamesLineAndColumn) {
    // Line 3 is `  "models": [,]`; the stray comma is its 14th character.
    std::string file = write("ws.ranklab", "{\n  \"ranklab_workspace\": 1,\n  \"models\": [,]\n}\n");
    InputError e = readError(file);
    EXPECT_EQ(e.where().file, file);
    EXPECT_EQ(e.where().line, 3u);
    EXPECT_EQ(e.where().column, 14u);
    EXPECT_THAT(e.problem(), HasSubstr("invalid JSON"));
    EXPECT_EQ(e.text(), "  \"models\": [,]");
}

TEST_F(WorkspaceFileTest, TruncatedFileIsASyntaxErrorAtItsEnd) {
    // Two lines; the input ends after the comma of line 2.
    InputError e = readError(write("ws.ranklab", "{\n\"ranklab_workspace\": 1,"));
    EXPECT_EQ(e.where().line, 2u);
    EXPECT_THAT(e.problem(), HasSubstr("end of input"));
}

TEST_F(WorkspaceFileTest, MissingFileNamesTheFile) {
    std::string file = path("nowhere.ranklab");
    InputError e = readError(file);
    EXPECT_EQ(e.where().file, file);
}

// Every malformed workspace gives an InputError whose message names the key
// and says what was expected.
struct Malformed {
    const char* name;
    const char* json;
    const char* message;
};

void PrintTo(const Malformed& m, std::ostream* out) { *out << m.name; }

class MalformedWorkspaceTest : public WorkspaceFileTest, public ::testing::WithParamInterface<Malformed> {};

TEST_P(MalformedWorkspaceTest, GivesAClearError) {
    std::string file = write("ws.ranklab", GetParam().json);
    InputError e = readError(file);
    EXPECT_EQ(e.where().file, file);
    EXPECT_THAT(e.what(), HasSubstr(GetParam().message));
}

#define GT R"("ground_truth": {"path": "q"})"
INSTANTIATE_TEST_SUITE_P(
    WorkspaceFileTest, MalformedWorkspaceTest,
    ::testing::Values(
        Malformed{"Empty", "", "invalid JSON"},
        Malformed{"NotAnObject", "[1, 2]", "expected a JSON object, found an array"},
        Malformed{"MissingVersion", "{" GT "}", "\"ranklab_workspace\" (the version) is missing"},
        Malformed{"VersionNotANumber", R"({"ranklab_workspace": "1", )" GT "}",
                  "\"ranklab_workspace\": expected the version number 1, found string \"1\""},
        Malformed{"NewerVersion", R"({"ranklab_workspace": 7, )" GT "}",
                  "newer RankLab (workspace version 7); this build reads version 1"},
        Malformed{"VersionZero", R"({"ranklab_workspace": 0, )" GT "}", "unknown workspace version 0"},
        Malformed{"MissingGroundTruth", R"({"ranklab_workspace": 1})", "\"ground_truth\" is missing"},
        Malformed{"GroundTruthNotAnObject", R"({"ranklab_workspace": 1, "ground_truth": "q.txt"})",
                  "\"ground_truth\": expected an object with \"path\" and \"format\", found string \"q.txt\""},
        Malformed{"GroundTruthWithoutPath", R"({"ranklab_workspace": 1, "ground_truth": {"format": "trec"}})",
                  "\"ground_truth.path\" is missing"},
        Malformed{"PathNotAString", R"({"ranklab_workspace": 1, "ground_truth": {"path": 3}})",
                  "\"ground_truth.path\": expected a string with the file's path, found number 3"},
        Malformed{"EmptyPath", R"({"ranklab_workspace": 1, "ground_truth": {"path": ""}})",
                  "\"ground_truth.path\" is empty"},
        Malformed{"BadFormat", R"({"ranklab_workspace": 1, "ground_truth": {"path": "q", "format": "xml"}})",
                  "\"ground_truth.format\": format \"xml\""},
        Malformed{"ModelsNotAnArray", R"({"ranklab_workspace": 1, )" GT R"(, "models": {"path": "r"}})",
                  "\"models\": expected an array of models, found an object"},
        Malformed{"ModelNotAnObject", R"({"ranklab_workspace": 1, )" GT R"(, "models": [{"path": "r"}, "s"]})",
                  "\"models[1]\": expected an object"},
        Malformed{"ModelWithoutPath", R"({"ranklab_workspace": 1, )" GT R"(, "models": [{"path": "r"}, {"name": "x"}]})",
                  "\"models[1].path\" is missing"},
        Malformed{"ModelNameNotAString", R"({"ranklab_workspace": 1, )" GT R"(, "models": [{"path": "r", "name": 1}]})",
                  "\"models[0].name\": expected a string, found number 1"},
        Malformed{"BadColor", R"({"ranklab_workspace": 1, )" GT R"(, "models": [{"path": "r", "color": "blue"}]})",
                  "\"models[0].color\": expected a colour such as \"#1f77b4\", found \"blue\""},
        Malformed{"VisibleNotABoolean",
                  R"({"ranklab_workspace": 1, )" GT R"(, "models": [{"path": "r", "visible": "yes"}]})",
                  "\"models[0].visible\": expected true or false, found string \"yes\""},
        Malformed{"ExclusionsNotAnObject", R"({"ranklab_workspace": 1, )" GT R"(, "exclusions": true})",
                  "\"exclusions\": expected an object with \"path\" and \"format\", found true"},
        Malformed{"CohortsWithoutPath", R"({"ranklab_workspace": 1, )" GT R"(, "cohorts": {}})",
                  "\"cohorts.path\" is missing"},
        Malformed{"SettingsNotAnObject", R"({"ranklab_workspace": 1, )" GT R"(, "settings": []})",
                  "\"settings\": expected an object, found an array"},
        Malformed{"SkipBadLinesNotABoolean",
                  R"({"ranklab_workspace": 1, )" GT R"(, "settings": {"skip_bad_lines": 1}})",
                  "\"settings.skip_bad_lines\": expected true or false, found number 1"},
        Malformed{"UnknownDuplicatePolicy",
                  R"({"ranklab_workspace": 1, )" GT R"(, "settings": {"duplicates": "last"}})",
                  "\"settings.duplicates\": expected \"error\", \"first\" or \"max\", found \"last\""},
        Malformed{"EvaluationNotAnObject", R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": 3})",
                  "\"evaluation\": expected an object, found number 3"},
        Malformed{"UnknownMetric",
                  R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"metrics": ["ndcg", "mapp"]}})",
                  "\"evaluation.metrics[1]\": "},
        Malformed{"MetricNotAString", R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"metrics": [1]}})",
                  "\"evaluation.metrics[0]\": expected a metric name"},
        Malformed{"CutoffZero", R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"cutoffs": [10, 0]}})",
                  "\"evaluation.cutoffs[1]\": expected a positive integer, found number 0"},
        Malformed{"CutoffFraction", R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"cutoffs": [2.5]}})",
                  "\"evaluation.cutoffs[0]\": expected a positive integer, found number 2.5"},
        Malformed{"UnknownTiePolicy", R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"ties": "random"}})",
                  "\"evaluation.ties\": expected \"expected\", \"trec\", \"input\", \"optimistic\" or "
                  "\"pessimistic\", found \"random\""},
        Malformed{"UnknownUsersPolicy", R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"users": "some"}})",
                  "\"evaluation.users\": expected \"relevant\", \"trec\", \"all\" or \"ranked\", found \"some\""},
        Malformed{"UnknownProfile", R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"profile": "sklearn"}})",
                  "\"evaluation.profile\": unknown profile \"sklearn\": expected one of elliot, msr, ranx, recbole, "
                  "spark, torchmetrics, trec_eval"},
        Malformed{"ThresholdNotANumber",
                  R"({"ranklab_workspace": 1, )" GT R"(, "evaluation": {"relevance_threshold": "2"}})",
                  "\"evaluation.relevance_threshold\": expected a number, found string \"2\""}),
    [](const ::testing::TestParamInfo<Malformed>& info) { return std::string(info.param.name); });
#undef GT

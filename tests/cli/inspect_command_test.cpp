// ranklab-cli inspect, run as a real process: exit codes, stdout, stderr.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

struct Result {
    int code = -1;
    std::string out, err;
};

std::string shellQuoted(const std::string& arg) {
    std::string q = "'";
    for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs ranklab-cli with `args`, capturing its output streams.
Result runCli(const std::vector<std::string>& args) {
    static int calls = 0;
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("ranklab_cli_" + std::to_string(::getpid()) + "_" + std::to_string(++calls));
    std::filesystem::create_directories(dir);
    std::string out = (dir / "out").string(), err = (dir / "err").string();
    std::string command = shellQuoted(RANKLAB_CLI);
    for (const auto& a : args) command.append(" ").append(shellQuoted(a));
    command.append(" >").append(shellQuoted(out)).append(" 2>").append(shellQuoted(err));
    int status = std::system(command.c_str());
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    std::filesystem::remove_all(dir);
    return r;
}

std::string data(const std::string& name) { return std::string(RANKLAB_TEST_DATA) + "/" + name; }

const std::string kQrels = data("golden/trec_eval_test/qrels.test");
const std::string kRun = data("golden/trec_eval_test/results.test");

} // namespace

TEST(InspectCommandTest, GoodInputPrintsTheTableAndExitsZero) {
    Result r = runCli({"inspect", "--qrels", kQrels, "--run", kRun, "--run", "gz=" + data("compressed/run_gzip.txt")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    // The header, one row per file, and the workspace line.
    EXPECT_NE(r.out.find("file"), std::string::npos);
    EXPECT_NE(r.out.find("compression"), std::string::npos);
    EXPECT_NE(r.out.find("TREC qrels"), std::string::npos);
    EXPECT_NE(r.out.find("TREC run"), std::string::npos);
    EXPECT_NE(r.out.find("run STANDARD"), std::string::npos);
    EXPECT_NE(r.out.find("run gz"), std::string::npos);
    EXPECT_NE(r.out.find("gzip"), std::string::npos);
    EXPECT_NE(r.out.find("3681"), std::string::npos);
    EXPECT_NE(r.out.find("1500"), std::string::npos);
    // 3 users in the golden files plus q1, q2 from run_gzip.txt; 4099 + d1, d2 items.
    EXPECT_NE(r.out.find("workspace: 5 users, 4101 items, 2 models"), std::string::npos) << r.out;
}

TEST(InspectCommandTest, BadFileExitsOneWithFileLineColumnOnStderr) {
    std::string bad = data("bad/non_numeric_score.tsv");
    Result r = runCli({"inspect", "--qrels", kQrels, "--run", bad});
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "ranklab-cli: error: " + bad + ":3:7: expected a number for the score (found \"high\")\n");
}

TEST(InspectCommandTest, MissingFileAndBadFormatExitOne) {
    Result missing = runCli({"inspect", "--qrels", data("bad/nope.txt")});
    EXPECT_EQ(missing.code, 1);
    EXPECT_NE(missing.err.find("nope.txt: cannot open the file"), std::string::npos) << missing.err;
    Result format = runCli({"inspect", "--qrels", kQrels, "--qrels-format", "xml"});
    EXPECT_EQ(format.code, 1);
    EXPECT_NE(format.err.find("unknown part \"xml\""), std::string::npos) << format.err;
}

TEST(InspectCommandTest, SkipBadLinesListsTheSkippedLinesOnStderr) {
    std::string path =
        (std::filesystem::temp_directory_path() / ("ranklab_cli_skip_" + std::to_string(::getpid()) + ".tsv")).string();
    {
        std::ofstream f(path);
        f << "u1\ti1\t1\nu1\ti2\tx\nu2\ti1\t2\nu2\ti3\n";
    }
    Result strict = runCli({"inspect", "--qrels", path});
    EXPECT_EQ(strict.code, 1);
    EXPECT_NE(strict.err.find(path + ":2:7: expected a number for the grade"), std::string::npos) << strict.err;
    Result r = runCli({"inspect", "--qrels", path, "--skip-bad-lines"});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find(path + ": skipped 2 bad lines"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(path + ":2:7: expected a number for the grade (found \"x\")"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(path + ":4:6: expected 3 fields (as on the first line), found 2"), std::string::npos) << r.err;
    std::filesystem::remove(path);
}

TEST(InspectCommandTest, JsonOutputParses) {
    Result r = runCli({"inspect", "--qrels", kQrels, "--run", "mine=" + kRun, "--format", "json", "--threads", "2"});
    ASSERT_EQ(r.code, 0) << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["users"], 3);
    EXPECT_EQ(j["items"], 4099);
    EXPECT_EQ(j["models"], 1);
    ASSERT_EQ(j["files"].size(), 2u);
    EXPECT_EQ(j["files"][0]["role"], "ground truth");
    EXPECT_EQ(j["files"][0]["format"], "TREC qrels");
    EXPECT_EQ(j["files"][0]["lines"], 3681);
    EXPECT_EQ(j["files"][0]["entries"], 3681);
    EXPECT_EQ(j["files"][1]["role"], "run mine");
    EXPECT_EQ(j["files"][1]["compression"], "none");
    EXPECT_EQ(j["files"][1]["entries"], 1500);
    EXPECT_EQ(j["files"][1]["new_items"], 4099 - 3338);
    EXPECT_TRUE(j["files"][1]["first_skipped"].is_array());
}

TEST(InspectCommandTest, JsonOutputListsSkippedLines) {
    Result r = runCli({"inspect", "--qrels", data("bad/nan_score.trec"), "--qrels-format", "trec", "--format", "json",
                       "--skip-bad-lines"});
    // As a qrels file in TREC layout, nan_score.trec has 6 fields per line where 4 are expected: every line bad.
    EXPECT_EQ(r.code, 1);
    Result ok = runCli(
        {"inspect", "--qrels", kQrels, "--run", data("bad/nan_score.trec"), "--format", "json", "--skip-bad-lines"});
    ASSERT_EQ(ok.code, 0) << ok.err;
    nlohmann::json j = nlohmann::json::parse(ok.out);
    EXPECT_EQ(j["files"][1]["skipped_lines"], 1);
    EXPECT_EQ(j["files"][1]["first_skipped"][0]["line"], 2);
    EXPECT_EQ(j["files"][1]["first_skipped"][0]["column"], 12);
    EXPECT_EQ(j["files"][1]["first_skipped"][0]["text"], "NaN");
}

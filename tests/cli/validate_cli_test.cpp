// ranklab-cli validate, run as a program: the hand-counted findings of
// tests/data/validate in every format, the exit codes, and clear errors.
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"

using ::testing::HasSubstr;

namespace {

using ValidateCli = ranklab::testing::CliFixture;

const std::string kDir = std::string(RANKLAB_TEST_DATA) + "/validate/";

std::string inputs(bool withB) {
    std::string args = "--qrels '" + kDir + "qrels.txt' --run 'a=" + kDir + "a.run' --exclude '" + kDir + "train.tsv'";
    if (withB) args += " --run 'b=" + kDir + "b.run' --skip-bad-lines --duplicates first";
    return args;
}

const nlohmann::json* findingOf(const nlohmann::json& report, const std::string& kind, const std::string& subject) {
    for (const auto& f : report["findings"])
        if (f["kind"] == kind && f["subject"] == subject) return &f;
    return nullptr;
}

} // namespace

TEST_F(ValidateCli, JsonHoldsTheHandCountedFindingsAndTheTieBand) {
    const auto r = run("validate " + inputs(true) + " --cutoffs 3 --metrics precision,ndcg --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;  // warnings only
    const auto report = nlohmann::json::parse(r.out);
    // Hand counts: tests/data/validate/README.md.
    EXPECT_EQ((*findingOf(report, "run_only_users", "model a"))["count"], 2);
    EXPECT_EQ((*findingOf(report, "missing_users", "model a"))["count"], 1);
    EXPECT_EQ((*findingOf(report, "short_lists", "model a"))["count"], 1);
    EXPECT_EQ((*findingOf(report, "short_lists", "model b"))["count"], 4);
    EXPECT_EQ((*findingOf(report, "leakage", kDir + "train.tsv"))["count"], 1);
    EXPECT_EQ((*findingOf(report, "leakage", kDir + "train.tsv"))["examples"][0], "u1 i2");
    EXPECT_EQ((*findingOf(report, "skipped_lines", kDir + "b.run"))["count"], 1);
    EXPECT_EQ((*findingOf(report, "duplicates_resolved", kDir + "b.run"))["count"], 2);
    EXPECT_EQ((*findingOf(report, "tied_scores", "model a"))["count"], 5);
    EXPECT_EQ(report["summary"]["errors"], 0);
    EXPECT_EQ(report["summary"]["worst"], "warning");
    // The band: model a, ndcg@3; the averaged users u1, u2, u3: u3's tie {i6, i7, i15} holds both
    // relevant items (ndcg changes, precision@3 does not); u1 and u3 have ties in the top 3.
    const auto& bands = report["ties"]["models"][0]["bands"];
    EXPECT_EQ(report["ties"]["users"], 3);
    EXPECT_EQ(bands[0]["metric"], "precision@3");
    EXPECT_EQ(bands[0]["affected_users"], 0);
    EXPECT_EQ(bands[0]["tie_in_top_users"], 2);
    EXPECT_EQ(bands[1]["metric"], "ndcg@3");
    EXPECT_EQ(bands[1]["affected_users"], 1);
    EXPECT_GT(bands[1]["width"].get<double>(), 0.0);
}

TEST_F(ValidateCli, StrictTurnsWarningsIntoExitTwo) {
    const auto r = run("validate " + inputs(false) + " --strict --no-ties");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_THAT(r.out, HasSubstr("leakage"));
    EXPECT_THAT(r.out, ::testing::Not(HasSubstr("Tie sensitivity")));
}

TEST_F(ValidateCli, AnErrorFindingExitsTwo) {
    // A run whose users the ground truth does not know: no shared user is an error.
    std::ofstream(path("x.run")) << "v1 Q0 i1 1 1 x\nv2 Q0 i1 1 1 x\n";
    const auto r = run("validate --qrels '" + kDir + "qrels.txt' --run '" + path("x.run") + "'");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_THAT(r.out, HasSubstr("error"));
    EXPECT_THAT(r.out, HasSubstr("do the user ids of the two files match?"));
}

TEST_F(ValidateCli, TableAndMarkdownListProblemsThenPassedChecks) {
    const auto table = run("validate " + inputs(false) + " -k 3");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("Validation: 0 errors, 4 warnings"));
    EXPECT_THAT(table.out, HasSubstr("Passed:"));
    EXPECT_THAT(table.out, HasSubstr("Tie sensitivity:"));
    const auto md = run("validate " + inputs(false) + " -k 3 --format md");
    ASSERT_EQ(md.exitCode, 0) << md.err;
    EXPECT_THAT(md.out, HasSubstr("| severity | check | subject | count | finding | examples |"));
    EXPECT_THAT(md.out, HasSubstr("| warning | leakage |"));
    const auto csv = run("validate " + inputs(false) + " -k 3 --format csv");
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_THAT(csv.out, HasSubstr("severity,check,subject,count,finding,examples\n"));
}

TEST_F(ValidateCli, WrittenAtomicallyWithOut) {
    const auto r = run("validate " + inputs(false) + " --format json --out '" + path("report.json") + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_NO_THROW(nlohmann::json::parse(ranklab::testing::slurp(path("report.json"))));
}

TEST_F(ValidateCli, UnreadableInputExitsOneWithTheReason) {
    const auto r = run("validate --qrels '" + path("missing.txt") + "' --run '" + kDir + "a.run'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("missing.txt"));
    // A NaN score stops the read unless bad lines are skipped.
    const auto nan = run("validate --qrels '" + kDir + "qrels.txt' --run '" + kDir + "b.run' --duplicates first");
    EXPECT_EQ(nan.exitCode, 1);
    EXPECT_THAT(nan.err, HasSubstr("NaN"));
}

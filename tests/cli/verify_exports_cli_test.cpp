// ranklab-cli verify on honest exports of every exporting command that
// needs no UI (plot and report: report_cli_test.cpp), run as programs on
// copies of tests/data/compare: each export's manifest carries a study
// request of its command, verify recomputes it from the request alone and
// every number matches (exit 0); a workspace's export too; a number changed
// in an export is named (exit 1).
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"
#include "manifest/manifest.h"
#include "manifest/manifest_embed.h"

namespace fs = std::filesystem;
using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;

namespace {

class VerifyExportsCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        ranklab::testing::copyCompareData(path(""));
        files = ranklab::testing::compareInputs(path(""));
    }

    // Exports with `command` (which writes `out`), then verifies it.
    void exportsAndVerifies(const std::string& command, const std::string& out, RequestKind kind) {
        const Result made = run(command);
        ASSERT_LE(made.exitCode, 2) << command << "\n" << made.err;  // validate: 2 on failed checks
        const auto json = findManifestJson(slurp(out));
        ASSERT_TRUE(json) << command;
        const Manifest m = manifestFromJson(*json);
        ASSERT_TRUE(m.request) << command << ": no study request";
        EXPECT_EQ(m.request->kind, kind) << command;
        const Result r = run("verify '" + out + "'");
        EXPECT_EQ(r.exitCode, 0) << command << "\n" << r.out << r.err;
        EXPECT_THAT(r.out, HasSubstr("match when recomputed")) << command;
    }

    std::string files;
};

TEST_F(VerifyExportsCliTest, EveryExportingCommandsExportVerifies) {
    const std::string metrics = " --metrics ndcg,recall --cutoffs 5,10";
    int i = 0;
    auto name = [&](const char* ext) { return path("x" + std::to_string(i++) + ext); };
    for (const char* format : {"csv", "json", "md", "latex"}) {
        const std::string out = name(std::string(format) == "latex" ? ".tex" : (std::string(".") + format).c_str());
        exportsAndVerifies("compare " + files + metrics + " --resamples 200 --test t,wilcoxon --correction bh " +
                               "--format " + format + " --out '" + out + "'",
                           out, RequestKind::Compare);
    }
    {
        const std::string out = name(".csv");
        exportsAndVerifies("compare " + files + " --metrics ndcg@5 --no-bootstrap --all-pairs --digits 6 --ties "
                           "pessimistic --users all --min-effect 0.01 --format csv --out '" + out + "'",
                           out, RequestKind::Compare);
    }
    {
        // eval prints: its export is what it printed with --manifest.
        for (const char* format : {"table", "json"}) {
            const std::string out = name(std::string(format) == "json" ? ".json" : ".txt");
            const Result r = run("eval " + files + metrics + " --format " + format + " --manifest");
            ASSERT_EQ(r.exitCode, 0) << r.err;
            std::ofstream(out, std::ios::binary) << r.out;
            const Manifest m = manifestFromJson(*findManifestJson(r.out));
            ASSERT_TRUE(m.request);
            EXPECT_EQ(m.request->kind, RequestKind::Eval);
            const Result v = run("verify '" + out + "'");
            EXPECT_EQ(v.exitCode, 0) << v.out << v.err;
        }
    }
    {
        const std::string out = name(".json");
        exportsAndVerifies("ranks " + files + " --kmax 20 --format json --out '" + out + "'", out,
                           RequestKind::Ranks);
    }
    {
        const std::string out = name(".csv");
        exportsAndVerifies("curves " + files + " --metric ndcg --kmax 5 --resamples 100 --format csv --out '" + out +
                               "'",
                           out, RequestKind::Curves);
    }
    {
        const std::string out = name(".csv");
        exportsAndVerifies("cohorts " + files + " --metrics ndcg@5 --bins 1,2+ --resamples 100 --format csv --out '" +
                               out + "'",
                           out, RequestKind::Cohorts);
    }
    {
        const std::string out = name(".json");
        exportsAndVerifies("validate " + files + " --metrics ndcg@5 --format json --out '" + out + "'", out,
                           RequestKind::Validate);
    }
    {
        const std::string out = name(".txt");
        exportsAndVerifies("power " + files + " --metrics ndcg@5 --min-effect 0.02 --out '" + out + "'", out,
                           RequestKind::Power);
    }
}

TEST_F(VerifyExportsCliTest, AWorkspacesExportVerifies) {
    std::ofstream(path("study.ranklab"))
        << R"({"ranklab_workspace": 1, "ground_truth": {"path": "qrels.txt", "format": "auto"},
              "models": [{"name": "strong", "path": "strong.trec", "format": "auto"},
                         {"name": "weak", "path": "weak.trec", "format": "auto"}],
              "evaluation": {"metrics": ["ndcg", "ap"], "cutoffs": [5], "ties": "expected", "users": "relevant",
                             "relevance_threshold": 2},
              "comparison": {"baseline": "weak", "test": "wilcoxon", "correction": "bonferroni", "alpha": 0.1,
                             "interval": "t"}})";
    const std::string out = path("w.csv");
    exportsAndVerifies("compare --workspace '" + path("study.ranklab") + "' --resamples 200 --format csv --out '" +
                           out + "'",
                       out, RequestKind::Compare);
    const Manifest m = manifestFromJson(*findManifestJson(slurp(out)));
    ASSERT_EQ(m.inputs.size(), 4u);
    EXPECT_EQ(m.inputs[0].role, "workspace");
    // The workspace's settings are in effect when recomputed: its relevance threshold is 2.
    EXPECT_DOUBLE_EQ(m.evaluation->relevanceThreshold, 2.0);
    // A changed number is named.
    std::string text = slurp(out);
    const std::size_t row = text.find("\nndcg@5,");
    ASSERT_NE(row, std::string::npos);
    const std::size_t digit = text.find_first_of("123456789", row + 8);
    text[digit] = text[digit] == '9' ? '8' : char(text[digit] + 1);
    std::ofstream(out, std::ios::binary) << text;
    const Result r = run("verify '" + out + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.out, HasSubstr("differs: line"));
}

} // namespace

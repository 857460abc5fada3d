// ranklab-cli report --only-users FILE (the workbench's selection
// restriction, from a file of user ids): the summary averages only the
// listed users, with the means `compare` gives on ground truth cut down to
// those users; the users counted and the list's SHA-256 are in the
// manifest, and verify reruns it; an id no file has is named with its file,
// line and column. Needs the UI build (report); skips without it.
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"
#include "common/sha256.h"
#include "manifest/manifest.h"
#include "manifest/manifest_embed.h"

namespace fs = std::filesystem;
using namespace ranklab;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;

namespace {

class ReportOnlyUsersCliTest : public ranklab::testing::PlotCliFixture {
protected:
    void SetUp() override {
        PlotCliFixture::SetUp();
        if (IsSkipped()) return;
        ranklab::testing::copyCompareData(path(""));
        const std::string inputs = ranklab::testing::compareInputs(path(""));
        runs = inputs.substr(inputs.find(" --run")) + " --metrics ndcg,recall --cutoffs 5,10 --resamples 200";
        // Comments, blank lines, spaces and a repeated id are allowed.
        std::ofstream(path("users.txt")) << "# picked\nu03\n  u07\t\n\nu11\nu03\n";
        // The ground truth of only those users, for `compare` to average.
        std::istringstream qrels(slurp(path("qrels.txt")));
        std::ofstream cut(path("qrels-picked.txt"));
        for (std::string line; std::getline(qrels, line);)
            if (line.rfind("u03 ", 0) == 0 || line.rfind("u07 ", 0) == 0 || line.rfind("u11 ", 0) == 0)
                cut << line << "\n";
    }

    std::string runs;
};

std::vector<double> summaryValues(const std::string& html) {
    const std::size_t table = html.find("id=\"summary-table\"");
    if (table == std::string::npos) return {};
    const std::string rows = html.substr(table, html.find("</table>", table) - table);
    std::vector<double> shown;
    const std::regex value("data-value=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(rows.begin(), rows.end(), value); it != std::sregex_iterator(); ++it)
        shown.push_back(std::stod((*it)[1]));
    return shown;
}

} // namespace

TEST_F(ReportOnlyUsersCliTest, TheSummaryAveragesOnlyTheListedUsers) {
    const std::string out = path("r.html");
    const Result r = run("report --qrels '" + path("qrels.txt") + "'" + runs + " --only-users '" + path("users.txt") +
                         "' --sections summary --out '" + out + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string html = slurp(out);
    EXPECT_THAT(html, HasSubstr("over 3 users"));

    const Result c = run("compare --qrels '" + path("qrels-picked.txt") + "'" + runs + " --format json");
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto json = nlohmann::json::parse(c.out);
    std::vector<double> expected;
    for (const auto& model : json["models"])
        for (const char* id : {"ndcg@5", "ndcg@10", "recall@5", "recall@10"})
            expected.push_back(model["metrics"][id]["mean"].get<double>());
    const std::vector<double> shown = summaryValues(html);
    ASSERT_EQ(shown.size(), expected.size());
    for (std::size_t i = 0; i < shown.size(); ++i) EXPECT_DOUBLE_EQ(shown[i], expected[i]) << i;

    const auto manifestText = findManifestJson(html);
    ASSERT_TRUE(manifestText);
    const Manifest m = manifestFromJson(*manifestText);
    ASSERT_TRUE(m.users);
    EXPECT_EQ(m.users->evaluated, 3u);
    bool listed = false;
    for (const ManifestFile& f : m.inputs)
        if (f.role == "only_users") {
            listed = true;
            EXPECT_EQ(f.sha256, sha256OfFile(path("users.txt")));
        }
    EXPECT_TRUE(listed) << "the users list is an input of the manifest";
}

TEST_F(ReportOnlyUsersCliTest, VerifyRerunsItAndNamesAChangedList) {
    const std::string out = path("r.html");
    ASSERT_EQ(run("report --qrels '" + path("qrels.txt") + "'" + runs + " --only-users '" + path("users.txt") +
                  "' --sections summary,forest --out '" + out + "'")
                  .exitCode,
              0);
    const Result ok = run("verify '" + out + "'");
    EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
    std::ofstream(path("users.txt"), std::ios::app) << "u12\n";
    const Result changed = run("verify '" + out + "'");
    EXPECT_EQ(changed.exitCode, 1);
    EXPECT_THAT(changed.out, HasSubstr("changed: " + path("users.txt")));
}

TEST_F(ReportOnlyUsersCliTest, AnUnknownIdIsNamedWithItsLineAndColumn) {
    std::ofstream(path("bad.txt")) << "u03\n  nobody\n";
    const Result r = run("report --qrels '" + path("qrels.txt") + "'" + runs + " --only-users '" + path("bad.txt") +
                         "' --sections summary --out '" + path("r.html") + "'");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr(path("bad.txt")));
    EXPECT_THAT(r.err, HasSubstr("2:3"));
    EXPECT_THAT(r.err, HasSubstr("nobody"));
    EXPECT_FALSE(fs::exists(path("r.html")));
}

// ranklab-cli report of a study as an analyst saves it: three synthetic
// models × six metric columns (ndcg, recall, ap at 10 and 100) in a
// workspace whose Summary shows Δ to the baseline with a δ of 0.01. The
// PDF is at most six A4 pages; the summary comes first and names each
// metric's winner and every model's Δ with its interval, Δ% and practical
// class as `compare --format json` computes them; only the failing checks
// are listed (the others counted, as `validate --format json` finds them);
// the manifest is last; the HTML has a contents bar, one forest figure and
// the Summary's Δ view. `report` needs the UI build; without it these skip.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;

namespace {

const char* const kColumns[] = {"ndcg@10", "ndcg@100", "recall@10", "recall@100", "ap@10", "ap@100"};

std::size_t pdfPages(const std::string& pdf) {
    const std::regex page(R"(/Type\s*/Page[^s])");
    return std::size_t(std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()));
}

// "+0.0123" / "−0.0123" (U+2212), as a reader expects a signed difference.
std::string signedText(double x, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, std::fabs(x));
    return (x < 0 ? "\xe2\x88\x92" : "+") + std::string(text);
}

std::string sectionOf(const std::string& html, const std::string& id) {
    const std::size_t start = html.find("<section id=\"" + id + "\">");
    if (start == std::string::npos) return {};
    return html.substr(start, html.find("</section>", start) - start);
}

class ReportSummaryCliTest : public ranklab::testing::PlotCliFixture {
protected:
    void SetUp() override {
        PlotCliFixture::SetUp();
        if (IsSkipped()) return;
        const Result s = run("synth --out '" + path("") + "' --users 900 --items 2000 --per-user 60 --seed 7");
        ASSERT_EQ(s.exitCode, 0) << s.err;
        writeWorkspace("study.ranklab", "delta");
    }

    void writeWorkspace(const std::string& name, const std::string& display) const {
        std::ofstream(path(name)) << R"({"ranklab_workspace": 1,
 "ground_truth": {"path": "qrels.txt", "format": "auto"},
 "models": [{"name": "popularity", "path": "popularity.run", "format": "auto"},
            {"name": "toprank", "path": "toprank.run", "format": "auto"},
            {"name": "broad", "path": "broad.run", "format": "auto"}],
 "exclusions": {"path": "train.tsv", "format": "auto"},
 "cohorts": {"path": "users.tsv", "format": "auto"},
 "evaluation": {"metrics": ["ndcg", "recall", "ap"], "cutoffs": [10, 100]},
 "comparison": {"baseline": "popularity", "test": "t", "correction": "holm", "alpha": 0.05,
                "interval": "t", "display": ")" << display << R"(", "min_effect": "0.01"}})";
    }

    std::string report(const std::string& out, const std::string& extra = "") const {
        const Result r = run("report --workspace '" + path("study.ranklab") + "' --resamples 200" + extra + " --out '" +
                             path(out) + "'");
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return slurp(path(out));
    }

    nlohmann::json compareJson() const {
        const Result c = run("compare --workspace '" + path("study.ranklab") + "' --resamples 200 --min-effect 0.01 "
                             "--format json");
        EXPECT_EQ(c.exitCode, 0) << c.err;
        return nlohmann::json::parse(c.out);
    }
};

TEST_F(ReportSummaryCliTest, ThePdfOfThreeModelsAndSixColumnsIsAtMostSixPagesSummaryFirstManifestLast) {
    const std::string pdf = report("r.pdf");
    ASSERT_EQ(pdf.substr(0, 5), "%PDF-");
    const std::size_t pages = pdfPages(pdf);
    EXPECT_GE(pages, 3u);
    EXPECT_LE(pages, 6u);
    if (std::system("command -v pdftotext >/dev/null 2>&1") != 0) GTEST_SKIP() << "pdftotext (poppler-utils) missing";
    const auto text = [&](std::size_t page) {
        const std::string out = path("p" + std::to_string(page) + ".txt");
        const std::string command = "pdftotext -layout -f " + std::to_string(page) + " -l " + std::to_string(page) +
                                    " '" + path("r.pdf") + "' '" + out + "'";
        EXPECT_EQ(std::system(command.c_str()), 0) << command;
        return slurp(out);
    };
    const std::string first = text(1), last = text(pages);
    EXPECT_THAT(first, HasSubstr("1 Summary"));
    EXPECT_THAT(first, HasSubstr("toprank against the baseline popularity"));
    EXPECT_THAT(first, HasSubstr("checks ok"));
    // The appendix's heading (the contents line on page 1 names it too, followed by its page).
    const std::regex heading("10 Appendix: manifest(?!,)");
    EXPECT_TRUE(std::regex_search(last, heading));
    for (std::size_t p = 1; p < pages; ++p) EXPECT_FALSE(std::regex_search(text(p), heading)) << p;
    EXPECT_THAT(first, HasSubstr("10 Appendix: manifest, p. " + std::to_string(pages)));
}

TEST_F(ReportSummaryCliTest, TheSummaryComesFirstNamingTheWinnerAndTheDeltaWithItsIntervalAsCompareComputesThem) {
    const std::string html = report("r.html");
    const std::size_t first = html.find("<section id=\"");
    ASSERT_NE(first, std::string::npos);
    EXPECT_EQ(html.compare(first, 25, "<section id=\"summary\"><h2"), 0);
    EXPECT_EQ(html.rfind("<section id=\""), html.find("<section id=\"manifest\">"));

    const nlohmann::json json = compareJson();
    const std::string summary = sectionOf(html, "summary");
    const std::size_t tableAt = summary.find("id=\"key-table\"");
    ASSERT_NE(tableAt, std::string::npos);
    const std::string table = summary.substr(tableAt, summary.find("</table>", tableAt) - tableAt);
    EXPECT_THAT(table, HasSubstr("vs popularity [95% t CI]"));
    for (const char* column : kColumns) {
        // The winner: the highest mean (all six are higher-is-better), the first on a tie.
        std::string winner;
        double best = -1;
        for (const auto& model : json.at("models")) {
            const double mean = model.at("metrics").at(column).at("mean").get<double>();
            if (mean > best) best = mean, winner = model.at("name").get<std::string>();
        }
        const std::size_t rowAt = table.find(std::string(">") + column + "</td>");
        ASSERT_NE(rowAt, std::string::npos) << column;
        const std::size_t next = table.find("<td rowspan=\"2\">", rowAt + 1);  // the next metric's rows
        const std::string rows = table.substr(rowAt, next == std::string::npos ? std::string::npos : next - rowAt);
        EXPECT_THAT(rows, HasSubstr("<td rowspan=\"2\" class=\"best\">" + winner + "</td>")) << column;
        for (const auto& pair : json.at("pairs")) {
            if (pair.at("metric") != column) continue;
            ASSERT_EQ(pair.at("b"), "popularity");
            const double diff = pair.at("mean_diff").get<double>();
            const std::string cells =
                "<td>" + pair.at("a").get<std::string>() + "</td><td>" + signedText(diff, 4) + " [" +
                signedText(pair.at("ci_t")[0].get<double>(), 4) + ", " + signedText(pair.at("ci_t")[1].get<double>(), 4) +
                "]</td><td>" + signedText(100.0 * diff / pair.at("mean_b").get<double>(), 1) + "%</td>";
            EXPECT_THAT(rows, HasSubstr(cells)) << column;
            const bool significant = pair.at("tests").at("t").at("significant").get<bool>();
            EXPECT_THAT(rows, HasSubstr(cells + (!significant ? "<td class=\"note\">not significant"
                                                 : diff > 0    ? "<td class=\"up\">\xe2\x96\xb2 better"
                                                               : "<td class=\"down\">\xe2\x96\xbc worse")))
                << column;
            // The practical class at δ = 0.01, as compare --min-effect classes it.
            EXPECT_THAT(rows, HasSubstr(pair.at("practical").at("class").get<std::string>() + " (\xce\xb4 = 0.0100)"))
                << column;
        }
    }
}

TEST_F(ReportSummaryCliTest, OnlyTheFailingChecksAreListedTheOthersCounted) {
    const std::string html = report("r.html");
    const Result v = run("validate --workspace '" + path("study.ranklab") + "' --format json");
    ASSERT_LE(v.exitCode, 2) << v.err;  // 2: some check failed
    const nlohmann::json findings = nlohmann::json::parse(v.out).at("findings");
    std::size_t ok = 0;
    const std::string summary = sectionOf(html, "summary"), checks = sectionOf(html, "checks");
    for (const auto& f : findings) {
        const std::string severity = f.at("severity"), message = f.at("message");
        std::string escaped = std::regex_replace(message, std::regex("&"), "&amp;");
        escaped = std::regex_replace(escaped, std::regex("<"), "&lt;");
        escaped = std::regex_replace(escaped, std::regex(">"), "&gt;");
        escaped = std::regex_replace(escaped, std::regex("\""), "&quot;");
        if (severity == "ok") {
            ++ok;
            EXPECT_THAT(summary, Not(HasSubstr(escaped)));
            EXPECT_THAT(checks, Not(HasSubstr(escaped)));
            continue;
        }
        EXPECT_THAT(checks, HasSubstr(escaped));
        if (severity != "info") {
            EXPECT_THAT(summary, HasSubstr(escaped));
        }
    }
    ASSERT_GT(ok, 0u);
    EXPECT_THAT(summary, HasSubstr(std::to_string(ok) + " checks ok"));
    EXPECT_THAT(checks, HasSubstr(std::to_string(ok) + " checks ok"));
}

TEST_F(ReportSummaryCliTest, TheHtmlHasAContentsBarOneForestFigureAndTheSummarysDeltaView) {
    const std::string html = report("r.html");
    const std::size_t nav = html.find("<nav id=\"contents\"");
    ASSERT_NE(nav, std::string::npos);
    const std::string bar = html.substr(nav, html.find("</nav>", nav) - nav);
    std::size_t at = 0;
    for (const char* s : {"summary", "forest", "cd", "curves", "ranks", "cohorts", "checks", "beyond", "definitions",
                          "manifest"}) {
        const std::size_t link = bar.find(std::string("href=\"#") + s + "\"", at);
        EXPECT_NE(link, std::string::npos) << s;
        at = link == std::string::npos ? at : link;
    }
    EXPECT_THAT(bar, HasSubstr("</a><span class=\"sep\"> · </span><a"));  // not glued
    EXPECT_THAT(std::string(ranklab::testing::slurp(path("r.html"))), HasSubstr("nav{position:sticky"));

    const std::string forest = sectionOf(html, "forest");
    const std::regex svg("<svg");
    EXPECT_EQ(std::distance(std::sregex_iterator(forest.begin(), forest.end(), svg), std::sregex_iterator()), 1);
    EXPECT_THAT(forest, HasSubstr("the smallest difference that matters"));  // the ±δ band's legend
    for (const char* column : kColumns) EXPECT_THAT(forest, HasSubstr(column));

    // The Δ view: each model's cell is its difference to popularity (the
    // baseline's row its mean), as compare computes them.
    const nlohmann::json json = compareJson();
    const std::string summary = sectionOf(html, "summary");
    const std::size_t tableAt = summary.find("id=\"summary-table\"");
    ASSERT_NE(tableAt, std::string::npos);
    const std::string table = summary.substr(tableAt, summary.find("</table>", tableAt) - tableAt);
    std::vector<double> shown, expected;
    const std::regex value("data-value=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(table.begin(), table.end(), value); it != std::sregex_iterator(); ++it)
        shown.push_back(std::stod((*it)[1]));
    for (const auto& model : json.at("models"))
        for (const char* column : kColumns) {
            if (model.at("name") == "popularity") {
                expected.push_back(model.at("metrics").at(column).at("mean").get<double>());
                continue;
            }
            for (const auto& pair : json.at("pairs"))
                if (pair.at("metric") == column && pair.at("a") == model.at("name"))
                    expected.push_back(pair.at("mean_diff").get<double>());
        }
    ASSERT_EQ(shown.size(), expected.size());
    for (std::size_t i = 0; i < shown.size(); ++i) EXPECT_DOUBLE_EQ(shown[i], expected[i]) << i;
    EXPECT_THAT(summary, HasSubstr("\xce\x94 to the baseline popularity"));

    // --display overrides the workspace: the means again.
    const std::string means = sectionOf(report("m.html", " --display mean --sections summary"), "summary");
    EXPECT_THAT(means, HasSubstr("Mean ± the t interval's half-width"));
    EXPECT_THAT(means, Not(HasSubstr("\xce\x94 to the baseline popularity")));
}

TEST_F(ReportSummaryCliTest, AModelThatScoredPartOfTheUsersIsNamedInTheSummary) {
    // broad keeps the lists of the users up to u0300 only.
    std::ifstream in(path("broad.run"));
    std::ofstream out(path("part.run"));
    std::set<std::string> kept;
    for (std::string line; std::getline(in, line);) {
        const std::string user = line.substr(0, line.find(' '));
        if (user <= "u0300") {
            out << line << '\n';
            kept.insert(user);
        }
    }
    out.close();
    // The users evaluated (policy "relevant"): those with a relevant item in the ground truth.
    std::set<std::string> relevant;
    std::ifstream qrels(path("qrels.txt"));
    for (std::string user, zero, item; qrels >> user >> zero >> item;) {
        int grade = 0;
        qrels >> grade;
        if (grade >= 1) relevant.insert(user);
    }
    std::size_t scored = 0;
    for (const std::string& u : kept) scored += relevant.count(u);
    std::string ws = slurp(path("study.ranklab"));
    ws.replace(ws.find("broad.run"), 9, "part.run");
    std::ofstream(path("study.ranklab")) << ws;
    const std::string summary = sectionOf(report("c.html", " --sections summary"), "summary");
    EXPECT_THAT(summary, HasSubstr("Coverage."));
    EXPECT_THAT(summary, HasSubstr("model broad scored " + std::to_string(scored) + " of " +
                                   std::to_string(relevant.size()) + " users"));
    EXPECT_THAT(summary, Not(HasSubstr("model toprank scored")));
}

} // namespace

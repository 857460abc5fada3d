// ranklab-cli report and verify, run as programs on tests/data/compare: the
// HTML is well-formed (a strict parser below), makes no external request,
// holds one SVG per chosen chart and the numbers of `compare`'s JSON; the
// PDF has one page per chart after its text; every export format carries a
// manifest whose hashes are the files' SHA-256; verify passes on an
// untouched export and names a changed input. `report` needs the UI build;
// without it these tests skip.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
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

// Checks that `html` is well-formed: every tag closed in order (void
// elements written <x/>), attributes quoted, script text kept raw. Returns
// the problem, empty when none.
std::string strictParse(const std::string& html) {
    std::vector<std::string> open;
    std::size_t at = 0;
    const std::regex attribute(R"(\s+[A-Za-z_:][-A-Za-z0-9_:.]*="[^"<]*")");
    while ((at = html.find('<', at)) != std::string::npos) {
        if (html.compare(at, 4, "<!--") == 0) {
            const std::size_t end = html.find("-->", at);
            if (end == std::string::npos) return "an unclosed comment";
            at = end + 3;
            continue;
        }
        if (html.compare(at, 9, "<!DOCTYPE") == 0 || html.compare(at, 2, "<?") == 0) {
            at = html.find('>', at) + 1;
            continue;
        }
        const std::size_t close = html.find('>', at);
        if (close == std::string::npos) return "a tag without '>'";
        std::string tag = html.substr(at + 1, close - at - 1);
        at = close + 1;
        if (!tag.empty() && tag[0] == '/') {
            const std::string name = tag.substr(1);
            if (open.empty() || open.back() != name)
                return "</" + name + "> closes <" + (open.empty() ? std::string("nothing") : open.back()) + ">";
            open.pop_back();
            continue;
        }
        const bool selfClosing = !tag.empty() && tag.back() == '/';
        if (selfClosing) tag.pop_back();
        const std::size_t nameEnd = tag.find_first_of(" \t\n");
        const std::string name = tag.substr(0, nameEnd);
        if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return "a bad tag <" + tag + ">";
        std::string attributes = nameEnd == std::string::npos ? "" : tag.substr(nameEnd);
        attributes = std::regex_replace(attributes, attribute, "");
        if (attributes.find_first_not_of(" \t\n") != std::string::npos)
            return "unquoted or bad attributes in <" + name + ">: " + attributes;
        if (selfClosing) continue;
        if (name == "script" || name == "style") {  // raw text up to its end tag
            const std::size_t end = html.find("</" + name + ">", at);
            if (end == std::string::npos) return "an unclosed <" + name + ">";
            at = end + name.size() + 3;
            continue;
        }
        open.push_back(name);
    }
    return open.empty() ? "" : "<" + open.back() + "> never closed";
}

std::size_t count(const std::string& text, const std::regex& pattern) {
    return std::size_t(std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), std::sregex_iterator()));
}

std::size_t pdfPages(const std::string& pdf) { return count(pdf, std::regex(R"(/Type\s*/Page[^s])")); }

class ReportCliTest : public ranklab::testing::PlotCliFixture {
protected:
    void SetUp() override {
        PlotCliFixture::SetUp();
        if (IsSkipped()) return;
        // Copies of the inputs, so a test may change one.
        ranklab::testing::copyCompareData(path(""));
        files = ranklab::testing::compareInputs(path(""));
        inputs = files + " --resamples 200";
    }

    std::string report(const std::string& args, const std::string& out) const {
        const Result r = run("report " + inputs + " " + args + " --out '" + out + "'");
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return slurp(out);
    }

    std::string files, inputs;
    const std::string metrics = " --metrics ndcg,recall --cutoffs 5,10";
};

TEST_F(ReportCliTest, TheHtmlIsWellFormedSelfContainedAndHasOneSvgPerChart) {
    const std::string html = report(metrics, path("r.html"));
    EXPECT_EQ(strictParse(html), "");
    EXPECT_EQ(html.find("http://"), std::string::npos);
    EXPECT_EQ(html.find("https://"), std::string::npos);
    EXPECT_EQ(html.find(" src="), std::string::npos);  // nothing loaded from elsewhere
    // forest: one plot of every column; cd: one diagram (of the first
    // column; three models); curves: 2 families; ranks: first and all;
    // cohorts: 1; tie band: 1.
    EXPECT_EQ(count(html, std::regex("<svg")), 1u + 1u + 2u + 2u + 1u + 1u);
    const std::string forestOnly = report(metrics + " --sections forest,definitions", path("f.html"));
    EXPECT_EQ(count(forestOnly, std::regex("<svg")), 1u);
    EXPECT_EQ(strictParse(forestOnly), "");
    EXPECT_THAT(forestOnly, HasSubstr("id=\"definitions\""));
    EXPECT_EQ(forestOnly.find("id=\"summary\""), std::string::npos);
    // The manifest is the last section.
    EXPECT_GT(html.rfind("<section id=\"manifest\">"), html.rfind("<section id=\"definitions\">"));
}

// The text of <section id="id"> (empty when absent).
std::string sectionOf(const std::string& html, const std::string& id) {
    const std::size_t start = html.find("<section id=\"" + id + "\">");
    if (start == std::string::npos) return {};
    return html.substr(start, html.find("</section>", start) - start);
}

TEST_F(ReportCliTest, TheCdSectionDrawsOneDiagramPerColumnWhenAskedWithCompareFriedmanRanksAndCd) {
    const std::string html = report(metrics + " --alpha 0.1 --sections cd --cd-columns all", path("cd.html"));
    EXPECT_EQ(strictParse(html), "");
    const std::string cd = sectionOf(html, "cd");
    ASSERT_FALSE(cd.empty());
    EXPECT_EQ(count(html, std::regex("<svg")), 4u);
    EXPECT_EQ(count(cd, std::regex("<svg")), 4u);
    EXPECT_EQ(sectionOf(html, "forest"), "");
    const Result c = run("compare " + inputs + metrics + " --alpha 0.1 --test friedman --format json");
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto many = nlohmann::json::parse(c.out).at("many");
    ASSERT_EQ(many.size(), 4u);
    // Each diagram's SVG (in column order) labels every model with its
    // Friedman average rank and shows the Nemenyi CD of compare's JSON.
    std::size_t at = 0;
    char expected[96];
    for (const auto& test : many) {
        const std::size_t start = cd.find("<svg", at);
        ASSERT_NE(start, std::string::npos);
        at = cd.find("</svg>", start);
        const std::string svg = cd.substr(start, at - start);
        EXPECT_THAT(cd.substr(at, cd.find("</figure>", at) - at), HasSubstr(test.at("metric").get<std::string>()));
        std::snprintf(expected, sizeof expected, "CD = %.2f", test.at("nemenyi_cd").get<double>());
        EXPECT_THAT(svg, HasSubstr(expected)) << test.at("metric");
        ASSERT_EQ(test.at("average_ranks").size(), 3u);
        for (const auto& [model, rank] : test.at("average_ranks").items()) {
            std::snprintf(expected, sizeof expected, "%s (%.2f)", model.c_str(), rank.get<double>());
            EXPECT_THAT(svg, HasSubstr(expected)) << test.at("metric");
        }
    }
    // By default one diagram, of the first compared column, saying how to get the others.
    const std::string main = sectionOf(report(metrics + " --alpha 0.1 --sections cd", path("main.html")), "cd");
    EXPECT_EQ(count(main, std::regex("<svg")), 1u);
    EXPECT_THAT(main, HasSubstr("The diagram of ndcg@5"));
    EXPECT_THAT(main, HasSubstr("--cd-columns all"));
    // The PDF flows the four strips under their heading: not a page each.
    const std::string pdfText = report(metrics + " --sections definitions", path("d.pdf"));
    const std::string pdfCd = report(metrics + " --sections definitions,cd --cd-columns all", path("cd.pdf"));
    EXPECT_LE(pdfPages(pdfCd), pdfPages(pdfText) + 2u);
}

TEST_F(ReportCliTest, TheCdSectionOfOneOrTwoModelsSaysWhyItHasNoDiagram) {
    for (const std::string& runs : {" --run strong='" + path("strong.trec") + "'",
                                   " --run strong='" + path("strong.trec") + "' --run weak='" + path("weak.trec") + "'"}) {
        const Result r = run("report --qrels '" + path("qrels.txt") + "'" + runs + " --sections cd,definitions --out '" +
                             path("few.html") + "'");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const std::string cd = sectionOf(slurp(path("few.html")), "cd");
        EXPECT_THAT(cd, HasSubstr("three or more models"));
        EXPECT_EQ(cd.find("<svg"), std::string::npos);
    }
}

TEST_F(ReportCliTest, TheSummaryTableHoldsCompareJsonMeans) {
    const std::string html = report(metrics + " --sections summary", path("r.html"));
    const Result c = run("compare " + inputs + metrics + " --format json");
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto json = nlohmann::json::parse(c.out);
    std::vector<double> expected;
    for (const auto& model : json["models"])
        for (const char* id : {"ndcg@5", "ndcg@10", "recall@5", "recall@10"})
            expected.push_back(model["metrics"][id]["mean"].get<double>());
    const std::size_t table = html.find("id=\"summary-table\"");
    ASSERT_NE(table, std::string::npos);
    const std::string rows = html.substr(table, html.find("</table>", table) - table);
    std::vector<double> shown;
    const std::regex value("data-value=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(rows.begin(), rows.end(), value); it != std::sregex_iterator(); ++it)
        shown.push_back(std::stod((*it)[1]));
    ASSERT_EQ(shown.size(), expected.size());
    for (std::size_t i = 0; i < shown.size(); ++i) EXPECT_DOUBLE_EQ(shown[i], expected[i]) << i;
}

TEST_F(ReportCliTest, ThePdfFlowsTheForestPlotUnderItsHeadingNotAPageAColumn) {
    const std::string textOnly = report(metrics + " --sections summary", path("a.pdf"));
    ASSERT_EQ(textOnly.substr(0, 5), "%PDF-");
    const std::size_t textPages = pdfPages(textOnly);
    EXPECT_GE(textPages, 1u);
    // One plot of the four columns (it was a page per column): at most one page more.
    const std::string withForest = report(metrics + " --sections summary,forest", path("b.pdf"));
    EXPECT_LE(pdfPages(withForest), textPages + 1u);
    const auto manifest = findManifestJson(withForest);  // the XMP metadata
    ASSERT_TRUE(manifest);
    EXPECT_EQ(manifestFromJson(*manifest).inputs.size(), 4u);
}

TEST_F(ReportCliTest, EveryExportFormatCarriesAManifestWithTheFilesHashes) {
    std::vector<std::string> exports;
    for (const char* format : {"csv", "json", "md", "latex", "table"}) {
        const std::string out = path(std::string("c.") + format);
        const Result r = run("compare " + inputs + metrics + " --format " + format + " --out '" + out + "'");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        exports.push_back(out);
    }
    for (const std::string kind : {"forest", "cd"})
        for (const char* extension : {"svg", "png", "pdf"}) {
            const std::string out = path(kind + "." + extension);
            const Result r = run("plot --kind " + kind + " " + inputs + " --out '" + out + "'");
            ASSERT_EQ(r.exitCode, 0) << r.err;
            exports.push_back(out);
        }
    for (const char* command : {"curves --metric ndcg --kmax 5", "ranks", "cohorts", "validate"}) {
        const std::string out = path(std::string("x") + std::to_string(exports.size()) + ".csv");
        const Result r = run(std::string(command) + " " + files + " --format csv --out '" + out + "'");
        ASSERT_LE(r.exitCode, 2) << command << r.err;  // validate: 2 on failed checks
        exports.push_back(out);
    }
    report(metrics, path("r.html"));
    exports.push_back(path("r.html"));
    for (const std::string& file : exports) {
        const auto json = findManifestJson(slurp(file));
        ASSERT_TRUE(json) << file;
        const Manifest m = manifestFromJson(*json);
        ASSERT_EQ(m.inputs.size(), 4u) << file;
        for (const ManifestFile& f : m.inputs) {
            EXPECT_EQ(f.sha256, sha256Hex(slurp(f.path))) << file << ": " << f.path;
            EXPECT_EQ(f.size, fs::file_size(f.path)) << file;
        }
        EXPECT_FALSE(m.command.empty()) << file;
    }
    // Written to standard output, a CSV has none unless asked for.
    EXPECT_EQ(run("compare " + inputs + metrics + " --format csv").out.find("RankLab manifest"), std::string::npos);
    EXPECT_NE(run("compare " + inputs + metrics + " --format csv --manifest").out.find("RankLab manifest"),
              std::string::npos);
}

TEST_F(ReportCliTest, VerifyPassesUntouchedAndNamesAChangedInput) {
    for (const std::string& out : {path("c.json"), path("c.csv")}) {
        const std::string format = out.substr(out.size() - 4) == "json" ? "json" : "csv";
        ASSERT_EQ(run("compare " + inputs + metrics + " --format " + format + " --out '" + out + "'").exitCode, 0);
        const Result ok = run("verify '" + out + "'");
        EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
        EXPECT_THAT(ok.out, HasSubstr("match"));
    }
    report(metrics + " --sections summary,forest", path("r.html"));
    EXPECT_EQ(run("verify '" + path("r.html") + "'").exitCode, 0);
    ASSERT_EQ(run("plot --kind forest " + inputs + " --out '" + path("p.svg") + "'").exitCode, 0);
    EXPECT_EQ(run("verify '" + path("p.svg") + "'").exitCode, 0);

    // One byte of a run changed: a score digit.
    std::string run = slurp(path("weak.trec"));
    const std::size_t digit = run.find_first_of("123456789", run.find('\n') + 1);
    run[digit] = run[digit] == '9' ? '8' : char(run[digit] + 1);
    { std::ofstream(path("weak.trec"), std::ios::binary) << run; }
    for (const std::string& out : {path("c.json"), path("c.csv"), path("r.html"), path("p.svg")}) {
        const Result changed = this->run("verify '" + out + "'");
        EXPECT_EQ(changed.exitCode, 1) << out;
        EXPECT_THAT(changed.out, HasSubstr("changed: " + path("weak.trec")));
    }
}

TEST_F(ReportCliTest, VerifyNamesADifferingNumberInAnEditedExport) {
    const std::string out = path("c.csv");
    ASSERT_EQ(run("compare " + inputs + metrics + " --format csv --out '" + out + "'").exitCode, 0);
    std::string text = slurp(out);
    const std::size_t row = text.find("\nndcg@5,");
    ASSERT_NE(row, std::string::npos);
    const std::size_t digit = text.find_first_of("123456789", row + 8);
    text[digit] = text[digit] == '9' ? '8' : char(text[digit] + 1);
    { std::ofstream(out, std::ios::binary) << text; }
    const Result r = run("verify '" + out + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.out, HasSubstr("differs: line"));
}

TEST_F(ReportCliTest, ChromiumRendersTheReportOnADesktopAndAPhone) {
    if (std::system("command -v chromium >/dev/null 2>&1") != 0) GTEST_SKIP() << "chromium not installed";
    report(metrics, path("r.html"));
    for (const auto& [name, width] : {std::pair{"desk.png", 1200}, std::pair{"phone.png", 390}}) {
        const std::string shot = path(name);
        const std::string command = "timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "
                                    "--window-size=" + std::to_string(width) + ",1600 --screenshot='" + shot +
                                    "' 'file://" + path("r.html") + "' >/dev/null 2>&1";
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
        const std::string png = slurp(shot);
        ASSERT_GT(png.size(), 20'000u) << "a blank page compresses to almost nothing";
        EXPECT_EQ(png.substr(12, 4), "IHDR");
        const auto be32 = [&](std::size_t at) {
            return std::uint32_t(std::uint8_t(png[at])) << 24 | std::uint32_t(std::uint8_t(png[at + 1])) << 16 |
                   std::uint32_t(std::uint8_t(png[at + 2])) << 8 | std::uint32_t(std::uint8_t(png[at + 3]));
        };
        EXPECT_EQ(be32(16), std::uint32_t(width));
    }
}

} // namespace

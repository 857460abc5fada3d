// File → Export Report…: the report of what the window shows, written by
// the action's code path (MainWindow::exportReportTo, the dialog bypassed)
// on the example workspace: the HTML parses as XML, holds one SVG per chart
// of the chosen sections and only those sections, and a manifest whose
// hashes are the files' SHA-256 and whose settings are the window's; with
// the views restricted to a selection, the users counted and the means are
// those of the selected users (brute force over the window's per-user
// table); the critical-difference diagram's ranks and CD are the brute-force
// ones; a .pdf path writes a PDF; the work runs in the background.
#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QMenuBar>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "common/sha256.h"
#include "manifest/manifest.h"
#include "manifest/manifest_embed.h"
#include "report/html_report.h"
#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/report/report_export.h"
#include "ui/report/report_export_dialog.h"
#include "ui/views/selected_users.h"
#include "ui/ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

constexpr int kTimeoutMs = 180000;

std::string readText(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll().toStdString();
}

// The XML parser's complaint about `text`, empty when it parses.
std::string xmlProblem(const std::string& text) {
    QXmlStreamReader xml(QByteArray::fromStdString(text));
    while (!xml.atEnd()) xml.readNext();
    if (!xml.hasError()) return {};
    return xml.errorString().toStdString() + " at line " + std::to_string(xml.lineNumber()) + ", column " +
           std::to_string(xml.columnNumber());
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The text of <section id="id"> (empty when absent).
std::string section(const std::string& html, const std::string& id) {
    const std::size_t start = html.find("<section id=\"" + id + "\">");
    if (start == std::string::npos) return {};
    return html.substr(start, html.find("</section>", start) - start);
}

// The data-value numbers of a section's cells, in order.
std::vector<double> dataValues(const std::string& text) {
    std::vector<double> values;
    const std::regex value("data-value=\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), value); it != std::sregex_iterator(); ++it)
        values.push_back(std::stod((*it)[1].str()));
    return values;
}

Manifest manifestOf(const std::string& html) {
    const auto json = findManifestJson(html);
    if (!json) return {};
    return manifestFromJson(*json);
}

class ReportExportTest : public ::testing::Test {
protected:
    void SetUp() override {
        window_.show();
        ASSERT_TRUE(test::openCompared(window_, test::exampleWorkspace(), kTimeoutMs));
    }

    // Exports through the window and waits; the file's text, or empty.
    std::string exportReport(const ReportChoice& choice) {
        QSignalSpy done(&window_, &MainWindow::reportExported);
        QSignalSpy failed(&window_, &MainWindow::reportExportFailed);
        QString error;
        EXPECT_TRUE(window_.exportReportTo(choice, &error)) << error.toStdString();
        EXPECT_TRUE(window_.reportExporter()->jobs()->isBusy()) << "the report is computed in the background";
        EXPECT_TRUE(QTest::qWaitFor([&] { return !done.isEmpty() || !failed.isEmpty(); }, kTimeoutMs));
        if (!failed.isEmpty()) ADD_FAILURE() << failed.front().front().toString().toStdString();
        if (done.isEmpty()) return {};
        EXPECT_EQ(done.front().front().toString(), choice.path);
        return readText(choice.path);
    }

    QTemporaryDir dir_;
    MainWindow window_;
};

} // namespace

TEST_F(ReportExportTest, TheFileMenuHasExportReport) {
    QMenu* file = window_.menuBar()->findChild<QMenu*>();
    ASSERT_NE(file, nullptr);
    EXPECT_TRUE(file->actions().contains(window_.exportReportAction()));
    EXPECT_EQ(window_.exportReportAction()->text(), QStringLiteral("Export &Report…"));
}

TEST_F(ReportExportTest, TheDialogOffersEverySectionAndReturnsTheChoice) {
    ReportExportDialog dialog;
    EXPECT_EQ(dialog.sectionBox("manifest"), nullptr) << "the manifest is always there";
    for (const std::string& s : reportSections()) {
        if (s == "manifest") continue;
        ASSERT_NE(dialog.sectionBox(s), nullptr) << s;
        EXPECT_TRUE(dialog.sectionBox(s)->isChecked()) << s;
    }
    dialog.setPath(dir_.filePath(QStringLiteral("r.html")));
    dialog.setTitle(QStringLiteral("Launch review"));
    dialog.sectionBox("curves")->setChecked(false);
    dialog.sectionBox("ranks")->setChecked(false);
    const ReportChoice c = dialog.choice();
    EXPECT_EQ(c.path, dir_.filePath(QStringLiteral("r.html")));
    EXPECT_EQ(c.title, QStringLiteral("Launch review"));
    EXPECT_EQ(c.sections,
              (std::vector<std::string>{"summary", "forest", "cd", "cohorts", "checks", "beyond", "definitions"}));
}

TEST_F(ReportExportTest, TheHtmlParsesAndHoldsTheChosenSectionsChartsAndTheManifest) {
    ReportChoice choice;
    choice.path = dir_.filePath(QStringLiteral("report.html"));
    choice.title = QStringLiteral("Example review");
    choice.sections = {"summary", "forest", "cd", "curves", "definitions"};
    const std::string html = exportReport(choice);
    ASSERT_FALSE(html.empty());
    EXPECT_EQ(xmlProblem(html), "");
    EXPECT_THAT(html, HasSubstr("Example review"));
    EXPECT_EQ(html.find("http://"), std::string::npos);
    EXPECT_EQ(html.find("https://"), std::string::npos);
    for (const char* s : {"summary", "forest", "cd", "curves", "definitions", "manifest"})
        EXPECT_FALSE(section(html, s).empty()) << s;
    for (const char* s : {"ranks", "cohorts", "checks", "beyond"}) EXPECT_TRUE(section(html, s).empty()) << s;

    // One forest plot of every compared column, one critical-difference
    // diagram (of the first compared column: three models), one curve chart
    // per family of the metric@k columns (counted here from the ids).
    const auto& r = window_.workbench()->result();
    std::vector<std::string> families;
    for (const MetricSpec& m : r->evaluation->settings.metrics) {
        const std::string id = m.id();
        const std::size_t at = id.rfind('@');
        if (at != std::string::npos && std::find(families.begin(), families.end(), id.substr(0, at)) == families.end())
            families.push_back(id.substr(0, at));
    }
    ASSERT_FALSE(families.empty());
    EXPECT_EQ(count(section(html, "forest"), "<svg"), 1u);
    for (const std::string& id : r->comparison->metricIds) EXPECT_THAT(section(html, "forest"), HasSubstr(id));
    EXPECT_EQ(count(section(html, "cd"), "<svg"), 1u);
    EXPECT_EQ(count(section(html, "curves"), "<svg"), families.size());
    EXPECT_EQ(count(html, "<svg"), 2 + families.size());

    // The manifest: every loaded file with its SHA-256, the window's settings, all users.
    const Manifest m = manifestOf(html);
    std::vector<std::string> roles;
    for (const ManifestFile& f : m.inputs) roles.push_back(f.role);
    // The saved workspace first (verify recomputes from it), then its files.
    EXPECT_EQ(roles,
              (std::vector<std::string>{"workspace", "ground_truth", "run", "run", "run", "exclusions", "cohorts"}));
    for (const ManifestFile& f : m.inputs) {
        std::uint64_t size = 0;
        EXPECT_EQ(f.sha256, sha256OfFile(f.path, &size)) << f.path;
        EXPECT_EQ(f.size, size) << f.path;
    }
    ASSERT_TRUE(m.users.has_value());
    EXPECT_EQ(m.users->evaluated, r->evaluation->users.size());
    ASSERT_TRUE(m.statistics.has_value());
    const stats::ComparisonOptions& shown = window_.workbench()->comparisonOptions();
    EXPECT_EQ(m.statistics->alpha, shown.alpha);
    EXPECT_EQ(m.statistics->level, shown.level);
    EXPECT_EQ(m.statistics->tests.size(), shown.tests.size());
    EXPECT_EQ(m.statistics->interval, window_.workbench()->interval());
    ASSERT_TRUE(m.evaluation.has_value());
    EXPECT_EQ(m.evaluation->metrics.size(), r->evaluation->settings.metrics.size());
    EXPECT_THAT(section(html, "summary"),
                HasSubstr("over " + std::to_string(r->evaluation->users.size()) + " users"));
}

TEST_F(ReportExportTest, TheCdSectionsDiagramHasTheBruteForceAverageRanksAndNemenyiCd) {
    const auto& r = window_.workbench()->result();
    const Evaluation& e = *r->evaluation;
    ASSERT_EQ(e.models.size(), 3u) << "the golden q_0.05 below is Demšar's for k = 3";
    ASSERT_EQ(window_.workbench()->comparisonOptions().alpha, 0.05);
    ReportChoice choice;
    choice.path = dir_.filePath(QStringLiteral("cd.html"));
    choice.sections = {"cd"};
    const std::string html = exportReport(choice);
    ASSERT_FALSE(html.empty());
    EXPECT_EQ(xmlProblem(html), "");
    const std::string cd = section(html, "cd");
    EXPECT_EQ(count(cd, "<svg"), 1u) << "one diagram, of the first compared column";

    // The first compared column, ranked per user by brute force: 1 = the
    // highest value, ties sharing the mean of their places.
    const std::size_t column = r->comparison->metrics.front();
    const std::size_t k = e.models.size(), n = e.users.size();
    std::vector<double> rankSum(k, 0.0);
    for (std::size_t u = 0; u < n; ++u)
        for (std::size_t a = 0; a < k; ++a) {
            double above = 0, level = 0;
            for (std::size_t b = 0; b < k; ++b) {
                if (e.value(b, u, column) > e.value(a, u, column)) ++above;
                if (e.value(b, u, column) == e.value(a, u, column)) ++level;  // a itself included
            }
            rankSum[a] += above + (level + 1) / 2;
        }
    // q_0.05 for k = 3 (the studentized range's 95% point at infinite df over √2, scipy).
    const double expectedCd = 2.343700586378409 * std::sqrt(double(k * (k + 1)) / (6.0 * double(n)));
    const std::size_t start = cd.find("<svg"), end = cd.find("</svg>", start);
    ASSERT_NE(end, std::string::npos);
    const std::string svg = cd.substr(start, end - start);
    char expected[128];
    std::snprintf(expected, sizeof expected, "CD = %.2f", expectedCd);
    EXPECT_THAT(svg, HasSubstr(expected));
    EXPECT_THAT(svg, HasSubstr(e.settings.metrics[column].id()));
    for (std::size_t m = 0; m < k; ++m) {
        std::snprintf(expected, sizeof expected, "%s (%.2f)", r->models[qsizetype(m)].name.toStdString().c_str(),
                      rankSum[m] / double(n));
        EXPECT_THAT(svg, HasSubstr(expected));
    }
}

TEST_F(ReportExportTest, ARestrictionToASelectionAveragesOnlyTheSelectedUsers) {
    const auto& r = window_.workbench()->result();
    const Evaluation& all = *r->evaluation;
    // Every third user of the first 300 evaluated.
    std::vector<std::size_t> rows;
    std::vector<UserId> picked;
    for (std::size_t row = 0; row < 300 && row < all.users.size(); row += 3) {
        rows.push_back(row);
        picked.push_back(all.users[row]);
    }
    window_.selectedUsers()->setUsers(picked, QStringLiteral("test"));
    window_.restrictAction()->trigger();
    ASSERT_TRUE(window_.selectedUsers()->restrictsViews());

    ReportChoice choice;
    choice.path = dir_.filePath(QStringLiteral("selected.html"));
    choice.sections = {"summary", "cohorts"};
    const std::string html = exportReport(choice);
    ASSERT_FALSE(html.empty());
    EXPECT_EQ(xmlProblem(html), "");
    const Manifest m = manifestOf(html);
    ASSERT_TRUE(m.users.has_value());
    EXPECT_EQ(m.users->evaluated, picked.size());
    EXPECT_TRUE(m.command.empty()) << "a selection has no file a command could name";
    const std::string summary = section(html, "summary");
    EXPECT_THAT(summary, HasSubstr("over " + std::to_string(picked.size()) + " users"));

    // The means are the selected rows' means of the window's own table.
    const std::vector<double> values = dataValues(summary);
    const std::size_t metrics = all.metricCount();
    ASSERT_EQ(values.size(), all.models.size() * metrics);
    for (std::size_t model = 0; model < all.models.size(); ++model)
        for (std::size_t metric = 0; metric < metrics; ++metric) {
            if (all.isSetLevel(metric)) continue;
            double sum = 0;
            for (std::size_t row : rows) sum += all.value(model, row, metric);
            EXPECT_NEAR(values[model * metrics + metric], sum / double(rows.size()), 1e-12)
                << all.models[model].name << " " << all.settings.metrics[metric].id();
        }
}

TEST_F(ReportExportTest, APdfPathWritesAPdfWithTheManifest) {
    ReportChoice choice;
    choice.path = dir_.filePath(QStringLiteral("report.pdf"));
    choice.sections = {"summary", "forest"};
    const std::string pdf = exportReport(choice);
    ASSERT_FALSE(pdf.empty());
    EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u);
    EXPECT_TRUE(findManifestJson(pdf).has_value());
}

TEST_F(ReportExportTest, NothingStartsWithoutASectionOrAnEvaluation) {
    ReportChoice choice;
    choice.path = dir_.filePath(QStringLiteral("none.html"));
    QString error;
    EXPECT_FALSE(window_.exportReportTo(choice, &error));
    EXPECT_THAT(error.toStdString(), HasSubstr("section"));
    MainWindow empty;
    choice.sections = {"summary"};
    EXPECT_FALSE(empty.exportReportTo(choice, &error));
    EXPECT_THAT(error.toStdString(), HasSubstr("evaluate"));
    EXPECT_FALSE(QFile::exists(choice.path));
}

TEST_F(ReportExportTest, TheChartsDrawTheModelsInTheWorkspacesColours) {
    Workspace recoloured = window_.workbench()->workspace();
    ASSERT_FALSE(recoloured.models.empty());
    recoloured.models[0].color = "#a1b2c3";
    recoloured.models[0].visible = false;  // hidden in the window, still in the report
    window_.workbench()->edit(recoloured);
    ASSERT_TRUE(QTest::qWaitFor([&] {
        const auto& r = window_.workbench()->result();
        return r && !r->models.isEmpty() && r->models[0].color == QColor(QStringLiteral("#a1b2c3"));
    }, kTimeoutMs));
    ReportChoice choice;
    choice.path = dir_.filePath(QStringLiteral("colours.html"));
    choice.sections = {"curves"};
    const std::string html = exportReport(choice);
    ASSERT_FALSE(html.empty());
    EXPECT_THAT(section(html, "curves"), HasSubstr("#a1b2c3"));
}

TEST_F(ReportExportTest, AReportOfTheSavedWorkspacePassesVerify) {
    const QString saved = dir_.filePath(QStringLiteral("study.ranklab"));
    ASSERT_TRUE(window_.saveWorkspaceTo(saved));
    ReportChoice choice;
    choice.path = dir_.filePath(QStringLiteral("saved.html"));
    choice.title = QStringLiteral("Saved study");
    choice.sections = {"summary", "forest"};
    const std::string html = exportReport(choice);
    ASSERT_FALSE(html.empty());
    const Manifest m = manifestOf(html);
    ASSERT_FALSE(m.command.empty()) << "a saved, unmodified, unrestricted workspace reruns from its file";
    EXPECT_EQ(m.command.front(), "report");

    QProcess cli;
    cli.start(QStringLiteral(RANKLAB_CLI), {QStringLiteral("verify"), choice.path});
    ASSERT_TRUE(cli.waitForFinished(kTimeoutMs));
    const std::string out = cli.readAllStandardOutput().toStdString();
    EXPECT_EQ(cli.exitCode(), 0) << out << cli.readAllStandardError().toStdString();
    EXPECT_THAT(out, HasSubstr("match"));
}

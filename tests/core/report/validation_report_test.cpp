// The validation and tie reports as text: problems worst first, every
// finding in CSV and JSON, the band's numbers in every digit in JSON.
#include <algorithm>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/tie_report.h"
#include "report/validation_report.h"

using namespace ranklab;
using ::testing::HasSubstr;

namespace {

ValidationReport sampleReport() {
    ValidationReport r;
    r.findings.push_back({"tied_scores", Severity::Info, "model a", 5, {"u1", "u3"}, "5 tied"});
    r.findings.push_back({"nan_scores", Severity::Ok, "model a", 0, {}, "no NaN scores"});
    r.findings.push_back({"empty_run", Severity::Error, "model b", 1, {}, "the run holds no scores"});
    r.findings.push_back({"leakage", Severity::Warning, "train.tsv", 3, {"u1 i2"}, "3 leaked, with a | bar"});
    return r;
}

TieSensitivity sampleTies() {
    TieSensitivity t;
    t.users = 4;
    ModelTieSensitivity m;
    m.name = "a";
    m.entries = 10;
    m.tiedEntries = 5;
    TieBand band;
    band.metricId = "precision@1";
    band.chosen = 0.2;
    band.optimistic = 1.0;
    band.pessimistic = 0.0;
    band.affectedUsers = 1;
    band.tiedInTopUsers = 2;
    m.bands.push_back(band);
    t.models.push_back(m);
    return t;
}

} // namespace

TEST(ValidationReportTest, TextListsErrorsThenWarningsThenNotesThenPassedChecks) {
    const std::string text = formatValidation(sampleReport(), nullptr, TableFormat::Text);
    EXPECT_THAT(text, HasSubstr("Validation: 1 errors, 1 warnings, 1 notes, 1 checks passed"));
    const auto error = text.find("empty_run"), warning = text.find("leakage"), note = text.find("tied_scores"),
               passed = text.find("Passed:"), ok = text.find("nan_scores");
    EXPECT_LT(error, warning);
    EXPECT_LT(warning, note);
    EXPECT_LT(note, passed);
    EXPECT_LT(passed, ok);
    EXPECT_THAT(text, HasSubstr("(e.g. u1 i2, ...)"));  // 3 found, 1 example listed
    EXPECT_EQ(text.find("Tie sensitivity"), std::string::npos);
}

TEST(ValidationReportTest, JsonAndCsvHoldEveryFinding) {
    const TieSensitivity ties = sampleTies();
    const auto j = nlohmann::json::parse(formatValidation(sampleReport(), &ties, TableFormat::Json));
    EXPECT_EQ(j["summary"]["worst"], "error");
    EXPECT_EQ(j["summary"]["errors"], 1);
    ASSERT_EQ(j["findings"].size(), 4u);
    EXPECT_EQ(j["findings"][0]["kind"], "tied_scores");
    EXPECT_EQ(j["findings"][0]["examples"], nlohmann::json({"u1", "u3"}));
    EXPECT_EQ(j["ties"]["models"][0]["bands"][0]["width"], 1.0);
    EXPECT_EQ(j["ties"]["models"][0]["bands"][0]["affected_share"], 0.25);
    EXPECT_EQ(j["ties"]["models"][0]["tied_share"], 0.5);
    const std::string csv = formatValidation(sampleReport(), nullptr, TableFormat::Csv);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 5);  // header + 4 findings
    EXPECT_THAT(csv, HasSubstr("info,tied_scores,model a,5,5 tied,u1;u3\n"));
    const std::string md = formatValidation(sampleReport(), &ties, TableFormat::Markdown);
    EXPECT_THAT(md, HasSubstr("3 leaked, with a \\| bar"));
}

TEST(TieReportTest, SharesArePercentagesOfTheAveragedUsers) {
    const std::string text = formatTieSensitivity(sampleTies(), TableFormat::Text);
    EXPECT_THAT(text, HasSubstr("25.0%"));  // 1 of 4 affected
    EXPECT_THAT(text, HasSubstr("50.0%"));  // 2 of 4 with a tie in the top k, 5 of 10 tied items
    const std::string csv = formatTieSensitivity(sampleTies(), TableFormat::Csv, 2);
    EXPECT_THAT(csv, HasSubstr("a,precision@1,0.20,1.00,0.00,1.00,0.25,0.50,0.50\n"));
}

// The report formats of an evaluation. The Evaluation is written by hand
// (two models, four metrics, three users), so every expected cell comes from
// the numbers below, not from running metrics.
#include <cstdlib>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/eval_report.h"

using namespace ranklab;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// Models "base_line" and "R&D 100%, v2"; columns ndcg@10, recall@5,
// ap(norm=min)@20, num_rel. base_line is best on ndcg@10, the other on
// recall@5; ap(norm=min)@20 is a tie; num_rel is a count (never marked).
struct Fixture {
    IdSpace ids;
    Evaluation eval;

    Fixture() {
        for (const char* u : {"u1", "u_2", "u3"}) ids.users.intern(u);
        eval.settings.metrics = expandMetrics("ndcg@10,recall@5,ap(norm=min)@20,num_rel", {});
        eval.settings.ties = TiePolicy::Trec;
        eval.settings.users = UsersPolicy::All;
        eval.settings.relevanceThreshold = 2.0;
        eval.settings.useExclusions = false;
        eval.users = {0, 1, 2};
        eval.counts = {3, 4, 5};
        // Per-user rows (users x metrics), and their means.
        ModelValues a{"base_line",
                      {0.1, 0.2, 0.5, 1, 0.7, 0.0, 0.25, 2, 1.0 / 3.0, 0.1, 0.25, 3},
                      {}};
        ModelValues b{"R&D 100%, v2",
                      {0.3, 0.6, 0.5, 1, 0.2, 0.4, 0.25, 2, 0.123456789012345678, 0.2, 0.25, 3},
                      {}};
        eval.models = {a, b};
        // Means by hand: base_line 0.37777..., 0.1, 1/3, 2; the other
        // 0.20781..., 0.4, 1/3, 2 (ap is the same column in both: a tie).
        for (auto& model : eval.models) {
            model.means.assign(4, 0.0);
            for (std::size_t row = 0; row < 3; ++row)
                for (std::size_t c = 0; c < 4; ++c) model.means[c] += model.perUser[row * 4 + c] / 3.0;
        }
    }
};

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// A CSV line split into fields, honouring double quotes.
std::vector<std::string> csvFields(const std::string& line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
            else if (c == '"') quoted = false;
            else out.back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.emplace_back();
        } else {
            out.back() += c;
        }
    }
    return out;
}

} // namespace

TEST(EvalReportTest, CsvParsesBackToTheMeansToThePrintedDigits) {
    Fixture f;
    for (int digits : {2, 4, 10}) {
        const auto lines = splitLines(formatEvaluation(f.eval, TableFormat::Csv, digits));
        ASSERT_EQ(lines.size(), 3u);
        EXPECT_EQ(csvFields(lines[0]),
                  (std::vector<std::string>{"model", "ndcg@10", "recall@5", "ap(norm=min)@20", "num_rel"}));
        for (std::size_t m = 0; m < 2; ++m) {
            const auto fields = csvFields(lines[m + 1]);
            ASSERT_EQ(fields.size(), 5u) << lines[m + 1];
            EXPECT_EQ(fields[0], f.eval.models[m].name);
            for (std::size_t c = 0; c < 4; ++c) {
                char* end = nullptr;
                const double v = std::strtod(fields[c + 1].c_str(), &end);
                EXPECT_EQ(*end, '\0') << fields[c + 1];
                EXPECT_LE(std::abs(v - f.eval.models[m].means[c]), 0.5 * std::pow(10.0, -digits) + 1e-15)
                    << fields[c + 1] << " digits " << digits;
                EXPECT_EQ(fields[c + 1].size() - fields[c + 1].find('.') - 1, std::size_t(digits)) << fields[c + 1];
            }
        }
    }
    // The model name holding a comma is quoted.
    EXPECT_THAT(formatEvaluation(f.eval, TableFormat::Csv), HasSubstr("\"R&D 100%, v2\","));
}

TEST(EvalReportTest, JsonDefinesEveryColumnFromItsRecordWithItsParametersWrittenIn) {
    // docs/metrics.md: ap(norm=min)@k divides by min(R, k); ndcg@k is trec_eval
    // ndcg_cut_k; num_rel is a count (no better direction).
    Fixture f;
    const auto json = nlohmann::ordered_json::parse(formatEvaluation(f.eval, TableFormat::Json));
    const auto& d = json.at("definitions");
    std::vector<std::string> ids;
    for (const auto& [id, value] : d.items()) ids.push_back(id);
    EXPECT_EQ(ids, (std::vector<std::string>{"ndcg@10", "recall@5", "ap(norm=min)@20", "num_rel"}));
    EXPECT_EQ(d.at("ndcg@10").at("name"), "normalised discounted cumulative gain");
    EXPECT_EQ(d.at("ndcg@10").at("trec_eval"), "ndcg_cut_10");
    EXPECT_THAT(d.at("ndcg@10").at("formula").get<std::string>(), HasSubstr("dcg@10 / idcg@10"));
    EXPECT_EQ(d.at("recall@5").at("formula"), "hits(5) / R");
    EXPECT_EQ(d.at("recall@5").at("aggregation"), "mean");
    EXPECT_EQ(d.at("recall@5").at("better"), "higher");
    EXPECT_EQ(d.at("ap(norm=min)@20").at("formula"), "Σ_{p ≤ 20, rel(p)} hits(p)/p ÷ min(R, 20)");
    EXPECT_FALSE(d.at("ap(norm=min)@20").contains("trec_eval"));  // trec_eval has no min(R, k)
    EXPECT_EQ(d.at("num_rel").at("better"), "none");
    EXPECT_EQ(d.at("num_rel").at("trec_eval"), "num_rel");
}

TEST(EvalReportTest, JsonHasSettingsUserCountsAndEveryDigitOfTheMeans) {
    Fixture f;
    const auto json = nlohmann::ordered_json::parse(formatEvaluation(f.eval, TableFormat::Json));
    ASSERT_TRUE(json.is_object());
    std::vector<std::string> keys;
    for (const auto& [key, value] : json.items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"settings", "users", "models", "definitions"}));

    const auto& settings = json.at("settings");
    EXPECT_EQ(settings.at("metrics"),
              nlohmann::ordered_json({"ndcg@10", "recall@5", "ap(norm=min)@20", "num_rel"}));
    EXPECT_EQ(settings.at("ties"), "trec");
    EXPECT_EQ(settings.at("users"), "all");
    EXPECT_EQ(settings.at("rel"), 2.0);
    EXPECT_EQ(settings.at("exclusions"), false);

    const auto& users = json.at("users");
    EXPECT_EQ(users.at("evaluated"), 3);
    EXPECT_EQ(users.at("run_only"), 4);
    EXPECT_EQ(users.at("qrels_only"), 5);

    const auto& models = json.at("models");
    ASSERT_TRUE(models.is_array());
    ASSERT_EQ(models.size(), 2u);
    for (std::size_t m = 0; m < 2; ++m) {
        EXPECT_EQ(models[m].at("name"), f.eval.models[m].name);
        const auto& metrics = models[m].at("metrics");
        ASSERT_EQ(metrics.size(), 4u);
        std::size_t c = 0;
        for (const auto& [id, value] : metrics.items()) {
            EXPECT_EQ(id, f.eval.settings.metrics[c].id());
            // Full precision: the parsed double is the same double.
            EXPECT_EQ(value.get<double>(), f.eval.models[m].means[c]) << id;
            ++c;
        }
    }
}

TEST(EvalReportTest, MarkdownBoldsTheBestPerColumnAndEscapes) {
    Fixture f;
    const auto lines = splitLines(formatEvaluation(f.eval, TableFormat::Markdown, 4));
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines[0], "| model | ndcg@10 | recall@5 | ap(norm=min)@20 | num\\_rel |");
    EXPECT_EQ(lines[1], "|:--|--:|--:|--:|--:|");
    // Best ndcg@10: base_line (0.3778 > 0.2078); best recall@5: the other
    // (0.4 > 0.1); ap(norm=min)@20 tied: both are best; num_rel: a count.
    EXPECT_EQ(lines[2], "| base\\_line | **0.3778** | 0.1000 | **0.3333** | 2.0000 |");
    EXPECT_EQ(lines[3], "| R&D 100%, v2 | 0.2078 | **0.4000** | **0.3333** | 2.0000 |");
    EXPECT_THAT(formatEvaluation(f.eval, TableFormat::Markdown), HasSubstr("3 users averaged"));
}

TEST(EvalReportTest, LatexBoldsTheBestPerColumnAndEscapesSpecialCharacters) {
    Fixture f;
    const std::string tex = formatEvaluation(f.eval, TableFormat::Latex, 3);
    EXPECT_THAT(tex, HasSubstr("\\begin{tabular}{lrrrr}"));
    EXPECT_THAT(tex, HasSubstr("\\toprule"));
    EXPECT_THAT(tex, HasSubstr("Model & ndcg@10 & recall@5 & ap(norm=min)@20 & num\\_rel \\\\"));
    EXPECT_THAT(tex, HasSubstr("base\\_line & \\textbf{0.378} & 0.100 & \\textbf{0.333} & 2.000 \\\\"));
    EXPECT_THAT(tex, HasSubstr("R\\&D 100\\%, v2 & 0.208 & \\textbf{0.400} & \\textbf{0.333} & 2.000 \\\\"));
    EXPECT_THAT(tex, HasSubstr("\\bottomrule\n\\end{tabular}"));
    // Comment lines start with % and carry no unescaped % of a name.
    for (const auto& line : splitLines(tex)) {
        if (!line.empty() && line[0] != '%') {
            EXPECT_THAT(line, Not(HasSubstr(" 100%"))) << line;
        }
    }
}

TEST(EvalReportTest, EscapeHelpersCoverTheSpecialCharacters) {
    EXPECT_EQ(latexEscape("a_b & c% $x# {y} ~^\\"),
              "a\\_b \\& c\\% \\$x\\# \\{y\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}");
    EXPECT_EQ(markdownEscape("a_b|c*d\\"), "a\\_b\\|c\\*d\\\\");
    EXPECT_EQ(csvField("plain"), "plain");
    EXPECT_EQ(csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(csvField("two\nlines"), "\"two\nlines\"");
}

TEST(EvalReportTest, OneModelHasNothingInBold) {
    Fixture f;
    f.eval.models.pop_back();
    EXPECT_THAT(formatEvaluation(f.eval, TableFormat::Markdown), Not(HasSubstr("**")));
    EXPECT_THAT(formatEvaluation(f.eval, TableFormat::Latex), Not(HasSubstr("textbf")));
}

TEST(EvalReportTest, TextTableHasTheIdsTheModelsAndTheUserCounts) {
    Fixture f;
    const std::string text = formatEvaluation(f.eval, TableFormat::Text, 4);
    const auto lines = splitLines(text);
    ASSERT_GE(lines.size(), 4u);
    for (const char* id : {"model", "ndcg@10", "recall@5", "ap(norm=min)@20", "num_rel"})
        EXPECT_THAT(lines[0], HasSubstr(id));
    EXPECT_THAT(text, HasSubstr("base_line"));
    EXPECT_THAT(text, HasSubstr("0.3778"));
    EXPECT_THAT(text, HasSubstr("3 users averaged (users policy all, ties trec); 4 only in runs, 5 only in the ground truth"));
}

TEST(EvalReportTest, PerUserTsvHasAUserByModelRowWithEveryDigit) {
    Fixture f;
    const auto lines = splitLines(formatPerUser(f.eval, f.ids));
    ASSERT_EQ(lines.size(), 1u + 3u * 2u);
    EXPECT_EQ(lines[0], "user\tmodel\tndcg@10\trecall@5\tap(norm=min)@20\tnum_rel");
    const char* users[] = {"u1", "u_2", "u3"};
    for (std::size_t m = 0; m < 2; ++m) {
        for (std::size_t row = 0; row < 3; ++row) {
            std::vector<std::string> cells;
            std::istringstream in(lines[1 + m * 3 + row]);
            for (std::string cell; std::getline(in, cell, '\t');) cells.push_back(cell);
            ASSERT_EQ(cells.size(), 6u);
            EXPECT_EQ(cells[0], users[row]);
            EXPECT_EQ(cells[1], f.eval.models[m].name);
            for (std::size_t c = 0; c < 4; ++c)
                EXPECT_EQ(std::strtod(cells[2 + c].c_str(), nullptr), f.eval.value(m, row, c)) << cells[2 + c];
        }
    }
}

TEST(EvalReportTest, TableFormatNames) {
    EXPECT_EQ(parseTableFormat("table"), TableFormat::Text);
    EXPECT_EQ(parseTableFormat("csv"), TableFormat::Csv);
    EXPECT_EQ(parseTableFormat("json"), TableFormat::Json);
    EXPECT_EQ(parseTableFormat("md"), TableFormat::Markdown);
    EXPECT_EQ(parseTableFormat("latex"), TableFormat::Latex);
    EXPECT_FALSE(parseTableFormat("xlsx").has_value());
}

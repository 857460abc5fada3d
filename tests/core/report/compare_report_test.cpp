// The comparison report formats on a Comparison of hand-made per-user
// columns whose outcome is known by construction (20 users):
//  * ndcg@10: B = A + 0.2 (+ small noise) on every user, C = A − 0.2 (+ noise),
//    D = A exactly. So B > A, B > C, B > D, A > C, D > C are significant by
//    any test and correction here; A vs D has no difference at all (p NaN).
//  * recall@10: B = A ± 0.01 and C = A ± 0.02 alternating, D = A: mean
//    differences ~0, nothing significant.
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "metrics/metric_spec.h"
#include "report/compare_marks.h"
#include "report/compare_report.h"
#include "compare/comparison.h"

using namespace ranklab;
using namespace ranklab::stats;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

constexpr std::size_t kUsers = 20;
const std::vector<std::string> kNames{"A", "bm25_tuned", "x&y %#", "D"};

Evaluation knownEvaluation() {
    Evaluation e;
    e.settings.metrics = expandMetrics("ndcg@10,recall@10", {});
    for (std::size_t u = 0; u < kUsers; ++u) e.users.push_back(static_cast<UserId>(u));
    e.counts.evaluated = kUsers;
    e.counts.runOnly = 3;
    e.counts.qrelsOnly = 1;
    std::vector<std::vector<std::vector<double>>> columns(4, std::vector<std::vector<double>>(2));
    for (std::size_t u = 0; u < kUsers; ++u) {
        const double base = 0.3 + 0.02 * static_cast<double>(u % 7);
        const double noise = 0.001 * static_cast<double>(u % 3);
        const double sign = u % 2 ? 1.0 : -1.0;
        columns[0][0].push_back(base);
        columns[1][0].push_back(base + 0.2 + noise);
        columns[2][0].push_back(base - 0.2 + noise);
        columns[3][0].push_back(base);
        columns[0][1].push_back(base);
        columns[1][1].push_back(base + 0.01 * sign);
        columns[2][1].push_back(base + 0.02 * sign);
        columns[3][1].push_back(base);
    }
    for (std::size_t m = 0; m < 4; ++m) {
        ModelValues model{kNames[m], std::vector<double>(kUsers * 2), std::vector<double>(2)};
        for (std::size_t c = 0; c < 2; ++c) {
            for (std::size_t u = 0; u < kUsers; ++u) model.perUser[u * 2 + c] = columns[m][c][u];
            model.means[c] = std::accumulate(columns[m][c].begin(), columns[m][c].end(), 0.0) / kUsers;
        }
        e.models.push_back(std::move(model));
    }
    return e;
}

Comparison compare(std::optional<std::size_t> baseline, bool bootstrap = true) {
    ComparisonOptions o;
    o.tests = {SignificanceTest::TTest, SignificanceTest::Wilcoxon};
    o.correction = Correction::Holm;
    o.baseline = baseline;
    o.bootstrapIntervals = bootstrap;
    o.resampling.resamples = 500;
    return compareEvaluation(knownEvaluation(), o);
}

ComparisonReportOptions withContext() {
    ComparisonReportOptions o;
    o.context = ComparisonContext::of(knownEvaluation());
    return o;
}

// A JSON number, or NaN for null (the report's NaN and ±inf).
double num(const nlohmann::json& j) { return j.is_null() ? NAN : j.get<double>(); }

// A written number read back; unlike std::stod, strtod reads subnormals (a
// t-test p of 1e-310) instead of throwing.
double readNumber(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

bool sameNumber(double written, double value) {
    if (!std::isfinite(value)) return std::isnan(written);
    return written == value;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The cells of one LaTeX table row ("a & b & c \\").
std::vector<std::string> latexCells(std::string row) {
    row = row.substr(0, row.rfind(" \\\\"));
    std::vector<std::string> cells;
    std::size_t start = 0;
    for (std::size_t at; (at = row.find(" & ", start)) != std::string::npos; start = at + 3)
        cells.push_back(row.substr(start, at - start));
    cells.push_back(row.substr(start));
    return cells;
}

// The means table's body rows of a LaTeX report (between \midrule and the first \bottomrule).
std::vector<std::vector<std::string>> latexMeanRows(const std::string& latex) {
    const auto all = lines(latex);
    std::vector<std::vector<std::string>> rows;
    bool body = false;
    for (const auto& line : all) {
        if (line == "\\midrule") body = true;
        else if (line == "\\bottomrule") break;
        else if (body) rows.push_back(latexCells(line));
    }
    return rows;
}

// Simple CSV splitting with quotes.
std::vector<std::string> csvCells(const std::string& line) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') cells.back() += '"', ++i;
            else if (c == '"') quoted = false;
            else cells.back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    return cells;
}

TEST(CompareReportTest, TheDataHasTheSignificanceItWasBuiltFor) {
    // The premise of the format tests below.
    const Comparison c = compare(std::nullopt);
    for (const auto& pair : c.pairs) {
        const bool ndcg = pair.metric == 0;
        const bool identical = pair.a == 0 && pair.b == 3;
        EXPECT_EQ(pair.tests[0].significant, ndcg && !identical) << pair.a << pair.b << pair.metric;
        if (identical) {
            EXPECT_TRUE(std::isnan(pair.tests[0].pvalue));
        }
    }
}

TEST(CompareReportTest, JsonReadsBackAsTheComparisonWithEveryDigit) {
    const Comparison c = compare(0);
    const auto j = nlohmann::json::parse(formatComparison(c, TableFormat::Json, withContext()));
    EXPECT_EQ(j["settings"]["metrics"], (std::vector<std::string>{"ndcg@10", "recall@10"}));
    EXPECT_EQ(j["settings"]["tests"], (std::vector<std::string>{"t", "wilcoxon"}));
    EXPECT_EQ(j["settings"]["correction"], "holm");
    EXPECT_EQ(j["settings"]["alpha"], 0.05);
    EXPECT_EQ(j["settings"]["level"], 0.95);
    EXPECT_EQ(j["settings"]["resamples"], 500);
    EXPECT_EQ(j["settings"]["seed"], 42);
    EXPECT_EQ(j["settings"]["baseline"], "A");
    EXPECT_EQ(j["settings"]["ties"], "expected");
    EXPECT_EQ(j["settings"]["users"], "relevant");
    EXPECT_EQ(j["users"]["evaluated"], kUsers);
    EXPECT_EQ(j["users"]["run_only"], 3);
    EXPECT_EQ(j["users"]["qrels_only"], 1);

    ASSERT_EQ(j["models"].size(), 4u);
    for (std::size_t m = 0; m < 4; ++m) {
        const auto& model = j["models"][m];
        EXPECT_EQ(model["name"], kNames[m]);
        EXPECT_EQ(model["baseline"], m == 0);
        for (std::size_t i = 0; i < 2; ++i) {
            const auto& cell = model["metrics"][c.metricIds[i]];
            const auto& mean = c.means[m][i];
            EXPECT_TRUE(sameNumber(num(cell["mean"]), mean.moments.mean));
            EXPECT_TRUE(sameNumber(num(cell["sd"]), mean.moments.sd));
            EXPECT_EQ(cell["n"], kUsers);
            EXPECT_TRUE(sameNumber(num(cell["ci_t"][0]), mean.t.lo));
            EXPECT_TRUE(sameNumber(num(cell["ci_t"][1]), mean.t.hi));
            EXPECT_TRUE(sameNumber(num(cell["ci_bootstrap"][0]), mean.bootstrap->lo));
            EXPECT_TRUE(sameNumber(num(cell["ci"][1]), mean.bootstrap->hi));
            EXPECT_EQ(cell["best"], mean.moments.mean == c.means[c.best[i]][i].moments.mean);
        }
    }
    // Against baseline A: B better, C worse (ndcg@10).
    EXPECT_EQ(j["models"][1]["metrics"]["ndcg@10"]["better_than"], (std::vector<std::string>{"A"}));
    EXPECT_EQ(j["models"][2]["metrics"]["ndcg@10"]["worse_than"], (std::vector<std::string>{"A"}));
    EXPECT_TRUE(j["models"][3]["metrics"]["ndcg@10"]["better_than"].empty());

    ASSERT_EQ(j["pairs"].size(), c.pairs.size());
    ASSERT_EQ(c.pairs.size(), 6u);  // 3 models against A × 2 metrics
    for (std::size_t p = 0; p < c.pairs.size(); ++p) {
        const auto& pair = c.pairs[p];
        const auto& row = j["pairs"][p];
        EXPECT_EQ(row["a"], c.models[pair.a]);
        EXPECT_EQ(row["b"], c.models[pair.b]);
        EXPECT_EQ(row["metric"], c.metricIds[pair.metric]);
        EXPECT_TRUE(sameNumber(num(row["mean_diff"]), pair.meanDiff));
        EXPECT_TRUE(sameNumber(num(row["ci"][0]), pair.ciBootstrap->lo));
        EXPECT_TRUE(sameNumber(num(row["ci"][1]), pair.ciBootstrap->hi));
        EXPECT_TRUE(sameNumber(num(row["ci_t"][0]), pair.ciT.lo));
        EXPECT_TRUE(sameNumber(num(row["effect_size"]), pair.cohensDz));
        EXPECT_EQ(row["wins"], pair.winsTiesLosses.wins);
        EXPECT_EQ(row["ties"], pair.winsTiesLosses.ties);
        EXPECT_EQ(row["losses"], pair.winsTiesLosses.losses);
        for (const auto& outcome : pair.tests) {
            const auto& t = row["tests"][std::string(toString(outcome.test))];
            EXPECT_TRUE(sameNumber(num(t["statistic"]), outcome.statistic));
            EXPECT_TRUE(sameNumber(num(t["p"]), outcome.pvalue));
            EXPECT_TRUE(sameNumber(num(t["p_adjusted"]), outcome.adjusted));
            EXPECT_EQ(t["significant"], outcome.significant);
        }
    }
    // D − A is 0 for every user: t is 0/0, written as null.
    const auto& da = j["pairs"][2];
    EXPECT_EQ(da["a"], "D");
    EXPECT_TRUE(da["tests"]["t"]["p"].is_null());
    EXPECT_TRUE(da["effect_size"].is_null());
    EXPECT_EQ(da["ties"], kUsers);
}

TEST(CompareReportTest, JsonOfAllPairsLettersTheModelsAndSaysAllPairs) {
    const auto j = nlohmann::json::parse(formatComparison(compare(std::nullopt), TableFormat::Json));
    EXPECT_EQ(j["settings"]["baseline"], "all pairs");
    EXPECT_EQ(j["models"][2]["letter"], "c");
    EXPECT_EQ(j["models"][1]["metrics"]["ndcg@10"]["better_than"],
              (std::vector<std::string>{"A", "x&y %#", "D"}));
    EXPECT_EQ(j["pairs"].size(), 12u);  // 6 pairs × 2 metrics
    // No evaluation context: no policies claimed.
    EXPECT_FALSE(j["settings"].contains("ties"));
}

TEST(CompareReportTest, CsvHasOneRowPerPairAndMetricWithEveryDigit) {
    const Comparison c = compare(std::nullopt);
    const auto rows = lines(formatComparison(c, TableFormat::Csv));
    ASSERT_EQ(rows.size(), c.pairs.size() + 1);
    const auto header = csvCells(rows[0]);
    EXPECT_EQ(header[0], "metric");
    // The tests' columns, Wilcoxon's rank-biserial correlation, then the
    // method the row's statistics used.
    EXPECT_EQ(header[header.size() - 3], "wilcoxon_significant");
    EXPECT_EQ(header[header.size() - 2], "wilcoxon_rank_biserial");
    EXPECT_EQ(header.back(), "method");
    for (std::size_t r = 1; r < rows.size(); ++r) EXPECT_EQ(csvCells(rows[r]).back(), "per-user values");
    std::map<std::string, std::size_t> column;
    for (std::size_t k = 0; k < header.size(); ++k) column[header[k]] = k;
    for (std::size_t p = 0; p < c.pairs.size(); ++p) {
        const auto cells = csvCells(rows[p + 1]);
        ASSERT_EQ(cells.size(), header.size()) << rows[p + 1];
        const auto& pair = c.pairs[p];
        EXPECT_EQ(cells[column["a"]], c.models[pair.a]);  // "x&y %#" and others read back unquoted
        EXPECT_EQ(cells[column["b"]], c.models[pair.b]);
        EXPECT_EQ(cells[column["metric"]], c.metricIds[pair.metric]);
        EXPECT_TRUE(sameNumber(readNumber(cells[column["mean_diff"]]), pair.meanDiff));
        EXPECT_TRUE(sameNumber(readNumber(cells[column["mean_a"]]), c.means[pair.a][pair.metric].moments.mean));
        EXPECT_TRUE(sameNumber(readNumber(cells[column["t_p"]]), pair.tests[0].pvalue));
        EXPECT_TRUE(sameNumber(readNumber(cells[column["wilcoxon_p_adjusted"]]), pair.tests[1].adjusted));
        EXPECT_EQ(cells[column["t_significant"]], pair.tests[0].significant ? "true" : "false");
    }
}

TEST(CompareReportTest, LatexBaselineModeHasBooktabsBoldBestAndDaggersOnlyWhereSignificant) {
    const Comparison c = compare(0);
    const std::string latex = formatComparison(c, TableFormat::Latex, withContext());
    EXPECT_THAT(latex, HasSubstr("\\toprule"));
    EXPECT_THAT(latex, HasSubstr("\\midrule"));
    EXPECT_THAT(latex, HasSubstr("\\bottomrule"));
    EXPECT_THAT(latex, HasSubstr("bm25\\_tuned"));
    EXPECT_THAT(latex, HasSubstr("x\\&y \\%\\#"));
    EXPECT_THAT(latex, Not(HasSubstr("x&y")));
    EXPECT_THAT(latex, HasSubstr("$^{\\dagger}$/$^{\\ddagger}$: significantly better/worse than A"));
    const auto rows = latexMeanRows(latex);
    ASSERT_EQ(rows.size(), 4u);
    for (std::size_t m = 0; m < 4; ++m) {
        ASSERT_EQ(rows[m].size(), 3u);
        for (std::size_t i = 0; i < 2; ++i) {
            const std::string& cell = rows[m][i + 1];
            // Bold exactly on the highest mean of the column.
            double top = -1;
            for (const auto& row : c.means) top = std::max(top, row[i].moments.mean);
            EXPECT_EQ(cell.find("\\textbf{") != std::string::npos, c.means[m][i].moments.mean == top) << cell;
            // ndcg@10: B better than A (dagger), C worse (double dagger).
            const bool dagger = i == 0 && m == 1, ddagger = i == 0 && m == 2;
            EXPECT_EQ(cell.find("$^{\\dagger}$") != std::string::npos, dagger) << m << " " << cell;
            EXPECT_EQ(cell.find("$^{\\ddagger}$") != std::string::npos, ddagger) << m << " " << cell;
        }
    }
    EXPECT_EQ(rows[1][0], "bm25\\_tuned");
}

TEST(CompareReportTest, LatexAllPairsMarksEachMeanWithTheLettersItBeats) {
    const Comparison c = compare(std::nullopt);
    const auto rows = latexMeanRows(formatComparison(c, TableFormat::Latex));
    ASSERT_EQ(rows.size(), 4u);
    // Columns: letter, model, ndcg@10, recall@10.
    const std::vector<std::string> letters{"a", "b", "c", "d"};
    const std::vector<std::string> ndcgMarks{"$^{\\text{c}}$", "$^{\\text{acd}}$", "", "$^{\\text{c}}$"};
    for (std::size_t m = 0; m < 4; ++m) {
        EXPECT_EQ(rows[m][0], letters[m]);
        const std::string& ndcg = rows[m][2];
        if (ndcgMarks[m].empty()) {
            EXPECT_EQ(ndcg.find("$^{"), std::string::npos) << ndcg;
        } else {
            EXPECT_THAT(ndcg, HasSubstr(ndcgMarks[m]));
        }
        EXPECT_EQ(rows[m][3].find("$^{"), std::string::npos) << rows[m][3];  // recall: nothing significant
    }
}

TEST(CompareReportTest, TextShowsTheMeansTableTheLegendAndOneRowPerPair) {
    const Comparison c = compare(0);
    const std::string text = formatComparison(c, TableFormat::Text, withContext());
    const auto all = lines(text);
    EXPECT_THAT(all[0], HasSubstr("Means (95% t CI: mean ± half-width), against the baseline A"));
    // Header, rule, 4 models.
    EXPECT_THAT(all[1], HasSubstr("ndcg@10"));
    EXPECT_THAT(all[4], HasSubstr("bm25_tuned"));
    EXPECT_THAT(all[4], HasSubstr(" †"));   // B better than A
    EXPECT_THAT(all[4], HasSubstr("*"));    // B best on ndcg@10
    EXPECT_THAT(all[5], HasSubstr(" ‡"));   // C worse
    EXPECT_THAT(all[6], Not(HasSubstr("†")));
    EXPECT_THAT(text, HasSubstr("paired t-test, Holm correction over 4 comparisons, alpha 0.05"));
    EXPECT_THAT(text, HasSubstr("20 users (users policy relevant, ties expected); 3 only in runs"));
    // After the pairs heading: header, rule, one row per pair, the note, the users line.
    std::size_t at = 0;
    while (at < all.size() && all[at] != "Pairs (differences a − b)") ++at;
    ASSERT_EQ(all.size(), at + 3 + c.pairs.size() + 2);
    EXPECT_THAT(all[at + 1], HasSubstr("t p_adj"));
    for (std::size_t p = 0; p < c.pairs.size(); ++p) {
        const std::string& row = all[at + 3 + p];
        EXPECT_EQ(row.rfind(c.models[c.pairs[p].a], 0), 0u) << row;
        // Significant adjusted p-values carry a star, the others none.
        EXPECT_EQ(row.find(" *") != std::string::npos, c.pairs[p].tests[0].significant || c.pairs[p].tests[1].significant)
            << row;
    }
}

TEST(CompareReportTest, MarkdownHasBoldBestSuperscriptLettersAndAPairsTable) {
    const Comparison c = compare(std::nullopt);
    const std::string md = formatComparison(c, TableFormat::Markdown);
    EXPECT_THAT(md, HasSubstr("| # | model | ndcg@10 | recall@10 |"));
    EXPECT_THAT(md, HasSubstr("| b | bm25\\_tuned | **"));
    EXPECT_THAT(md, HasSubstr("<sup>acd</sup>"));
    std::size_t tableRows = 0;
    for (const auto& line : lines(md))
        if (line.rfind("| ", 0) == 0) ++tableRows;
    EXPECT_EQ(tableRows, 2 + c.models.size() + c.pairs.size());  // two header rows
}

TEST(CompareReportTest, BootstrapIntervalShowsBoundsAndFallsBackToTWithoutBootstrap) {
    ComparisonReportOptions o;
    o.interval = ShownInterval::Bootstrap;
    const Comparison with = compare(0);
    EXPECT_THAT(formatComparison(with, TableFormat::Text, o), HasSubstr("95% bootstrap CI: mean [lo, hi]"));
    const Comparison without = compare(0, /*bootstrap=*/false);
    EXPECT_THAT(formatComparison(without, TableFormat::Text, o), HasSubstr("95% t CI: mean ± half-width"));
    const auto j = nlohmann::json::parse(formatComparison(without, TableFormat::Json));
    EXPECT_TRUE(j["pairs"][0]["ci_bootstrap"].is_null());
    EXPECT_EQ(num(j["pairs"][0]["ci"][0]), without.pairs[0].ciT.lo);
}

TEST(CompareReportTest, NoIntervalShowsBareMeansAndNoCiColumn) {
    ComparisonReportOptions o;
    o.interval = ShownInterval::None;
    const Comparison c = compare(0);
    const std::string text = formatComparison(c, TableFormat::Text, o);
    EXPECT_THAT(text, Not(HasSubstr("±")));
    EXPECT_THAT(text, Not(HasSubstr(" CI")));
    EXPECT_THAT(text, HasSubstr("Means, against the baseline A"));
    const auto rows = latexMeanRows(formatComparison(c, TableFormat::Latex, o));
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_THAT(rows[1][1], Not(HasSubstr("scriptsize")));
}

TEST(CompareReportTest, ModelLettersContinuePastZ) {
    EXPECT_EQ(modelLetter(0), "a");
    EXPECT_EQ(modelLetter(25), "z");
    EXPECT_EQ(modelLetter(26), "aa");
    EXPECT_EQ(modelLetter(27), "ab");
    EXPECT_EQ(modelLetter(26 + 26 * 26), "aaa");
}

TEST(CompareReportTest, WriteComparisonWritesWhatFormatComparisonReturns) {
    const Comparison c = compare(0);
    std::ostringstream out;
    writeComparison(c, TableFormat::Markdown, out);
    EXPECT_EQ(out.str(), formatComparison(c, TableFormat::Markdown));
}

} // namespace

// ranklab-cli eval, run as a program: defaults, formats, named runs, the
// per-user file, errors, and trec_eval's numbers on golden cases (copied from
// golden/ into tests/data/engine with trec_eval 10.0's output).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include <nlohmann/json.hpp>

#include "eval/evaluation.h"
#include "io/dataset_loader.h"

namespace fs = std::filesystem;
using namespace ranklab;
using ::testing::HasSubstr;

namespace {

using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;

std::string golden(const std::string& name) { return std::string(RANKLAB_TEST_DATA) + "/engine/" + name; }

// The `all` lines of a trec_eval output: measure -> value.
std::map<std::string, double> trecEvalAll(const std::string& path) {
    std::ifstream in(path);
    std::map<std::string, double> out;
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string measure, query;
        double value = 0;
        if (fields >> measure >> query >> value && query == "all") out[measure] = value;
    }
    return out;
}

class EvalCliTest : public ranklab::testing::CliFixture {
protected:
    // 01_binary_basic's run with every score negated: a second, worse model.
    std::string reversedRun() const {
        std::ifstream in(golden("01_binary_basic/run.txt"));
        std::ofstream out(path("reversed.txt"));
        for (std::string user, q0, item, rank, score, tag; in >> user >> q0 >> item >> rank >> score >> tag;)
            out << user << ' ' << q0 << ' ' << item << ' ' << rank << " -" << score << " reversed\n";
        return path("reversed.txt");
    }
};

} // namespace

TEST_F(EvalCliTest, DefaultsPrintHrPrecisionRecallNdcgApRrAtFiveTenTwenty) {
    const Result r = run("eval --qrels '" + golden("01_binary_basic/qrels.txt") + "' --run '" +
                         golden("01_binary_basic/run.txt") + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    std::istringstream lines(r.out);
    std::string header;
    std::getline(lines, header);
    std::istringstream cells(header);
    std::vector<std::string> columns;
    for (std::string cell; cells >> cell;) columns.push_back(cell);
    std::vector<std::string> expected{"model"};
    for (const char* family : {"hr", "precision", "recall", "ndcg", "ap", "rr"})
        for (const char* k : {"5", "10", "20"}) expected.push_back(std::string(family) + "@" + k);
    EXPECT_EQ(columns, expected);
    // An unnamed TREC run is named by its tag.
    EXPECT_THAT(r.out, HasSubstr("binbasic"));
    EXPECT_THAT(r.out, HasSubstr("25 users averaged"));
}

TEST_F(EvalCliTest, JsonEqualsTheCoreEvaluationOfTheSameFiles) {
    const std::string qrels = golden("03_ties_heavy/qrels.txt"), base = golden("03_ties_heavy/run.txt");
    // A second model for 03: the first one's scores negated.
    {
        std::ifstream in(base);
        std::ofstream out(path("neg.txt"));
        for (std::string user, q0, item, rank, score, tag; in >> user >> q0 >> item >> rank >> score >> tag;)
            out << user << '\t' << q0 << '\t' << item << '\t' << rank << "\t-" << score << "\tneg\n";
    }
    const std::string metrics = "ndcg,ap(norm=min),rr@all,rprec,recall(rel=2),ndcg(gain=exp),num_rel_ret";
    struct Case {
        std::string flags;
        TiePolicy ties;
        UsersPolicy users;
    };
    for (const Case& c : {Case{"", TiePolicy::Expected, UsersPolicy::Relevant},
                          Case{"--ties optimistic --users all", TiePolicy::Optimistic, UsersPolicy::All},
                          Case{"--ties trec --users trec --rel 2", TiePolicy::Trec, UsersPolicy::Trec}}) {
        const Result r = run("eval --format json --metrics '" + metrics + "' --cutoffs 1,3,10 " + c.flags +
                             " --qrels '" + qrels + "' --run 'tied=" + base + "' --run 'negated=" + path("neg.txt") + "'");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const auto json = nlohmann::json::parse(r.out);

        DatasetSources sources;
        sources.judgments = qrels;
        sources.runs.push_back({"tied", base, {}});
        sources.runs.push_back({"negated", path("neg.txt"), {}});
        Dataset data = loadDataset(sources, ReadOptions{});
        EvalSettings settings;
        settings.metrics = expandMetrics(metrics, {1, 3, 10});
        settings.ties = c.ties;
        settings.users = c.users;
        settings.relevanceThreshold = c.flags.find("--rel 2") != std::string::npos ? 2.0 : 1.0;
        RankCache cache;
        const Evaluation eval = evaluate(data, settings, cache);

        EXPECT_EQ(json.at("users").at("evaluated"), eval.counts.evaluated) << c.flags;
        ASSERT_EQ(json.at("models").size(), 2u);
        for (std::size_t m = 0; m < 2; ++m) {
            EXPECT_EQ(json["models"][m].at("name"), eval.models[m].name);
            const auto& values = json["models"][m].at("metrics");
            ASSERT_EQ(values.size(), eval.metricCount());
            for (std::size_t i = 0; i < eval.metricCount(); ++i) {
                const std::string id = eval.settings.metrics[i].id();
                EXPECT_NEAR(values.at(id).get<double>(), eval.models[m].means[i], 1e-15) << id << " " << c.flags;
            }
        }
    }
}

TEST_F(EvalCliTest, NamedRunsNameTheRows) {
    const Result r = run("eval --format csv --metrics ndcg@10 --qrels '" + golden("01_binary_basic/qrels.txt") +
                         "' --run 'BM25 tuned=" + golden("01_binary_basic/run.txt") + "' --run 'worse=" +
                         reversedRun() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::istringstream lines(r.out);
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line);) rows.push_back(line);
    ASSERT_EQ(rows.size(), 3u) << r.out;
    EXPECT_EQ(rows[0], "model,ndcg@10");
    // trec_eval's ndcg_cut_10 for 01 is 0.113540510807 (users relevant = trec
    // here: every query has a relevant document and is in the run).
    EXPECT_EQ(rows[1], "BM25 tuned,0.1135");
    EXPECT_EQ(rows[2].rfind("worse,", 0), 0u) << rows[2];
}

TEST_F(EvalCliTest, PerUserFileIsWrittenWholeWithAUserByModelRow) {
    const std::string target = path("per_user.tsv");
    const Result r = run("eval --metrics ndcg@10,rr@all --qrels '" + golden("01_binary_basic/qrels.txt") +
                         "' --run 'a=" + golden("01_binary_basic/run.txt") + "' --run 'b=" + reversedRun() +
                         "' --per-user '" + target + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    ASSERT_TRUE(fs::exists(target));
    EXPECT_FALSE(fs::exists(target + ".tmp"));
    for (const auto& entry : fs::directory_iterator(dir_))
        EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << entry.path();
    std::istringstream lines(slurp(target));
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line);) rows.push_back(line);
    ASSERT_EQ(rows.size(), 1u + 25u * 2u);  // 25 users (golden README: 25 queries) x 2 models
    EXPECT_EQ(rows[0], "user\tmodel\tndcg@10\trr@all");
    std::map<std::string, int> perModel;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        std::istringstream cells(rows[i]);
        std::string user, model;
        std::getline(cells, user, '\t');
        std::getline(cells, model, '\t');
        ++perModel[model];
    }
    EXPECT_EQ(perModel, (std::map<std::string, int>{{"a", 25}, {"b", 25}}));
}

TEST_F(EvalCliTest, BadMetricFailsWithTheMessageOnStderrAndNothingOnStdout) {
    const Result r = run("eval --metrics 'ndcg(rel=2)@10' --qrels '" + golden("01_binary_basic/qrels.txt") +
                         "' --run '" + golden("01_binary_basic/run.txt") + "' --per-user '" + path("pu.tsv") + "'");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_THAT(r.err, HasSubstr("ndcg has no parameter \"rel\""));
    EXPECT_FALSE(fs::exists(path("pu.tsv")));

    const Result cut = run("eval --cutoffs 5,0 --qrels '" + golden("01_binary_basic/qrels.txt") + "' --run '" +
                           golden("01_binary_basic/run.txt") + "'");
    EXPECT_NE(cut.exitCode, 0);
    EXPECT_TRUE(cut.out.empty()) << cut.out;
    EXPECT_THAT(cut.err, HasSubstr("\"0\" is not a positive integer"));

    const Result unknown = run("eval --metrics bogus@5 --qrels '" + golden("01_binary_basic/qrels.txt") +
                               "' --run '" + golden("01_binary_basic/run.txt") + "'");
    EXPECT_NE(unknown.exitCode, 0);
    EXPECT_TRUE(unknown.out.empty());
    EXPECT_THAT(unknown.err, HasSubstr("unknown metric \"bogus\""));
}

TEST_F(EvalCliTest, MissingFileExitsOneNamingThePath) {
    const std::string missing = path("no_such_run.txt");
    const Result r = run("eval --qrels '" + golden("01_binary_basic/qrels.txt") + "' --run '" + missing + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_THAT(r.err, HasSubstr(missing));

    const Result q = run("eval --qrels '" + path("no_qrels.txt") + "' --run '" + golden("01_binary_basic/run.txt") + "'");
    EXPECT_EQ(q.exitCode, 1);
    EXPECT_THAT(q.err, HasSubstr(path("no_qrels.txt")));
}

TEST_F(EvalCliTest, MissingRunOptionIsAUsageError) {
    const Result r = run("eval --qrels '" + golden("01_binary_basic/qrels.txt") + "'");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_THAT(r.err, HasSubstr("--run"));
}

// trec_eval's `all` values (trec_eval_core_hp.txt, 12 decimals) with the
// trec tie and users policies. Mapping (README): P_k = precision@k, map =
// ap@all, ndcg = ndcg@all, recip_rank = rr@all, Rprec = rprec, recall_k =
// recall@k, ndcg_cut_k = ndcg@k, map_cut_k = ap@k, success_k = hr@k.
class EvalCliGoldenTest : public EvalCliTest, public ::testing::WithParamInterface<std::string> {};

TEST_P(EvalCliGoldenTest, TrecPoliciesReproduceTrecEval) {
    const std::string dir = golden(GetParam()) + "/";
    const std::map<std::string, std::string> measures = {
        {"P_5", "precision@5"},     {"P_20", "precision@20"},    {"map", "ap@all"},
        {"ndcg", "ndcg@all"},       {"recip_rank", "rr@all"},    {"Rprec", "rprec"},
        {"recall_10", "recall@10"}, {"recall_100", "recall@100"}, {"ndcg_cut_10", "ndcg@10"},
        {"map_cut_10", "ap@10"},    {"success_5", "hr@5"},       {"success_1", "hr@1"}};
    std::string list;
    for (const auto& [measure, id] : measures) list += (list.empty() ? "" : ",") + id;
    const Result r = run("eval --users trec --ties trec --format json --metrics '" + list + "' --qrels '" + dir +
                         "qrels.txt' --run '" + dir + "run.txt'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    const auto& values = json.at("models").at(0).at("metrics");
    const auto expected = trecEvalAll(dir + "trec_eval_core_hp.txt");
    for (const auto& [measure, id] : measures) {
        ASSERT_TRUE(expected.count(measure)) << measure;
        EXPECT_NEAR(values.at(id).get<double>(), expected.at(measure), 1e-9) << measure << " = " << id;
    }
}

INSTANTIATE_TEST_SUITE_P(Golden, EvalCliGoldenTest,
                         ::testing::Values("01_binary_basic", "03_ties_heavy", "04_all_tied", "05_zero_relevant"));

// ranklab-cli trec on trec_eval's own test suite (tests/data/golden/
// trec_eval_test: NIST's test/ folder of trec_eval 10.0, notice in
// LICENSE.md there), with the commands of trec_eval's quicktest. The
// official-measure outputs must match byte for byte; the all_trec outputs
// line for line wherever RankLab implements the measure (all but G).
#include "cli/trec_test_support.h"

using namespace ranklab::trec_test;

namespace {

std::string suite(const std::string& name) { return dataPath("golden/trec_eval_test/" + name); }

void expectTrecEvalOutput(const std::vector<std::string>& args, const std::string& expectedFile, bool whole) {
    const CliResult r = runTrec(args);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::string expected = readStored(suite(expectedFile));
    if (whole) EXPECT_EQ(r.out, expected);
    else expectSameOutput(expected, r.out, 0.0, expectedFile);
}

} // namespace

// trec_eval qrels.test results.test: tab-separated run with padded scores
// and a rank column that disagrees with them; qrels with grade 0 and 1.
TEST(TrecEvalSuiteTest, OfficialMeasuresMatchOutTest) {
    expectTrecEvalOutput({suite("qrels.test"), suite("results.test")}, "out.test", true);
}

// The same judgments with comment lines give the same output.
TEST(TrecEvalSuiteTest, QrelsWithCommentsMatchOutTest) {
    expectTrecEvalOutput({suite("qrels.test.with-comments"), suite("results.test")}, "out.test", true);
}

// Document ids containing '#', graded judgments.
TEST(TrecEvalSuiteTest, IdsWithHashMatchOutCommentTest) {
    expectTrecEvalOutput({suite("qrels.comment.test"), suite("results.comment.test")}, "out.comment.test", true);
}

TEST(TrecEvalSuiteTest, AllTrecMatchesOutTestA) {
    expectTrecEvalOutput({"-m", "all_trec", suite("qrels.test"), suite("results.test")}, "out.test.a", false);
}

TEST(TrecEvalSuiteTest, AllTrecPerQueryMatchesOutTestAq) {
    expectTrecEvalOutput({"-m", "all_trec", "-q", suite("qrels.test"), suite("results.test")}, "out.test.aq", false);
}

// results.trunc: query 302 missing (-c scores it 0) and junk after the
// sixth field of every line, which trec_eval ignores.
TEST(TrecEvalSuiteTest, CompleteOnTruncatedRunMatchesOutTestAqc) {
    expectTrecEvalOutput({"-m", "all_trec", "-q", "-c", suite("qrels.test"), suite("results.trunc")}, "out.test.aqc",
                         false);
}

// -M100 written as trec_eval's quicktest writes it (value attached).
TEST(TrecEvalSuiteTest, MaxLengthMatchesOutTestAqcM) {
    expectTrecEvalOutput({"-m", "all_trec", "-q", "-c", "-M100", suite("qrels.test"), suite("results.trunc")},
                         "out.test.aqcM", false);
}

// Relevance level 2 on grades -1..4 (-1: pooled but unjudged), and
// relstring with a parameter: -mrelstring.20 prints relstring_20.
TEST(TrecEvalSuiteTest, RelevanceLevelMatchesOutTestAql) {
    expectTrecEvalOutput(
        {"-m", "all_trec", "-mrelstring.20", "-q", "-l2", suite("qrels.rel_level"), suite("results.test")},
        "out.test.aql", false);
}

// Every line is compared, G's too: out.test.aq has 387 lines, 4 of them G
// (3 queries and "all").
TEST(TrecEvalSuiteTest, GLinesAreCompared) {
    const std::string expected = readStored(suite("out.test.aq"));
    const std::vector<std::string> all = lines(expected);
    EXPECT_EQ(all.size(), 387u);
    EXPECT_EQ(std::count_if(all.begin(), all.end(), [](const std::string& l) { return measureOf(l) == "G"; }), 4);
}

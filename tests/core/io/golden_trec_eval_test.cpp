// Smoke test on trec_eval's own test inputs (tests/data/golden/trec_eval_test,
// NIST notice in LICENSE.md there). The expected counts were computed
// independently with coreutils and awk, e.g.
//   wc -l FILE
//   awk '!/^#/ && NF>0 {n++; u[$1]; i[$3]} END {print n, length(u), length(i)}' FILE
//   cat qrels.test results.test | awk '{u[$1]; i[$3]} END {print length(u), length(i)}'
#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/dataset_loader.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {
std::string golden(const char* name) { return dataPath(std::string("golden/trec_eval_test/") + name); }
} // namespace

TEST(GoldenTrecEvalInputTest, QrelsTestAndResultsTest) {
    IdSpace ids;
    auto qrels = readJudgments(golden("qrels.test"), ids);
    EXPECT_EQ(qrels.report.format, "TREC qrels");
    EXPECT_EQ(qrels.report.lines, 3681u);    // wc -l
    EXPECT_EQ(qrels.report.records, 3681u);  // no repeated (user, item)
    EXPECT_EQ(qrels.report.users, 3u);
    EXPECT_EQ(qrels.report.items, 3338u);
    auto run = readRun(golden("results.test"), ids);
    EXPECT_EQ(run.report.format, "TREC run");  // tab separated, padded scores
    EXPECT_EQ(run.report.tag, "STANDARD");
    EXPECT_EQ(run.report.lines, 1500u);
    EXPECT_EQ(run.report.records, 1500u);
    EXPECT_EQ(run.report.users, 3u);
    EXPECT_EQ(run.report.items, 1500u);
    EXPECT_EQ(ids.users.size(), 3u);
    EXPECT_EQ(ids.items.size(), 4099u);  // union of both files' item ids
    EXPECT_EQ(run.report.newItems, 4099u - 3338u);
    // 561 lines of qrels.test have grade 1, the rest 0: awk '$4 > 0' qrels.test | wc -l
    std::size_t relevant = 0;
    for (UserId u = 0; u < ids.users.size(); ++u)
        for (double g : qrels.judgments.grades(u)) relevant += g > 0;
    EXPECT_EQ(relevant, 561u);
    // The first line of results.test: "301\tQ0\tFR940202-2-00150\t104\t  2.129133\tSTANDARD".
    UserId u301 = ids.users.find("301");
    EXPECT_EQ(ids.items.name(run.run.items(u301)[0]), "FR940202-2-00150");
    EXPECT_EQ(run.run.scores(u301)[0], 2.129133);
}

TEST(GoldenTrecEvalInputTest, QrelsWithCommentsReadsTheSameAsWithout) {
    IdSpace a, b;
    auto plain = readJudgments(golden("qrels.test"), a);
    auto commented = readJudgments(golden("qrels.test.with-comments"), b);
    EXPECT_EQ(commented.report.lines, 3684u);  // 3681 data lines + 3 comments (grep -c '^#')
    EXPECT_EQ(commented.report.records, 3681u);
    EXPECT_EQ(commented.report.skippedLines, 0u);
    // The one other difference (diff qrels.test qrels.test.with-comments): CR93E-1860 is CR#93E-1860.
    std::vector<Entry> expected = entriesOf(plain.judgments, a);
    for (Entry& e : expected)
        if (std::get<1>(e) == "CR93E-1860") std::get<1>(e) = "CR#93E-1860";
    EXPECT_EQ(entriesOf(commented.judgments, b), expected);
}

TEST(GoldenTrecEvalInputTest, CommentTestFilesWithHashInIds) {
    IdSpace ids;
    auto qrels = readJudgments(golden("qrels.comment.test"), ids);
    EXPECT_EQ(qrels.report.lines, 5890u);
    EXPECT_EQ(qrels.report.records, 5890u);
    EXPECT_EQ(qrels.report.users, 31u);
    EXPECT_EQ(qrels.report.items, 5828u);
    auto run = readRun(golden("results.comment.test"), ids);
    EXPECT_EQ(run.report.tag, "comment.test");
    EXPECT_EQ(run.report.lines, 30100u);
    EXPECT_EQ(run.report.records, 30100u);
    EXPECT_EQ(run.report.users, 301u);
    EXPECT_EQ(run.report.items, 29865u);
    EXPECT_EQ(ids.users.size(), 301u);
    EXPECT_EQ(ids.items.size(), 33977u);
    EXPECT_NE(ids.items.find("msmarco_v2.1_doc_50_2286987788#13_3087841662"), Interner::npos);
}

TEST(GoldenTrecEvalInputTest, AsAWorkspaceTheTagNamesTheModel) {
    DatasetSources s;
    s.judgments = golden("qrels.test");
    s.runs.push_back({"", golden("results.test"), {}});
    Dataset data = loadDataset(s, ReadOptions{});
    ASSERT_EQ(data.models.size(), 1u);
    EXPECT_EQ(data.models[0].name, "STANDARD");
    EXPECT_EQ(data.models[0].run.size(), 1500u);
}

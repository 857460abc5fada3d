// TREC qrels (`user 0 item grade`) and runs (`user Q0 item rank score tag`).
#include <cmath>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

TEST(TrecReaderTest, QrelsAreReadAsUserItemGradeSortedByItem) {
    TempDir dir;
    // Item ids are interned in order of first sight: d9=0, d1=1, d5=2.
    std::string path = dir.write("qrels", "q1 0 d9 1\nq1 0 d1 2\nq2 0 d5 0\nq2 0 d1 -1\n");
    IdSpace ids;
    auto loaded = readJudgments(path, ids);
    EXPECT_EQ(loaded.report.format, "TREC qrels");
    EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"q1", "q2"}));
    EXPECT_EQ(namesOf(ids.items), (std::vector<std::string>{"d9", "d1", "d5"}));
    // Sorted by item id within each user: q1 -> d9(0), d1(1); q2 -> d1(1), d5(2).
    EXPECT_EQ(entriesOf(loaded.judgments, ids),
              (std::vector<Entry>{{"q1", "d9", 1}, {"q1", "d1", 2}, {"q2", "d1", -1}, {"q2", "d5", 0}}));
    EXPECT_EQ(loaded.judgments.grade(0, 1), 2.0);
    EXPECT_FALSE(loaded.judgments.grade(0, 2).has_value());
    EXPECT_EQ(loaded.report.lines, 4u);
    EXPECT_EQ(loaded.report.records, 4u);
    EXPECT_EQ(loaded.report.users, 2u);
    EXPECT_EQ(loaded.report.items, 3u);
}

TEST(TrecReaderTest, RunKeepsFileOrderIgnoresRankAndTakesTheTag) {
    TempDir dir;
    // Ranks disagree with scores and with the line order; they are ignored.
    std::string path = dir.write("run", "q1 Q0 d3 1 0.2 bm25\nq1 Q0 d1 7 0.9 bm25\nq1 Q0 d2 2 0.5 bm25\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(loaded.report.format, "TREC run");
    EXPECT_EQ(loaded.report.tag, "bm25");
    EXPECT_EQ(entriesOf(loaded.run, ids),
              (std::vector<Entry>{{"q1", "d3", 0.2}, {"q1", "d1", 0.9}, {"q1", "d2", 0.5}}));
}

TEST(TrecReaderTest, HashLinesAreComments) {
    TempDir dir;
    std::string qrels = dir.write("q", "# a comment\nq1 0 d1 1\n  # indented comment\n\nq1 0 d2 0\n#q1 0 d3 1\n");
    std::string run = dir.write("r", "#run header\nq1 Q0 d1 1 1.5 tag\n# q1 Q0 d9 2 1 tag\nq1 Q0 d2 2 1 tag\n");
    IdSpace ids;
    auto j = readJudgments(qrels, ids);
    EXPECT_EQ(j.report.format, "TREC qrels");
    EXPECT_EQ(j.report.lines, 6u);
    EXPECT_EQ(j.report.records, 2u);
    EXPECT_EQ(j.report.skippedLines, 0u);
    auto r = readRun(run, ids);
    EXPECT_EQ(r.report.format, "TREC run");
    EXPECT_EQ(r.report.tag, "tag");
    EXPECT_EQ(entriesOf(r.run, ids), (std::vector<Entry>{{"q1", "d1", 1.5}, {"q1", "d2", 1}}));
    EXPECT_EQ(ids.items.find("d9"), Interner::npos);
}

TEST(TrecReaderTest, TabSeparatedWithPaddedScores) {
    TempDir dir;
    // As in trec_eval's results.test: tabs and scores padded with spaces.
    std::string path = dir.write("r",
                                 "301\tQ0\tFR940202-2-00150\t104\t  2.129133\tSTANDARD\n"
                                 "301\tQ0\tFR940202-2-00151\t414\t  1.724760\tSTANDARD\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(loaded.report.format, "TREC run");
    EXPECT_EQ(loaded.report.tag, "STANDARD");
    EXPECT_EQ(entriesOf(loaded.run, ids),
              (std::vector<Entry>{{"301", "FR940202-2-00150", 2.129133}, {"301", "FR940202-2-00151", 1.724760}}));
}

TEST(TrecReaderTest, InfiniteScoresAreAllowed) {
    IdSpace ids;
    auto loaded = readRun(dataPath("ok/run_infinite_scores.trec"), ids);
    auto scores = loaded.run.scores(0);
    ASSERT_EQ(scores.size(), 5u);
    EXPECT_EQ(scores[0], HUGE_VAL);
    EXPECT_EQ(scores[1], HUGE_VAL);
    EXPECT_EQ(scores[2], -HUGE_VAL);
    EXPECT_EQ(scores[3], -HUGE_VAL);
    EXPECT_EQ(scores[4], HUGE_VAL);  // 1e400 overflows to infinity, as strtod
    EXPECT_EQ(loaded.report.tag, "tagX");
}

TEST(TrecReaderTest, DeclaredTrecFormatIsUsedEvenWhenDetectionWouldNot) {
    TempDir dir;
    // A non-numeric second column: auto would not call this TREC qrels.
    std::string path = dir.write("q", "q1 Q0 d1 1\nq1 Q0 d2 0\n");
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("trec");
    auto loaded = readJudgments(path, ids, options);
    EXPECT_EQ(loaded.report.format, "TREC qrels");
    EXPECT_EQ(entriesOf(loaded.judgments, ids), (std::vector<Entry>{{"q1", "d1", 1}, {"q1", "d2", 0}}));
}

TEST(TrecReaderTest, QrelsWithQ0InTheIterationColumnAreDetected) {
    TempDir dir;
    std::string path = dir.write("q", "q1 Q0 d1 1\nq1 Q0 d2 0\n");
    IdSpace ids;
    auto loaded = readJudgments(path, ids);
    EXPECT_EQ(loaded.report.format, "TREC qrels");
    EXPECT_EQ(loaded.judgments.size(), 2u);
}

TEST(TrecReaderTest, TrecCohortsAreRefused) {
    TempDir dir;
    std::string path = dir.write("c", "u1 g1\n");
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("trec");
    InputError e = expectInputError([&] { readCohorts(path, ids, options); });
    EXPECT_NE(std::string(e.what()).find("cannot be in TREC format"), std::string::npos);
}

TEST(TrecReaderTest, ExclusionsInQrelsLayout) {
    TempDir dir;
    std::string path = dir.write("x", "q1 0 d2 1\nq1 0 d1 1\n");
    IdSpace ids;
    auto loaded = readExclusions(path, ids);
    EXPECT_EQ(loaded.report.format, "TREC qrels");
    EXPECT_TRUE(loaded.exclusions.contains(0, ids.items.find("d1")));
    EXPECT_TRUE(loaded.exclusions.contains(0, ids.items.find("d2")));
}

TEST(TrecReaderTest, ABrokenFirstLineIsReportedNotTakenForAnotherLayout) {
    TempDir dir;
    IdSpace ids;
    // A NaN score on line 1: still a TREC run, and line 1 is the error.
    std::string nan = dir.write("nan", "q1 Q0 d1 1 NaN run\nq1 Q0 d2 2 0.5 run\n");
    InputError e = expectInputError([&] { readRun(nan, ids); });
    EXPECT_EQ(e.where().line, 1u);
    EXPECT_EQ(e.where().column, 12u);
    EXPECT_NE(e.problem().find("NaN is not a valid score"), std::string::npos) << e.what();
    // The tag missing on line 1: the second line shows the layout.
    std::string shortFirst = dir.write("short", "q1 Q0 d1 1 0.9\nq1 Q0 d2 2 0.5 run\nq1 Q0 d3 3 0.4 run\n");
    InputError s = expectInputError([&] { readRun(shortFirst, ids); });
    EXPECT_EQ(s.where().line, 1u);
    EXPECT_EQ(s.problem(), "expected 6 fields (user Q0 item rank score tag), found 5") << s.what();
    // The same when line 2 is not in the first block.
    InputError t = expectInputError([&] { readRun(shortFirst, ids, withBlocks(16, 4)); });
    EXPECT_EQ(t.what(), std::string(s.what()));
    auto skipped = readRun(shortFirst, ids, skippingBadLines());
    EXPECT_EQ(skipped.report.format, "TREC run");
    EXPECT_EQ(skipped.report.tag, "run");
    EXPECT_EQ(skipped.report.records, 2u);
    // A NaN grade on line 1 of qrels.
    InputError g = expectInputError([&] { readJudgments(dir.write("q", "q1 0 d1 nan\nq1 0 d2 1\n"), ids); });
    EXPECT_EQ(g.where().line, 1u);
    EXPECT_NE(g.problem().find("NaN is not a valid grade"), std::string::npos) << g.what();
    EXPECT_EQ(ids.users.size(), 1u);  // q1, from the skipped read only
}

TEST(TrecReaderTest, AHeaderLineWithTrecColumnsStaysAHeader) {
    TempDir dir;
    // Same field count as the data: a header, read as delimited with names.
    std::string path = dir.write("r", "qid Q0 docno rank score tag\nq1 Q0 d1 1 0.5 run\nq1 Q0 d2 2 0.25 run\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(loaded.report.format, "whitespace-separated with header (user=qid, item=docno, score=score)");
    EXPECT_EQ(entriesOf(loaded.run, ids), (std::vector<Entry>{{"q1", "d1", 0.5}, {"q1", "d2", 0.25}}));
}

// A delimited file's first line is a header only when it names columns
// (issue 30, item 9): a headerless `q1,d1,high` is a data line with a bad
// score (an error at line 1, in its third field: byte column 7), not a
// header silently dropped; and
// a line guessed to be a header is a warning of the load report.
#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/header_mode.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

ReadOptions withFormat(const char* spec) {
    ReadOptions o;
    o.format = FormatSpec::parse(spec);
    return o;
}

// The load report's warning that a line was taken as a header, or "".
std::string headerWarning(const LoadReport& report) {
    for (const std::string& w : report.warnings)
        if (isHeaderTakenWarning(w)) return w;
    return {};
}

} // namespace

TEST(HeaderDetectionTest, IdsWithABadScoreAreADataLine) {
    TempDir dir;
    const std::string path = dir.write("run.csv", "q1,d1,high\nq1,d2,0.5\nq2,d1,0.25\n");
    IdSpace ids;
    const InputError e = expectInputError([&] { readRun(path, ids); });
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 1u);
    EXPECT_EQ(e.where().column, 7u);  // the byte where the third field starts, as every error counts columns
    EXPECT_NE(e.problem().find("expected a number"), std::string::npos) << e.what();
    // Skipping bad lines, it is counted as one, not taken as a header.
    IdSpace skipping;
    const LoadedRun loaded = readRun(path, skipping, skippingBadLines());
    EXPECT_EQ(loaded.report.skippedLines, 1u);
    EXPECT_EQ(headerWarning(loaded.report), "");
    EXPECT_EQ(loaded.report.records, 2u);
}

TEST(HeaderDetectionTest, NamesOfColumnsAreAHeaderAndTheReportSaysSo) {
    TempDir dir;
    struct Case {
        const char* text;
        const char* note;
    };
    const std::string rest = "); --header no (or the format's ,noheader) reads it as data";
    for (Case c : {Case{"user,item,score\nq1,d2,0.5\nq2,d1,0.25\n", "line 1 taken as a header (user, item, score"},
                   Case{"\nqid\tdocid\tpred\nq1\td2\t0.5\nq2\td1\t0.25\n",
                        "line 2 taken as a header (qid, docid, pred"},
                   // Words without digits name columns too.
                   Case{"customer,product,affinity\nq1,d2,0.5\nq2,d1,0.25\n",
                        "line 1 taken as a header (customer, product, affinity: not the usual column names"}}) {
        IdSpace ids;
        const LoadedRun loaded = readRun(dir.write("run", c.text), ids);
        EXPECT_EQ(loaded.report.records, 2u) << c.text;
        EXPECT_EQ(headerWarning(loaded.report), c.note + rest);
    }
}

TEST(HeaderDetectionTest, NumberedNamesAreNotGuessedAsAHeader) {
    TempDir dir;
    const std::string path = dir.write("run.csv", "col1,col2,col3\nq1,d2,0.5\n");
    IdSpace ids;
    const InputError e = expectInputError([&] { readRun(path, ids); });
    EXPECT_EQ(e.where().line, 1u);
    EXPECT_EQ(e.where().column, 11u);
    // Asked for, it is a header: the format says so, no warning.
    IdSpace asked;
    const LoadedRun loaded = readRun(path, asked, withFormat("csv,header"));
    EXPECT_EQ(loaded.report.records, 1u);
    EXPECT_EQ(loaded.report.format, "CSV with header (user=col1, item=col2, score=col3)");
    EXPECT_EQ(headerWarning(loaded.report), "");
}

TEST(HeaderDetectionTest, NoHeaderReadsANamedLineAsData) {
    TempDir dir;
    const std::string path = dir.write("qrels.tsv", "user\titem\t1\nu1\ti1\t2\n");
    IdSpace ids;
    const LoadedJudgments loaded = readJudgments(path, ids, withFormat("tsv,noheader"));
    EXPECT_EQ(loaded.report.records, 2u);
    EXPECT_EQ(headerWarning(loaded.report), "");
}

// Delimited text: tab, comma or whitespace; header detected or declared;
// columns mapped by name or index; CRLF and a UTF-8 BOM.
#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {
ReadOptions withFormat(const char* spec) {
    ReadOptions o;
    o.format = FormatSpec::parse(spec);
    return o;
}
const std::vector<Entry> kRun = {{"u1", "i1", 0.5}, {"u1", "i2", 0.25}, {"u2", "i3", 1}};
} // namespace

TEST(DelimitedReaderTest, SeparatorIsDetectedFromTheFirstLine) {
    TempDir dir;
    struct Case {
        const char* text;
        const char* format;
    };
    for (Case c : {Case{"u1\ti1\t0.5\nu1\ti2\t0.25\nu2\ti3\t1\n", "TSV without header (user=0, item=1, score=2)"},
                   Case{"u1,i1,0.5\nu1,i2,0.25\nu2,i3,1\n", "CSV without header (user=0, item=1, score=2)"},
                   Case{"u1 i1   0.5\nu1  i2 0.25\n\tu2 i3 1\n",
                        "whitespace-separated without header (user=0, item=1, score=2)"}}) {
        IdSpace ids;
        auto loaded = readRun(dir.write("run", c.text), ids);
        EXPECT_EQ(loaded.report.format, c.format);
        EXPECT_EQ(entriesOf(loaded.run, ids), kRun) << c.format;
    }
}

TEST(DelimitedReaderTest, HeaderIsDetectedAndColumnsFoundByUsualNames) {
    TempDir dir;
    // Columns in an unusual order; the header's names place them.
    std::string path = dir.write("run.csv", "score,item_id,user_id\n0.5,i1,u1\n0.25,i2,u1\n1,i3,u2\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(loaded.report.format, "CSV with header (user=user_id, item=item_id, score=score)");
    EXPECT_EQ(entriesOf(loaded.run, ids), kRun);
    EXPECT_EQ(loaded.report.lines, 4u);
    EXPECT_EQ(loaded.report.records, 3u);
}

TEST(DelimitedReaderTest, ColumnsByNameImplyAHeader) {
    TempDir dir;
    std::string path = dir.write("run.csv", "iid,junk,uid,pred\ni1,x,u1,0.5\ni2,y,u1,0.25\ni3,z,u2,1\n");
    IdSpace ids;
    auto loaded = readRun(path, ids, withFormat("csv,header,user=uid,item=iid,score=pred"));
    EXPECT_EQ(loaded.report.format, "CSV with header (user=uid, item=iid, score=pred)");
    EXPECT_EQ(entriesOf(loaded.run, ids), kRun);
    IdSpace ids2;
    EXPECT_EQ(entriesOf(readRun(path, ids2, withFormat("csv,user=uid,item=iid,score=pred")).run, ids2), kRun);
}

TEST(DelimitedReaderTest, ColumnsByIndex) {
    TempDir dir;
    std::string path = dir.write("run.tsv", "x\t0.5\ti1\tu1\nx\t0.25\ti2\tu1\nx\t1\ti3\tu2\n");
    IdSpace ids;
    auto loaded = readRun(path, ids, withFormat("tsv,user=3,item=2,score=1"));
    EXPECT_EQ(loaded.report.format, "TSV without header (user=3, item=2, score=1)");
    EXPECT_EQ(entriesOf(loaded.run, ids), kRun);
}

TEST(DelimitedReaderTest, TsvByIndexAsInTheIssue) {
    TempDir dir;
    std::string path = dir.write("run.tsv", "u1\ti1\t0.5\nu1\ti2\t0.25\nu2\ti3\t1\n");
    IdSpace ids;
    EXPECT_EQ(entriesOf(readRun(path, ids, withFormat("tsv,user=0,item=1,score=2")).run, ids), kRun);
}

TEST(DelimitedReaderTest, DeclaredNoHeaderReadsTheFirstLineAsData) {
    TempDir dir;
    // "user" is a perfectly good user id here.
    std::string path = dir.write("r", "user item 3\nu1 i1 0.5\n");
    IdSpace ids;
    auto loaded = readRun(path, ids, withFormat("ws,noheader"));
    EXPECT_EQ(entriesOf(loaded.run, ids), (std::vector<Entry>{{"user", "item", 3}, {"u1", "i1", 0.5}}));
    // Auto: the value column is a number, so there is no header either.
    IdSpace ids2;
    EXPECT_EQ(readRun(path, ids2).report.records, 2u);
}

TEST(DelimitedReaderTest, DeclaredHeaderWithUnknownNamesUsesPositions) {
    TempDir dir;
    std::string path = dir.write("r", "a\tb\tc\nu1\ti1\t0.5\nu1\ti2\t0.25\nu2\ti3\t1\n");
    IdSpace ids;
    auto loaded = readRun(path, ids, withFormat("tsv,header"));
    EXPECT_EQ(loaded.report.format, "TSV with header (user=a, item=b, score=c)");
    EXPECT_EQ(entriesOf(loaded.run, ids), kRun);
}

TEST(DelimitedReaderTest, AMissingColumnNameIsAnErrorListingTheHeader) {
    TempDir dir;
    std::string path = dir.write("r.csv", "uid,iid,pred\nu1,i1,0.5\n");
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(path, ids, withFormat("csv,score=rating")); });
    EXPECT_EQ(e.where().line, 1u);
    EXPECT_NE(e.problem().find("no column named \"rating\""), std::string::npos);
    EXPECT_NE(e.problem().find("uid, iid, pred"), std::string::npos);
}

TEST(DelimitedReaderTest, AColumnIndexPastTheLineIsAnError) {
    TempDir dir;
    std::string path = dir.write("r.csv", "u1,i1,0.5\n");
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(path, ids, withFormat("csv,score=5")); });
    EXPECT_NE(e.problem().find("score column 5 (0-based) does not exist"), std::string::npos);
}

TEST(DelimitedReaderTest, TwoRolesOnOneColumnIsAnError) {
    TempDir dir;
    std::string path = dir.write("r.csv", "u1,i1,0.5\n");
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(path, ids, withFormat("csv,user=1")); });
    EXPECT_NE(e.problem().find("same column"), std::string::npos);
}

TEST(DelimitedReaderTest, CsvQuotingFollowsRfc4180) {
    TempDir dir;
    std::string path = dir.write("r.csv", "\"u,1\",\"say \"\"hi\"\"\",0.5\n \"u2\" , i2 ,0.25\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(entriesOf(loaded.run, ids), (std::vector<Entry>{{"u,1", "say \"hi\"", 0.5}, {"u2", "i2", 0.25}}));
}

TEST(DelimitedReaderTest, AnUnterminatedQuoteIsAnErrorWithItsColumn) {
    TempDir dir;
    std::string path = dir.write("r.csv", "u1,i1,0.5\nu1,\"i2,0.25\n");
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(path, ids); });
    EXPECT_EQ(e.where().line, 2u);
    EXPECT_EQ(e.where().column, 4u);
    EXPECT_NE(e.problem().find("closing \""), std::string::npos);
}

TEST(DelimitedReaderTest, CrlfLineEndingsAreAccepted) {
    IdSpace ids;
    auto loaded = readJudgments(dataPath("ok/qrels_crlf.trec"), ids);
    EXPECT_EQ(loaded.report.lines, 3u);
    EXPECT_EQ(entriesOf(loaded.judgments, ids),
              (std::vector<Entry>{{"u1", "d1", 1}, {"u1", "d2", 0}, {"u2", "d1", 2}}));
}

TEST(DelimitedReaderTest, Utf8BomIsRemoved) {
    for (const char* file : {"ok/run_bom.csv", "ok/run_bom_crlf.tsv"}) {
        IdSpace ids;
        auto loaded = readRun(dataPath(file), ids);
        EXPECT_EQ(loaded.report.lines, 4u) << file;
        EXPECT_NE(loaded.report.format.find("with header (user=user, item=item, score=score)"), std::string::npos)
            << loaded.report.format;
        EXPECT_EQ(entriesOf(loaded.run, ids), kRun) << file;
        EXPECT_EQ(ids.users.find("\xEF\xBB\xBFuser"), Interner::npos);
    }
}

TEST(DelimitedReaderTest, ExclusionsWithoutValueColumnAndHeaderByName) {
    TempDir dir;
    std::string path = dir.write("x.tsv", "user_id\titem_id\nu1\ti2\nu1\ti1\nu1\ti2\n");
    IdSpace ids;
    auto loaded = readExclusions(path, ids);
    EXPECT_EQ(loaded.report.format, "TSV with header (user=user_id, item=item_id)");
    EXPECT_EQ(loaded.exclusions.size(), 2u);  // the repeated pair is merged
    EXPECT_EQ(loaded.report.identicalDuplicates, 1u);
    auto items = loaded.exclusions.items(0);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_LT(items[0], items[1]);  // sorted
}

TEST(DelimitedReaderTest, ExclusionsWithoutHeader) {
    TempDir dir;
    std::string path = dir.write("x.txt", "u1 i2\nu2 i1\n");
    IdSpace ids;
    auto loaded = readExclusions(path, ids);
    EXPECT_EQ(loaded.report.format, "whitespace-separated without header (user=0, item=1)");
    EXPECT_EQ(loaded.exclusions.size(), 2u);
}

TEST(DelimitedReaderTest, CommentsAreNotSpecialInDelimitedFiles) {
    TempDir dir;
    std::string path = dir.write("r.tsv", "u1\ti1\t0.5\n#u\ti2\t0.25\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(loaded.report.records, 2u);
    EXPECT_NE(ids.users.find("#u"), Interner::npos);
}

TEST(DelimitedReaderTest, ANaNOnTheFirstLineIsAnErrorNotAHeader) {
    TempDir dir;
    std::string path = dir.write("r.tsv", "u1\ti1\tnan\nu1\ti2\t0.5\n");
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(path, ids); });
    EXPECT_EQ(e.where().line, 1u);
    EXPECT_EQ(e.where().column, 7u);
    EXPECT_NE(e.problem().find("NaN is not a valid score"), std::string::npos) << e.what();
}

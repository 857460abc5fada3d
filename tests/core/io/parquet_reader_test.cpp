// Parquet input through DuckDB: the same scores as TSV, Parquet long and
// Parquet lists give identical metrics under every tie policy; folders of
// parts and globs; each bad input with its message. The fixtures are
// written by DuckDB itself; every test skips, saying why, without the library.
#include <cmath>
#include <filesystem>
#include <sstream>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "core/io/parquet_test_support.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "io/parquet_source.h"
#include "io/readers.h"
#include "rank/rank_cache.h"

using namespace ranklab;
using ranklab::test::entriesOf;
using ranklab::test::Entry;
using ranklab::test::expectInputError;
using ranklab::test::TempDir;
using ranklab::test::tsvRows;
using ranklab::test::writeParquet;

namespace {

// 40 users, each scoring 6 to 20 of 30 items with scores in quarters (many
// ties); grades 0-2 on some scored and some unscored items.
struct Fixture {
    std::string runTsv, qrelsTsv;
};

Fixture writeTsvs(const TempDir& dir) {
    std::ostringstream run, qrels;
    std::uint32_t state = 12345;
    auto next = [&] { return state = state * 1103515245u + 12345u, (state >> 16) & 0x7fff; };
    for (int u = 0; u < 40; ++u) {
        const int count = 6 + int(next() % 15);
        for (int k = 0; k < count; ++k)
            run << "u" << u << "\ti" << (u * 7 + k * 11) % 30 << "\t" << double(next() % 8) / 4.0 << "\n";
        for (int g = 0; g < 4; ++g)
            qrels << "u" << u << "\ti" << (u * 7 + g * 5) % 30 << "\t" << (next() % 3) << "\n";
    }
    return {dir.write("run.tsv", run.str()), dir.write("qrels.tsv", qrels.str())};
}

// Each user's entries as lists, in file order.
std::string asLists(const std::string& rows) {
    return "SELECT \"user\", list(item ORDER BY rn) AS items, list(score ORDER BY rn) AS scores FROM "
           "(SELECT *, row_number() OVER () AS rn FROM (" +
           rows + ")) GROUP BY \"user\" ORDER BY min(rn)";
}

RunSource source(const std::string& name, const std::string& path, const std::string& format) {
    return {name, path, FormatSpec::parse(format)};
}

EvalSettings settings(TiePolicy ties) {
    EvalSettings s;
    s.metrics = expandMetrics("precision@5,recall@10,ndcg@10,ap@all,rr@all,hr@3", {});
    s.ties = ties;
    s.parallelism = Parallelism(1);
    return s;
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

void expectSameModels(const Evaluation& e, std::size_t a, std::size_t b, const char* policy) {
    for (std::size_t m = 0; m < e.metricCount(); ++m)
        EXPECT_TRUE(same(e.models[a].means[m], e.models[b].means[m]))
            << policy << " metric " << m << ": " << e.models[a].means[m] << " vs " << e.models[b].means[m];
    ASSERT_EQ(e.models[a].perUser.size(), e.models[b].perUser.size());
    for (std::size_t i = 0; i < e.models[a].perUser.size(); ++i)
        ASSERT_TRUE(same(e.models[a].perUser[i], e.models[b].perUser[i])) << policy << " cell " << i;
}

InputError readRunError(const std::string& path, const std::string& format) {
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse(format);
    return expectInputError([&] { readRun(path, ids, options); });
}

} // namespace

TEST(ParquetFormatTest, TheParquetFormatAndItsColumnsRoundTrip) {
    const FormatSpec spec = FormatSpec::parse("parquet,user=uid,items=recs,scores=preds");
    EXPECT_EQ(spec.kind, FormatKind::Parquet);
    EXPECT_EQ(spec.user.name, "uid");
    EXPECT_EQ(spec.parquet.items, "recs");
    EXPECT_EQ(spec.parquet.scores, "preds");
    EXPECT_EQ(spec.toString(), "parquet,user=uid,items=recs,scores=preds");
    EXPECT_EQ(FormatSpec::parse(spec.toString()), spec);
    const FormatSpec ranked = FormatSpec::parse("parquet,user=u,item=i,rank=pos");
    EXPECT_EQ(ranked.parquet.rank, "pos");
    EXPECT_EQ(FormatSpec::parse(ranked.toString()), ranked);
    EXPECT_THROW(FormatSpec::parse("tsv,items=recs"), Error);  // list columns are Parquet's only
    EXPECT_THROW(FormatSpec::parse("parquet,header"), Error);
}

TEST(ParquetReaderTest, TheSameScoresAsTsvParquetLongAndParquetListsGiveIdenticalMetricsUnderEveryTiePolicy) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const Fixture f = writeTsvs(dir);
    const std::string longPath = dir.path() + "/long.parquet", listPath = dir.path() + "/lists.parquet";
    writeParquet(tsvRows(f.runTsv), longPath);
    writeParquet(asLists(tsvRows(f.runTsv)), listPath);

    DatasetSources s;
    s.judgments = f.qrelsTsv;
    s.runs = {source("tsv", f.runTsv, "tsv"), source("long", longPath, "parquet,user=user,item=item,score=score"),
              source("lists", listPath, "parquet,user=user,items=items,scores=scores")};
    const Dataset data = loadDataset(s, ReadOptions{});
    ASSERT_EQ(data.models.size(), 3u);
    EXPECT_EQ(entriesOf(data.models[1].run, data.ids), entriesOf(data.models[0].run, data.ids));
    EXPECT_EQ(entriesOf(data.models[2].run, data.ids), entriesOf(data.models[0].run, data.ids));
    EXPECT_EQ(data.models[1].report.formatName, "parquet");
    EXPECT_EQ(data.models[1].report.format, "Parquet (user=user, item=item, score=score)");
    EXPECT_EQ(data.models[2].report.format, "Parquet lists (user=user, items=items, scores=scores)");
    EXPECT_EQ(data.models[1].report.records, data.models[0].report.records);
    EXPECT_EQ(data.models[2].report.lines, 40u);  // one row per user

    for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic,
                           TiePolicy::Pessimistic}) {
        RankCache cache;
        const Evaluation e = evaluate(data, settings(ties), cache);
        ASSERT_EQ(e.models.size(), 3u);
        expectSameModels(e, 0, 1, tiePolicyName(ties));
        expectSameModels(e, 0, 2, tiePolicyName(ties));
    }
}

TEST(ParquetReaderTest, AGroundTruthFromParquetEqualsTheSameGroundTruthAsTsv) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const Fixture f = writeTsvs(dir);
    const std::string qrels = dir.path() + "/qrels.parquet";
    writeParquet(tsvRows(f.qrelsTsv, "grade"), qrels);
    IdSpace textIds, parquetIds;
    const LoadedJudgments text = readJudgments(f.qrelsTsv, textIds);
    const LoadedJudgments parquet = readJudgments(qrels, parquetIds);  // auto: .parquet, columns user, item, grade
    EXPECT_EQ(entriesOf(parquet.judgments, parquetIds), entriesOf(text.judgments, textIds));
    EXPECT_EQ(parquet.report.format, "Parquet (user=user, item=item, grade=grade)");
}

TEST(ParquetReaderTest, IntegerIdsAreTheSameIdsAsTheirTextInOtherFiles) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string tsv = dir.write("run.tsv", "7\ta\t0.5\n7\tb\t0.25\n12\ta\t1\n");
    const std::string path = dir.path() + "/ints.parquet";
    writeParquet(tsvRows(tsv, "score", "BIGINT"), path);
    IdSpace ids;
    ids.users.intern("12");  // as a text ground truth would have put it
    const LoadedRun run = readRun(path, ids);
    EXPECT_EQ(ids.users.size(), 2u);
    EXPECT_EQ(entriesOf(run.run, ids), (std::vector<Entry>{{"12", "a", 1.0}, {"7", "a", 0.5}, {"7", "b", 0.25}}));
}

TEST(ParquetReaderTest, ARankColumnAloneScoresEachItemByMinusItsRank) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.path() + "/ranked.parquet";
    writeParquet("SELECT * FROM (VALUES ('u', 'x', 2), ('u', 'y', 1), ('v', 'x', 1)) t(uid, iid, pos)", path);
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("parquet,user=uid,item=iid,rank=pos");
    const LoadedRun run = readRun(path, ids, options);
    EXPECT_EQ(entriesOf(run.run, ids), (std::vector<Entry>{{"u", "x", -2.0}, {"u", "y", -1.0}, {"v", "x", -1.0}}));
}

TEST(ParquetReaderTest, ListsWithoutScoresRankInListOrder) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.path() + "/topk.parquet";
    writeParquet("SELECT 'u' AS uid, ['c', 'a', 'b'] AS recs", path);
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("parquet,user=uid,items=recs");
    const LoadedRun run = readRun(path, ids, options);
    EXPECT_EQ(entriesOf(run.run, ids), (std::vector<Entry>{{"u", "c", -1.0}, {"u", "a", -2.0}, {"u", "b", -3.0}}));
}

TEST(ParquetReaderTest, ASparkFolderOfPartsAndAHivePartitionedFolderReadEveryPart) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const Fixture f = writeTsvs(dir);
    const std::string spark = dir.path() + "/spark", hive = dir.path() + "/hive";
    std::filesystem::create_directories(spark);
    // Spark's layout: part files, a _SUCCESS marker and checksum files.
    writeParquet(tsvRows(f.runTsv) + " WHERE CAST(substr(\"user\", 2) AS INT) < 15", spark + "/part-00000-a.snappy.parquet");
    writeParquet(tsvRows(f.runTsv) + " WHERE CAST(substr(\"user\", 2) AS INT) >= 15", spark + "/part-00001-a.snappy.parquet");
    dir.write("spark/_SUCCESS", "");
    dir.write("spark/.part-00000-a.snappy.parquet.crc", "not parquet");
    {
        duckdb::Session session;
        session.run("COPY (SELECT *, CAST(substr(\"user\", 2) AS INT) % 3 AS bucket FROM (" + tsvRows(f.runTsv) +
                    ")) TO " + duckdb::quoteString(hive) + " (FORMAT parquet, PARTITION_BY (bucket))");
    }
    ASSERT_TRUE(std::filesystem::exists(hive + "/bucket=0"));
    IdSpace ids;
    const LoadedRun text = readRun(f.runTsv, ids);
    for (const std::string& folder : {spark, hive + "/"}) {
        EXPECT_TRUE(looksLikeParquet(folder));
        const LoadedRun parts = readRun(folder, ids);
        auto a = entriesOf(parts.run, ids), b = entriesOf(text.run, ids);
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        EXPECT_EQ(a, b) << folder;
    }
    EXPECT_EQ(fileStem(spark + "/"), "spark");
}

TEST(ParquetReaderTest, AGlobReadsEveryMatchingFile) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    writeParquet("SELECT 'u' AS \"user\", 'a' AS item, 1.0 AS score", dir.path() + "/one.parquet");
    writeParquet("SELECT 'v' AS \"user\", 'b' AS item, 2.0 AS score", dir.path() + "/two.parquet");
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("parquet");
    const LoadedRun run = readRun(dir.path() + "/*.parquet", ids, options);
    EXPECT_EQ(entriesOf(run.run, ids), (std::vector<Entry>{{"u", "a", 1.0}, {"v", "b", 2.0}}));
    EXPECT_EQ(fileStem(dir.path() + "/*.parquet"), std::filesystem::path(dir.path()).filename().string());
}

TEST(ParquetReaderTest, AMissingColumnNamesTheFileTheColumnAndTheColumnsPresent) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.path() + "/run.parquet";
    writeParquet("SELECT 'u' AS uid, 'a' AS iid, 0.5 AS prediction", path);
    EXPECT_EQ(std::string(readRunError(path, "parquet,user=uid,item=iid,score=score").what()),
              path + ": no column \"score\" (the score column); the columns are: uid, iid, prediction");
    EXPECT_EQ(std::string(readRunError(path, "parquet,user=uid,items=recs").what()),
              path + ": no column \"recs\" (the items list column); the columns are: uid, iid, prediction");
    EXPECT_EQ(std::string(readRunError(path, "parquet,user=5,item=iid,score=prediction").what()),
              path + ": there is no column 5 (the user column); the file has 3 columns: uid, iid, prediction");
}

TEST(ParquetReaderTest, ACorruptFileIsNamedWithDuckDbsReason) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.write("broken.parquet", "PAR1 this is not really a parquet file at all PAR1");
    const std::string message = readRunError(path, "parquet").what();
    const std::string prefix = path + ": cannot be read as Parquet: ";
    EXPECT_EQ(message.substr(0, prefix.size()), prefix) << message;
    EXPECT_GT(message.size(), prefix.size());
}

TEST(ParquetReaderTest, ANullScoreOrIdNamesTheFileAndTheRow) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.path() + "/nulls.parquet";
    writeParquet("SELECT * FROM (VALUES ('u', 'a', 0.5, 'x'), ('u', 'b', NULL, 'y'), (NULL, 'c', 0.1, 'z')) "
                 "t(\"user\", item, score, tag)",
                 path);
    EXPECT_EQ(std::string(readRunError(path, "parquet").what()),
              path + ": row 2: the score (column \"score\") is null; expected a number");
    EXPECT_EQ(std::string(readRunError(path, "parquet,score=tag").what()).substr(0, path.size() + 1), path + ":")
        << "a text score is DuckDB's conversion error, naming the file";
    const std::string users = dir.path() + "/nullusers.parquet";
    writeParquet("SELECT * FROM (VALUES ('u', 'a', 0.5), (NULL, 'c', 0.1)) t(\"user\", item, score)", users);
    EXPECT_EQ(std::string(readRunError(users, "parquet").what()),
              users + ": row 2: the user (column \"user\") is null; expected an id");
}

TEST(ParquetReaderTest, BadListsNameTheFileTheRowAndTheEntry) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string unequal = dir.path() + "/unequal.parquet";
    writeParquet("SELECT * FROM (VALUES ('u', ['a', 'b'], [1.0, 0.5]), ('v', ['a', 'b', 'c'], [1.0, 0.5])) "
                 "t(\"user\", items, scores)",
                 unequal);
    EXPECT_EQ(std::string(readRunError(unequal, "parquet,items=items,scores=scores").what()),
              unequal + ": row 2: the items list (column \"items\") has 3 entries and the scores list (column "
                        "\"scores\") 2; expected lists of equal length");
    const std::string nullEntry = dir.path() + "/nullentry.parquet";
    writeParquet("SELECT * FROM (VALUES ('u', ['a', 'b'], [1.0, 0.5]), ('v', ['a', 'b'], [1.0, NULL])) "
                 "t(\"user\", items, scores)",
                 nullEntry);
    EXPECT_EQ(std::string(readRunError(nullEntry, "parquet,items=items,scores=scores").what()),
              nullEntry + ": row 2: entry 2 of the scores list (column \"scores\") is null; expected a number");
}

TEST(ParquetReaderTest, ANullInTheSecondPartNamesThatPart) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string folder = dir.path() + "/parts";
    std::filesystem::create_directories(folder);
    writeParquet("SELECT 'u' AS \"user\", 'a' AS item, 1.0 AS score", folder + "/part-0.parquet");
    writeParquet("SELECT * FROM (VALUES ('v', 'a', 1.0), ('v', 'b', NULL)) t(\"user\", item, score)",
                 folder + "/part-1.parquet");
    EXPECT_EQ(std::string(readRunError(folder, "parquet").what()),
              folder + "/part-1.parquet: row 2: the score (column \"score\") is null; expected a number");
}

TEST(ParquetReaderTest, ARepeatedPairNamesBothRows) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.path() + "/dup.parquet";
    writeParquet("SELECT * FROM (VALUES ('u', 'a', 1.0), ('u', 'b', 0.5), ('u', 'a', 0.2)) t(\"user\", item, score)",
                 path);
    EXPECT_EQ(std::string(readRunError(path, "parquet").what()),
              path + ": duplicate (user, item) in a run: user \"u\", item \"a\" in rows 1 and 3 of " + path +
                  "; expected each pair once (--duplicates=first|max keeps one)");
}

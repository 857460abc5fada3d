// The import dialog's look at a Parquet input: parts, rows and column types
// from DuckDB, the first rows as text (NULL shown), what a format spec reads
// from it, and why a mapping does not read (a missing column, named).
#include <filesystem>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/io/io_test_support.h"
#include "core/io/parquet_test_support.h"
#include "io/parquet_preview.h"

using namespace ranklab;
using namespace ranklab::test;
using ::testing::HasSubstr;

namespace {

const char* kRows =
    "SELECT * FROM (VALUES ('u1', 'a', 0.5), ('u1', 'b', 0.25), ('u2', NULL, 1.0), ('u3', 'c', -2.0)) "
    "AS t(uid, iid, pred)";

} // namespace

TEST(ParquetPreviewTest, ShowsPartsRowsTypesAndTheFirstRows) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string file = dir.path() + "/run.parquet";
    writeParquet(kRows, file);
    const ParquetPreview p = previewParquet(file, Role::Run, FormatSpec::parse("parquet,user=uid,item=iid,score=pred"), 3);
    EXPECT_EQ(p.description, "Parquet: 1 part, 4 rows, 3 columns (uid VARCHAR, iid VARCHAR, pred DECIMAL(3,2))");
    EXPECT_EQ(p.columns, (std::vector<std::string>{"uid VARCHAR", "iid VARCHAR", "pred DECIMAL(3,2)"}));
    ASSERT_EQ(p.rows.size(), 3u);  // maxRows
    EXPECT_EQ(p.rows[0], (std::vector<std::string>{"u1", "a", "0.50"}));
    EXPECT_EQ(p.rows[2], (std::vector<std::string>{"u2", "NULL", "1.00"}));
    EXPECT_EQ(p.reads, "Parquet (user=uid, item=iid, score=pred)");
    EXPECT_EQ(p.problem, "");
}

TEST(ParquetPreviewTest, AColumnTheSpecNamesButTheFileLacksIsTheProblem) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string file = dir.path() + "/run.parquet";
    writeParquet(kRows, file);
    const ParquetPreview p = previewParquet(file, Role::Run, FormatSpec::parse("parquet,user=user,item=iid,score=pred"));
    EXPECT_EQ(p.reads, "");
    EXPECT_THAT(p.problem, HasSubstr("no column \"user\""));
    EXPECT_THAT(p.problem, HasSubstr("uid, iid, pred"));
    EXPECT_EQ(p.rows.size(), 4u);  // the rows are shown all the same, to choose from
    // By index, as the dialog maps them.
    FormatSpec byIndex = FormatSpec::parse("parquet");
    byIndex.user.index = 0;
    byIndex.item.index = 1;
    byIndex.value.index = 2;
    EXPECT_EQ(previewParquet(file, Role::Run, byIndex).reads, "Parquet (user=uid, item=iid, score=pred)");
}

TEST(ParquetPreviewTest, AFolderOfPartsCountsItsParts) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    std::filesystem::create_directories(dir.path() + "/spark");
    writeParquet(std::string(kRows) + " WHERE uid = 'u1'", dir.path() + "/spark/part-00000.parquet");
    writeParquet(std::string(kRows) + " WHERE uid <> 'u1'", dir.path() + "/spark/part-00001.parquet");
    const ParquetPreview p = previewParquet(dir.path() + "/spark", Role::Run, FormatSpec::parse("parquet,user=uid,item=iid,score=pred"));
    EXPECT_THAT(p.description, HasSubstr("Parquet: 2 parts, 4 rows, 3 columns"));
}

TEST(ParquetPreviewTest, ANonParquetFileIsAnInputErrorNamingIt) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string file = dir.write("bad.parquet", "PAR1 not really PAR1");
    try {
        previewParquet(file, Role::Run, FormatSpec::parse("parquet"));
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_THAT(std::string(e.what()), HasSubstr(file));
        EXPECT_THAT(e.problem(), HasSubstr("cannot be read as Parquet"));
    }
}

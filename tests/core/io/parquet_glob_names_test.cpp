// A Parquet part whose name holds a glob character ('*', '?', '[', in a
// file or a folder name, with or without a backslash) is read as itself and
// nothing else: RankLab lists the parts, and DuckDB, which globs every path
// it is given, gets each written so that it matches only that file. Each
// part holds one user's two rows, so a part read twice or a neighbour read
// in its place shows in the users and the row count.
#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "core/io/parquet_test_support.h"
#include "io/parquet_source.h"
#include "io/readers.h"

namespace ranklab {
namespace {

using test::TempDir;

struct Part {
    const char* file;
    const char* user;
};

// Beside each name holding a glob character, a name it would match as a glob.
const std::vector<Part> kParts = {
    {"a*b.parquet", "star"},        {"axb.parquet", "x"},          {"a?c.parquet", "question"},
    {"abc.parquet", "abc"},         {"a[1].parquet", "bracket"},   {"a1.parquet", "one"},
    {"a\\*b.parquet", "backslash"}, {"a\\xb.parquet", "backslash-x"}, {"run[1]/p.parquet", "folder-bracket"},
    {"run1/p.parquet", "folder-one"},
};

std::set<std::string> usersOf(const std::string& path, std::size_t& records) {
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("parquet");
    const LoadedRun run = readRun(path, ids, options);
    records = run.report.records;
    std::set<std::string> users;
    for (UserId u = 0; u < ids.users.size(); ++u) users.insert(std::string(ids.users.name(u)));
    return users;
}

class ParquetGlobNamesTest : public ::testing::Test {
protected:
    void SetUp() override {
        RANKLAB_SKIP_WITHOUT_DUCKDB();
        root = dir.path() + "/parts";
        for (const Part& p : kParts) {
            const std::string file = root + "/" + p.file;
            std::filesystem::create_directories(std::filesystem::path(file).parent_path());
            // COPY ... TO writes the name as it is (DuckDB globs only what it reads).
            test::writeParquet(std::string("SELECT * FROM (VALUES ('") + p.user + "', 'i1', 1.0), ('" + p.user +
                                   "', 'i2', 0.5)) t(\"user\", item, score)",
                               file);
            ASSERT_TRUE(std::filesystem::is_regular_file(file)) << file;
        }
    }
    TempDir dir;
    std::string root;
};

TEST_F(ParquetGlobNamesTest, EachFileNamedIsReadAloneWhateverItsName) {
    for (const Part& p : kParts) {
        SCOPED_TRACE(p.file);
        std::size_t records = 0;
        EXPECT_EQ(usersOf(root + "/" + p.file, records), std::set<std::string>{p.user});
        EXPECT_EQ(records, 2u);
    }
}

TEST_F(ParquetGlobNamesTest, AGlobAndAFolderReadEachPartOnce) {
    std::set<std::string> top, all;
    for (const Part& p : kParts) {
        all.insert(p.user);
        if (std::string(p.file).find('/') == std::string::npos) top.insert(p.user);
    }
    std::size_t records = 0;
    EXPECT_EQ(usersOf(root + "/*.parquet", records), top);
    EXPECT_EQ(records, 2 * top.size());
    EXPECT_EQ(usersOf(root, records), all);
    EXPECT_EQ(records, 2 * all.size());
    EXPECT_EQ(usersOf(root + "/run[[]1]/*.parquet", records), std::set<std::string>{"folder-bracket"});
    EXPECT_EQ(records, 2u);
}

TEST(ParquetGlobNamesPathTest, GlobCharactersAreBracketedUnlessThePathHoldsABackslash) {
    EXPECT_EQ(duckdbLiteralPath("/d/a.parquet"), "/d/a.parquet");
    EXPECT_EQ(duckdbLiteralPath("/d/a*b.parquet"), "/d/a[*]b.parquet");
    EXPECT_EQ(duckdbLiteralPath("/d[1]/a?b.parquet"), "/d[[]1]/a[?]b.parquet");
    EXPECT_EQ(duckdbLiteralPath("/d/a\\*b.parquet"), "/d/a\\*b.parquet");
    EXPECT_EQ(duckdbLiteralPath("/d/a\\b.parquet"), "/d/a\\b.parquet");
}

} // namespace
} // namespace ranklab

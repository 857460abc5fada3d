// Parquet paths and columns built to hurt: URLs (refused before DuckDB),
// FIFOs, folders and globs past the bounds or deeper than asked, BOOLEAN
// and STRUCT columns, ids holding NUL, DuckDB's messages (no SQL in them)
// and the locked session settings.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "core/io/parquet_test_support.h"
#include "io/parquet_source.h"
#include "io/readers.h"

namespace ranklab {
namespace {

using test::messageOf;
using test::TempDir;
using test::writeParquet;

std::string readRunMessage(const std::string& path, const std::string& format = "parquet") {
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse(format);
    return messageOf([&] { readRun(path, ids, options); });
}

const std::string kForms = "expected a local Parquet file, a local folder of parts (every *.parquet under it) or a "
                           "glob of local files (\"parts/*.parquet\"; \"**\" to descend into folders)";

TEST(ParquetSandboxTest, AUrlOfAnySchemeIsRefusedNamingThePathsAllowed) {
    for (const std::string url : {"https://example.invalid/x.parquet", "s3://bucket/part-*.parquet",
                                  "hf://datasets/x/y.parquet", "file:///tmp/x.parquet"}) {
        EXPECT_EQ(messageOf([&] { parquetParts(url); }),
                  url + ": a URL: RankLab reads no Parquet over a network (nor installs DuckDB extensions to); " +
                      kForms + " (download the file first)");
        EXPECT_EQ(readRunMessage(url).rfind(url + ": a URL", 0), 0u);
    }
    EXPECT_FALSE(looksLikeParquet("https://example.invalid/folder"));
}

TEST(ParquetSandboxTest, AFifoAndAMissingPathAreRefused) {
    TempDir dir;
    const std::string fifo = dir.path() + "/x.parquet";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(messageOf([&] { parquetParts(fifo); }),
              fifo + ": not a regular file (a FIFO, socket or device); " + kForms);
    const std::string missing = dir.path() + "/none.parquet";
    EXPECT_EQ(messageOf([&] { parquetParts(missing); }), missing + ": no such file or folder; " + kForms);
}

TEST(ParquetSandboxTest, AGlobReadsOneFolderUnlessItSaysTwoStars) {
    TempDir dir;
    std::filesystem::create_directories(dir.path() + "/d/sub/deeper");
    for (const char* name : {"d/a.parquet", "d/b.txt", "d/sub/b.parquet", "d/sub/deeper/c.parquet"})
        dir.write(name, "PAR1");
    const std::string d = dir.path() + "/d";
    EXPECT_EQ(parquetParts(d + "/*.parquet"), (std::vector<std::string>{d + "/a.parquet"}));
    EXPECT_EQ(parquetParts(d + "/*/*.parquet"), (std::vector<std::string>{d + "/sub/b.parquet"}));
    EXPECT_EQ(parquetParts(d + "/**/*.parquet"),
              (std::vector<std::string>{d + "/a.parquet", d + "/sub/b.parquet", d + "/sub/deeper/c.parquet"}));
    // A folder: every *.parquet under it, sorted.
    EXPECT_EQ(parquetParts(d), (std::vector<std::string>{d + "/a.parquet", d + "/sub/b.parquet",
                                                         d + "/sub/deeper/c.parquet"}));
    EXPECT_EQ(messageOf([&] { parquetParts(d + "/*.csv"); }), d + "/*.csv: the glob matches no file; " + kForms);
}

TEST(ParquetSandboxTest, AFolderOfMoreThanTenThousandPartsIsRefusedBeforeDuckDb) {
    TempDir dir;
    std::filesystem::create_directories(dir.path() + "/many");
    for (std::uint64_t i = 0; i <= kMaxParquetParts; ++i)
        std::ofstream(dir.path() + "/many/part-" + std::to_string(i) + ".parquet");
    const std::string folder = dir.path() + "/many";
    EXPECT_EQ(messageOf([&] { parquetParts(folder); }),
              folder + ": more than 10000 Parquet parts; " + kForms + " of at most 10000 parts");
    EXPECT_EQ(messageOf([&] { parquetParts(folder + "/*.parquet"); }),
              folder + "/*.parquet: more than 10000 Parquet parts; " + kForms + " of at most 10000 parts");
}

TEST(ParquetSandboxTest, BooleanAndStructColumnsAreRefusedNamingTheFileAndTheColumn) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string flags = dir.path() + "/flags.parquet";
    writeParquet("SELECT 'u' AS \"user\", 'a' AS item, true AS score", flags);
    EXPECT_EQ(readRunMessage(flags), flags + ": column \"score\" (the score) is BOOLEAN; expected numbers (integer, "
                                             "decimal or floating point) (RankLab does not convert other types)");
    const std::string structs = dir.path() + "/structs.parquet";
    writeParquet("SELECT {'id': 7} AS \"user\", 'a' AS item, 1.0 AS score", structs);
    EXPECT_EQ(readRunMessage(structs), structs + ": column \"user\" (the user) is STRUCT(id INTEGER); expected text "
                                                 "or integer ids (RankLab does not convert other types)");
}

TEST(ParquetSandboxTest, AnIdHoldingANulCharacterIsRefusedNamingTheRowAndColumn) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.path() + "/nul.parquet";
    writeParquet("SELECT * FROM (VALUES ('u', 'a', 1.0), ('u', 'b' || chr(0) || 'c', 0.5)) t(\"user\", item, score)",
                 path);
    EXPECT_EQ(readRunMessage(path),
              path + ": row 2: the item (column \"item\") holds a NUL character; expected an id of text");
}

TEST(ParquetSandboxTest, DuckDbsMessagesKeepTheirFirstLineWithoutTheQuery) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    TempDir dir;
    const std::string path = dir.write("broken.parquet", "PAR1 this is not really a parquet file at all PAR1");
    const std::string message = readRunMessage(path);
    EXPECT_EQ(message.rfind(path + ": cannot be read as Parquet: ", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.find("SELECT"), std::string::npos) << message;
    EXPECT_EQ(message.find("read_parquet"), std::string::npos) << message;
    EXPECT_EQ(duckdb::cleanMessage("Binder Error: no column \"x\"\n\nLINE 1: SELECT \"x\" FROM read_parquet('a')\n"),
              "Binder Error: no column \\\"x\\\"");
}

TEST(ParquetSandboxTest, TheSessionSettingsAreLockedAgainstExtensionInstalls) {
    RANKLAB_SKIP_WITHOUT_DUCKDB();
    duckdb::Session session;
    EXPECT_THROW(session.run("SET autoinstall_known_extensions = true"), duckdb::QueryError);
    EXPECT_THROW(session.run("SET autoload_known_extensions = true"), duckdb::QueryError);
}

} // namespace
} // namespace ranklab

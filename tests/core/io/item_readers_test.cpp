// The beyond-accuracy inputs: item attributes (--items) and the catalogue
// (--catalog), including bad input naming file, line and column.
#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/catalog_reader.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

std::vector<std::string> attributesOf(const ItemAttributes& a, const IdSpace& ids, std::string_view item) {
    std::vector<std::string> out;
    for (std::uint32_t x : a.of(ids.items.find(item))) out.emplace_back(a.attributeName(x));
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

TEST(ItemAttributesReadTest, SeveralLinesPerItemAreMergedAndSorted) {
    TempDir dir;
    IdSpace ids;
    readJudgments(dir.write("q", "u1 0 a 1\n"), ids);
    auto loaded = readItemAttributes(dir.write("i.tsv", "b\tcomedy\na\tdrama\nb\tdrama\nb\tcomedy\n"), ids);
    EXPECT_EQ(loaded.report.format, "TSV without header (item=0, attribute=1)");
    EXPECT_EQ(namesOf(ids.items), (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(ids.users.size(), 1u);  // items are not users
    EXPECT_EQ(attributesOf(loaded.attributes, ids, "a"), (std::vector<std::string>{"drama"}));
    EXPECT_EQ(attributesOf(loaded.attributes, ids, "b"), (std::vector<std::string>{"comedy", "drama"}));
    EXPECT_EQ(loaded.attributes.attributeCount(), 2u);
    EXPECT_EQ(loaded.report.records, 3u);
    EXPECT_EQ(loaded.report.identicalDuplicates, 1u);
    EXPECT_EQ(loaded.report.newItems, 1u);
    EXPECT_EQ(loaded.report.newUsers, 0u);
}

TEST(ItemAttributesReadTest, CsvWithHeaderAndJsonListsGiveTheSameSets) {
    TempDir dir;
    IdSpace csvIds, jsonIds;
    auto csv = readItemAttributes(dir.write("i.csv", "item_id,genre\nx,a\nx,b\ny,a\n"), csvIds);
    EXPECT_EQ(csv.report.format, "CSV with header (item=item_id, attribute=genre)");
    auto json = readItemAttributes(dir.write("i.json", "{\"x\": [\"a\", \"b\"],\n \"y\": \"a\"}\n"), jsonIds);
    EXPECT_EQ(json.report.format, "JSON");
    for (const char* item : {"x", "y"})
        EXPECT_EQ(attributesOf(csv.attributes, csvIds, item), attributesOf(json.attributes, jsonIds, item));
    EXPECT_EQ(attributesOf(json.attributes, jsonIds, "x"), (std::vector<std::string>{"a", "b"}));
}

TEST(ItemAttributesReadTest, AMissingAttributeNamesFileLineAndColumn) {
    TempDir dir;
    IdSpace ids;
    const std::string path = dir.write("i", "x a\ny\nz b\n");
    InputError e = expectInputError([&] { readItemAttributes(path, ids); });
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 2u);
    EXPECT_GE(e.where().column, 1u);
    EXPECT_NE(e.problem().find("expected 2 fields"), std::string::npos) << e.problem();
    EXPECT_EQ(ids.items.size(), 0u);  // rolled back
}

TEST(ItemAttributesReadTest, BadJsonSaysWhatWasExpected) {
    TempDir dir;
    IdSpace ids;
    const std::string path = dir.write("i.json", "{\"x\": [\"a\", 3]}");
    InputError e = expectInputError([&] { readItemAttributes(path, ids); });
    EXPECT_EQ(e.where().line, 1u);
    EXPECT_EQ(e.where().column, 13u);
    EXPECT_NE(e.problem().find("an attribute"), std::string::npos) << e.problem();
    InputError empty = expectInputError([&] { readItemAttributes(dir.write("e.json", "{\"\": \"a\"}"), ids); });
    EXPECT_NE(empty.problem().find("empty item id"), std::string::npos) << empty.problem();
}

TEST(ItemAttributesReadTest, TrecFormatIsRefused) {
    TempDir dir;
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("trec");
    InputError e = expectInputError([&] { readItemAttributes(dir.write("i", "x a\n"), ids, options); });
    EXPECT_NE(e.problem().find("`item attribute` lines"), std::string::npos) << e.problem();
}

TEST(CatalogReadTest, OneIdALineCommentsAndRepeatsIgnored) {
    TempDir dir;
    IdSpace ids;
    ids.items.intern("b");
    auto loaded = readCatalog(dir.write("cat", "# the catalogue\nc\n\nb\r\n  a  \nc\n"), ids);
    std::vector<std::string> names;
    for (ItemId i : loaded.items) names.emplace_back(ids.items.name(i));
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(std::is_sorted(loaded.items.begin(), loaded.items.end()));
    EXPECT_EQ(loaded.report.records, 3u);
    EXPECT_EQ(loaded.report.newItems, 2u);
    EXPECT_EQ(loaded.report.identicalDuplicates, 1u);
    EXPECT_EQ(loaded.report.lines, 6u);
}

TEST(CatalogReadTest, CompressedCatalogReadsTheSame) {
    TempDir dir;
    IdSpace ids;
    auto loaded = readCatalog(dir.write("cat.gz", gzipBytes("x\ny\n")), ids);
    EXPECT_EQ(loaded.items.size(), 2u);
    EXPECT_EQ(loaded.report.compression, Compression::Gzip);
}

TEST(CatalogReadTest, TwoFieldsOnALineNameTheColumnOfTheSecond) {
    TempDir dir;
    IdSpace ids;
    const std::string path = dir.write("cat", "a\nb\nc 3\n");
    InputError e = expectInputError([&] { readCatalog(path, ids); });
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, 3u);
    EXPECT_EQ(e.where().column, 3u);
    EXPECT_NE(e.problem().find("expected one item id a line"), std::string::npos);
    EXPECT_EQ(ids.items.size(), 0u);  // rolled back
}

TEST(CatalogReadTest, EmptyAndMissingFilesAreErrors) {
    TempDir dir;
    IdSpace ids;
    InputError empty = expectInputError([&] { readCatalog(dir.write("cat", "# nothing\n\n"), ids); });
    EXPECT_EQ(empty.where().line, 1u);
    EXPECT_NE(empty.problem().find("no item ids"), std::string::npos);
    InputError missing = expectInputError([&] { readCatalog(dir.path() + "/absent", ids); });
    EXPECT_EQ(missing.where().file, dir.path() + "/absent");
}

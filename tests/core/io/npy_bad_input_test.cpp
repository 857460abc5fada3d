// Every bad numpy input is an InputError naming the file, where in it
// (byte offset, row and column, or member) and what was expected.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "core/io/npy_test_support.h"
#include "io/npy_array.h"
#include "io/npy_run_reader.h"
#include "io/readers.h"

namespace ranklab {
namespace {

using test::NpyMatrix;
using test::messageOf;
using test::TempDir;

NpyMatrix small() { return {2, 3, {1, 2, 3, 4, 5, 6}}; }

std::string readError(const std::string& path, const std::string& format, IdSpace* ids = nullptr) {
    IdSpace own;
    IdSpace& space = ids ? *ids : own;
    ReadOptions options;
    options.format = FormatSpec::parse(format);
    return messageOf([&] { readRun(path, space, options); });
}

TEST(NpyBadInput, HeaderVersionsOneTwoAndThreeParse) {
    TempDir dir;
    for (int version : {1, 2, 3}) {
        NpyArray a = NpyArray::open(dir.write("v.npy", test::npyBytes(small(), "<f4", false, version)));
        EXPECT_EQ(a.header().majorVersion, version);
        EXPECT_EQ(a.rows(), 2u);
        EXPECT_EQ(a.columns(), 3u);
        std::vector<double> row(6);
        a.readRows(0, 2, row.data());
        EXPECT_EQ(row, small().values);
    }
}

TEST(NpyBadInput, AFileWithoutTheMagicNamesByteZero) {
    TempDir dir;
    std::string bytes = test::npyBytes(small(), "<f4");
    bytes[1] = 'X';
    EXPECT_EQ(readError(dir.write("bad.npy", bytes), "npy"),
              dir.path() + "/bad.npy: byte 0: not a .npy file: expected the magic \\x93NUMPY (found \"\\x93XUMPY\")");
}

TEST(NpyBadInput, AnUnsupportedVersionNamesByteSix) {
    TempDir dir;
    std::string bytes = test::npyBytes(small(), "<f4");
    bytes[6] = 4;
    EXPECT_EQ(readError(dir.write("bad.npy", bytes), "npy"),
              dir.path() + "/bad.npy: byte 6: unsupported .npy version 4.0; expected 1.0, 2.0 or 3.0");
}

TEST(NpyBadInput, AnUnsupportedDtypeSaysWhichAreRead) {
    TempDir dir;
    EXPECT_EQ(readError(dir.write("u2.npy", test::npyBytes(small(), "<u2")), "npy"),
              dir.path() + "/u2.npy: byte 10: unsupported dtype '<u2'; expected one of <f2 <f4 <f8 <i4 <i8 (or "
                           "big-endian >f2 ... >i8)");
}

TEST(NpyBadInput, ABrokenHeaderDictNamesTheByte) {
    TempDir dir;
    std::string bytes = test::npyBytes(small(), "<f4");
    const std::size_t at = bytes.find("False");
    bytes.replace(at, 5, "Flase");
    EXPECT_EQ(readError(dir.write("dict.npy", bytes), "npy"),
              dir.path() + "/dict.npy: byte " + std::to_string(at) +
                  ": expected True or False in the header dict (found \"Flase, 'shape': (2, \")");
}

TEST(NpyBadInput, TruncatedDataSaysWhereItEnds) {
    TempDir dir;
    std::string bytes = test::npyBytes(small(), "<f4");
    bytes.resize(bytes.size() - 6);  // 4.5 of 6 values
    EXPECT_EQ(readError(dir.write("cut.npy", bytes), "npy"),
              dir.path() + "/cut.npy: byte 146: the data is truncated: shape (2, 3) of float32 needs 24 data bytes "
                           "after the 128-byte header, the file has 18 (it ends at row 1, column 1)");
}

TEST(NpyBadInput, AShapeThatLiesAboutTheSizeIsAnError) {
    TempDir dir;
    // The data of 2 x 3 under a header claiming 2 x 2.
    const std::string bytes = test::npyBytes(small(), "<f4", false, 1, "(2, 2)");
    EXPECT_EQ(readError(dir.write("lies.npy", bytes), "npy"),
              dir.path() + "/lies.npy: byte 144: the header's shape (2, 2) of float32 accounts for 16 data bytes but "
                           "the file has 24; expected the shape to match the data");
}

TEST(NpyBadInput, AOneDimensionalArrayIsNotAMatrix) {
    TempDir dir;
    const std::string bytes = test::npyBytes({1, 6, small().values}, "<f4", false, 1, "(6,)");
    EXPECT_EQ(readError(dir.write("flat.npy", bytes), "npy"),
              dir.path() + "/flat.npy: the array has shape (6,) (1 dimensions); expected 2 (users x items)");
}

TEST(NpyBadInput, ANanScoreNamesRowAndColumnAndTheirIds) {
    TempDir dir;
    NpyMatrix m = small();
    m.values[5] = std::numeric_limits<double>::quiet_NaN();
    const std::string users = dir.write("users.txt", "alice\nbob\n");
    const std::string items = dir.write("items.txt", "x\ny\nz\n");
    EXPECT_EQ(readError(dir.write("nan.npy", test::npyBytes(m, "<f4")), "npy,users=" + users + ",items=" + items),
              dir.path() + "/nan.npy: row 1 (user \"bob\"), column 2 (item \"z\"): the score is NaN; expected a "
                           "number, or -inf for an item not ranked");
    // Found by the selection pass too (rankDepth below the row length).
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("npy");
    options.rankDepth = 1;
    EXPECT_EQ(messageOf([&] { readRun(dir.path() + "/nan.npy", ids, options); }),
              dir.path() + "/nan.npy: row 1, column 2: the score is NaN; expected a number, or -inf for an item "
                           "not ranked");
    EXPECT_EQ(ids.users.size(), 0u);  // nothing interned on error
}

TEST(NpyBadInput, AVocabularyWithTheWrongNumberOfLines) {
    TempDir dir;
    const std::string npy = dir.write("m.npy", test::npyBytes(small(), "<f4"));
    const std::string items = dir.write("items.txt", "x\ny\n");
    EXPECT_EQ(readError(npy, "npy,items=" + items),
              items + ":3: 2 lines; expected 3 (one per column of " + npy + ", shape (2, 3))");
    const std::string users = dir.write("users.txt", "a\nb\nc\n");
    EXPECT_EQ(readError(npy, "npy,users=" + users),
              users + ":3: 3 lines; expected 2 (one per row of " + npy + ", shape (2, 3))");
    const std::string twice = dir.write("twice.txt", "a\na\n");
    EXPECT_EQ(readError(npy, "npy,users=" + twice), twice + ":2:1: id \"a\" is on lines 1 and 2; expected each id once");
}

TEST(NpyBadInput, ATopkIndexOutOfRangeNamesRowAndColumn) {
    TempDir dir;
    const std::string items = dir.write("items.txt", "x\ny\nz\n");
    const std::string npy = dir.write("topk.npy", test::npyBytes({2, 2, {0, 1, 2, 3}}, "<i8"));
    EXPECT_EQ(readError(npy, "npy-topk,items=" + items),
              npy + ": row 1, column 1: item index 3 is out of range; expected 0 to 2 (a line of the items= "
                    "vocabulary), or pad=N to drop a padding index");
    // pad=3 drops it.
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("npy-topk,pad=3,items=" + items);
    EXPECT_EQ(readRun(npy, ids, options).run.size(), 3u);
    const std::string negative = dir.write("neg.npy", test::npyBytes({1, 2, {0, -1}}, "<i4"));
    EXPECT_EQ(readError(negative, "npy-topk"),
              negative + ": row 0, column 1: item index -1 is out of range; expected 0 to 268435455 (or give an "
                         "items= vocabulary), or pad=N to drop a padding index");
}

TEST(NpyBadInput, ATopkRowWithAnItemTwiceIsAnErrorUnlessDuplicatesAreResolved) {
    TempDir dir;
    const std::string npy = dir.write("dup.npy", test::npyBytes({1, 3, {4, 2, 4}}, "<i8"));
    EXPECT_EQ(readError(npy, "npy-topk"),
              npy + ": row 0, column 2: item index 4 is also in column 0; expected each item once a row "
                    "(--duplicates=first|max keeps one)");
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("npy-topk");
    options.duplicates = DuplicatePolicy::First;
    ranklab::Run run = readRun(npy, ids, options).run;
    ASSERT_EQ(run.size(), 2u);
    EXPECT_EQ(ids.items.name(run.items(0)[0]), "4");
    EXPECT_EQ(run.scores(0)[0], -1.0);
    EXPECT_EQ(ids.items.name(run.items(0)[1]), "2");
}

TEST(NpyBadInput, TopkScoresOfAnotherShapeAreAnError) {
    TempDir dir;
    const std::string scores = dir.write("s.npy", test::npyBytes({2, 3, {1, 2, 3, 4, 5, 6}}, "<f4"));
    const std::string npy = dir.write("i.npy", test::npyBytes({2, 2, {0, 1, 1, 0}}, "<i8"));
    EXPECT_EQ(readError(npy, "npy-topk,scores=" + scores),
              scores + ": the scores have shape (2, 3); expected (2, 2), the shape of the item indices in " + npy);
}

TEST(NpyBadInput, ACorruptZipMemberIsNamed) {
    TempDir dir;
    NpyMatrix m{20, 20, {}};
    for (int i = 0; i < 400; ++i) m.values.push_back(i % 7);
    const std::string path = dir.path() + "/corrupt.npz";
    test::writeZip(path, {{"scores.npy", test::npyBytes(m, "<f8"), true}});
    std::string bytes = test::readFileBytes(path);
    // Flip a byte inside the deflated data (after the 30-byte local header and the name).
    bytes[30 + 10 + 40] ^= 0x55;
    dir.write("corrupt.npz", bytes);
    const std::string message = readError(path, "npz");
    EXPECT_EQ(message.rfind(path + ": member scores.npy: ", 0), 0u) << message;
    EXPECT_NE(message.find("; the member is corrupt"), std::string::npos) << message;
}

TEST(NpyBadInput, AnArchiveWithoutScoresSaysWhatItHolds) {
    TempDir dir;
    const std::string path = dir.path() + "/other.npz";
    test::writeZip(path, {{"weights.npy", test::npyBytes(small(), "<f4"), false}});
    EXPECT_EQ(readError(path, "npz"), path + ": the archive holds weights; expected an array 'scores' (a dense "
                                             "matrix) or 'items' and 'scores' (top-k)");
    const std::string notZip = dir.write("text.npz", "user item score\n");
    EXPECT_EQ(readError(notZip, "npz").rfind(notZip + ": not a readable .npz (zip) archive: ", 0), 0u);
}

TEST(NpyBadInput, NumpyFormatsAreForRunsOnly) {
    TempDir dir;
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("npy");
    const std::string path = dir.write("q.npy", test::npyBytes(small(), "<f4"));
    EXPECT_EQ(messageOf([&] { readJudgments(path, ids, options); }),
              path + ": the format npy is for runs only; expected a text format (auto, trec, json, tsv, csv, ws) "
                     "for the ground truth");
}

} // namespace
} // namespace ranklab

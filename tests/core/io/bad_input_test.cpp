// Bad input: a precise error (file, line, column, the text, what was
// expected), never a crash; --skip-bad-lines counts and lists. The files are
// in tests/data/bad/.
#include <algorithm>

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

struct Expected {
    std::uint64_t line, column;
    std::vector<std::string> words;  // each must appear in the message
};

void expectError(const InputError& e, const std::string& path, const Expected& x) {
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, x.line) << e.what();
    EXPECT_EQ(e.where().column, x.column) << e.what();
    std::string message = e.what();
    std::string prefix =
        path + std::string(":") + std::to_string(x.line) + std::string(":") + std::to_string(x.column) + ": ";
    EXPECT_EQ(message.substr(0, prefix.size()), prefix) << message;
    for (const auto& w : x.words) EXPECT_NE(message.find(w), std::string::npos) << "'" << w << "' not in: " << message;
}

InputError runError(const std::string& path, ReadOptions options = {}) {
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(path, ids, options); });
    EXPECT_EQ(ids.users.size(), 0u);
    EXPECT_EQ(ids.items.size(), 0u);
    return e;
}

InputError judgmentsError(const std::string& path, ReadOptions options = {}) {
    IdSpace ids;
    InputError e = expectInputError([&] { readJudgments(path, ids, options); });
    EXPECT_EQ(ids.users.size(), 0u);
    return e;
}

} // namespace

TEST(BadInputTest, WrongNumberOfFields) {
    std::string path = dataPath("bad/wrong_field_count.trec");
    // Line 2 is "q1 Q0 d2 2 0.8": 14 bytes, the missing field would start at column 15.
    expectError(runError(path), path,
                {2, 15, {"expected 6 fields (user Q0 item rank score tag), found 5", "found \"q1 Q0 d2 2 0.8\""}});
}

TEST(BadInputTest, TooManyFieldsPointsAtTheFirstExtraField) {
    TempDir dir;
    std::string path = dir.write("r.csv", "u,i,1\nu,j,2,extra\n");
    expectError(runError(path), path, {2, 7, {"expected 3 fields (as on the first line), found 4"}});
}

TEST(BadInputTest, NonNumericScore) {
    std::string path = dataPath("bad/non_numeric_score.tsv");
    expectError(runError(path), path, {3, 7, {"expected a number for the score", "found \"high\""}});
}

TEST(BadInputTest, NonNumericGrade) {
    std::string path = dataPath("bad/non_numeric_grade.qrels");
    expectError(judgmentsError(path), path, {2, 9, {"expected a number for the grade", "found \"relevant\""}});
}

TEST(BadInputTest, NaNScore) {
    std::string path = dataPath("bad/nan_score.trec");
    expectError(runError(path), path, {2, 12, {"NaN is not a valid score", "inf is allowed", "found \"NaN\""}});
}

TEST(BadInputTest, EmptyFile) {
    std::string path = dataPath("bad/empty.tsv");
    expectError(runError(path), path, {1, 1, {"the file is empty", "expected run lines (user, item, score)"}});
    TempDir dir;
    std::string blank = dir.write("blank", "\n  \n\t\r\n");
    expectError(judgmentsError(blank), blank, {1, 1, {"the file is empty", "expected ground truth lines"}});
}

TEST(BadInputTest, HeaderOnlyFile) {
    std::string path = dataPath("bad/header_only.csv");
    expectError(runError(path), path, {2, 1, {"header but no data lines", "expected run lines"}});
}

TEST(BadInputTest, OnlyCommentsInADeclaredTrecFile) {
    TempDir dir;
    std::string path = dir.write("c", "\n# one\n# two\n");
    ReadOptions options;
    options.format = FormatSpec::parse("trec");
    expectError(runError(path, options), path, {2, 1, {"only comment lines", "expected run lines"}});
}

// What zlib / libzstd can decompress from a broken stream: the error must
// point just past it (line = its newlines + 1, column = bytes after the last).
std::pair<std::uint64_t, std::uint64_t> whereDataStops(const std::string& compressed, bool gzip) {
    std::string out;
    char buffer[4096];
    if (gzip) {
        z_stream z{};
        inflateInit2(&z, 15 + 16);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
        z.avail_in = static_cast<uInt>(compressed.size());
        for (int rc = Z_OK; rc == Z_OK;) {
            z.next_out = reinterpret_cast<Bytef*>(buffer);
            z.avail_out = sizeof buffer;
            rc = inflate(&z, Z_NO_FLUSH);
            out.append(buffer, sizeof buffer - z.avail_out);
        }
        inflateEnd(&z);
    } else {
        ZSTD_DStream* d = ZSTD_createDStream();
        ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
        for (;;) {
            ZSTD_outBuffer o{buffer, sizeof buffer, 0};
            std::size_t rc = ZSTD_decompressStream(d, &o, &in);
            out.append(buffer, o.pos);
            if (ZSTD_isError(rc) || (o.pos == 0 && in.pos == in.size)) break;
        }
        ZSTD_freeDStream(d);
    }
    std::size_t lastNewline = out.rfind('\n');
    std::uint64_t column = lastNewline == std::string::npos ? out.size() + 1 : out.size() - lastNewline;
    return {static_cast<std::uint64_t>(std::count(out.begin(), out.end(), '\n')) + 1, column};
}

TEST(BadInputTest, TruncatedGzip) {
    // The first 1200 bytes of a 1675-byte gzip file (head -c 1200).
    std::string path = dataPath("bad/truncated_gzip.gz");
    auto [line, column] = whereDataStops(readFileBytes(path), true);
    EXPECT_GT(line, 10u);
    expectError(runError(path), path,
                {line, column, {"truncated gzip stream", "bytes of decompressed data", "expected the rest"}});
}

TEST(BadInputTest, TruncatedZstd) {
    // The first 1200 bytes of a 1544-byte zstd file (head -c 1200).
    std::string path = dataPath("bad/truncated_zstd.zst");
    auto [line, column] = whereDataStops(readFileBytes(path), false);
    expectError(runError(path), path, {line, column, {"truncated zstd stream", "expected the rest"}});
}

TEST(BadInputTest, CorruptGzipIsReportedAtAByteOffsetNotALineOfGarbage) {
    // A gzip file with 40 bytes of its deflate data flipped (gzip -t: "invalid compressed data--crc error").
    // The bytes decoded before the error may be garbage: no line is named.
    std::string path = dataPath("bad/corrupt_gzip.gz");
    const std::uint64_t size = readFileBytes(path).size();
    for (std::size_t block : {std::size_t(64), std::size_t(1) << 20}) {
        InputError e = runError(path, withBlocks(block, 256));
        EXPECT_EQ(e.where().line, 0u) << e.what();
        const std::string message = e.what();
        const std::string prefix = path + ": corrupt gzip data at byte ";
        ASSERT_EQ(message.substr(0, prefix.size()), prefix) << message;
        const std::uint64_t offset = std::stoull(message.substr(prefix.size()));
        EXPECT_GT(offset, 0u);
        EXPECT_LE(offset, size);
        EXPECT_NE(message.find("invalid distance too far back; expected a valid gzip stream"), std::string::npos) << message;
    }
}

TEST(BadInputTest, StreamErrorsNameTheLineWhereTheDataStopsAtAnyBlockSize) {
    TempDir dir;
    std::string text;
    // 12000 lines, about 300 KB: more than two 128 KB zstd blocks.
    for (int i = 0; i < 12000; ++i)
        text += std::string("user") + std::to_string(i % 100) + std::string(" item") + std::to_string(i) + " 0.5\n";
    for (bool gzip : {true, false}) {
        std::string bytes = gzip ? gzipBytes(text) : zstdBytes(text);
        bytes.resize(bytes.size() * 2 / 3);
        std::string path = dir.write(gzip ? "t.gz" : "t.zst", bytes);
        auto [line, column] = whereDataStops(bytes, gzip);
        EXPECT_GT(line, 1000u) << gzip;
        for (std::size_t block : {std::size_t(64), std::size_t(1000), std::size_t(16) << 20}) {
            ReadOptions options;
            options.blockBytes = block;
            options.chunkBytes = 16;
            InputError e = runError(path, options);
            expectError(e, path, {line, column, {gzip ? "truncated gzip stream" : "truncated zstd stream"}});
        }
    }
}

TEST(BadInputTest, BinaryGarbage) {
    // 600 random bytes with NULs at offsets 10 and 11 (no newline before them).
    std::string path = dataPath("bad/binary_garbage.bin");
    expectError(runError(path), path, {1, 11, {"binary data (a NUL byte)", "expected a text file"}});
    IdSpace ids;
    expectInputError([&] { readJudgments(path, ids); });
    expectInputError([&] { readExclusions(path, ids); });
    expectInputError([&] { readCohorts(path, ids); });
    EXPECT_EQ(ids.users.size(), 0u);
}

TEST(BadInputTest, NulByteInALaterLine) {
    TempDir dir;
    std::string path = dir.write("n", std::string("u i 1\nu j \0 2\n", 14));
    expectError(runError(path), path, {2, 5, {"binary data (a NUL byte)"}});
}

TEST(BadInputTest, IdLongerThan64KiB) {
    TempDir dir;
    std::string longId(70000, 'x');
    std::string path = dir.write("long", "u1 Q0 d1 1 0.5 t\nu1 Q0 " + longId + " 2 0.4 t\n");
    expectError(runError(path), path, {2, 7, {"the item id is 70000 bytes long; expected at most 65536"}});
    // Exactly 64 KiB is fine.
    std::string ok = dir.write("ok", "u1 " + std::string(65536, 'y') + " 0.5\n");
    IdSpace ids;
    EXPECT_EQ(readRun(ok, ids).run.size(), 1u);
    // With tiny blocks the long line crosses many of them.
    ReadOptions small;
    small.blockBytes = 64;
    small.chunkBytes = 16;
    expectError(runError(path, small), path, {2, 7, {"expected at most 65536"}});
}

TEST(BadInputTest, DuplicateInARunNamesBothLines) {
    std::string path = dataPath("bad/duplicate_run.trec");
    expectError(runError(path), path,
                {4, 1, {"duplicate (user, item) in a run", "user \"q1\", item \"d1\"", "lines 1 and 4"}});
    IdSpace ids;
    auto first = readRun(path, ids, withDuplicates(DuplicatePolicy::First));
    EXPECT_EQ(entriesOf(first.run, ids), (std::vector<Entry>{{"q1", "d1", 0.9}, {"q1", "d2", 0.8}, {"q2", "d1", 0.5}}));
    EXPECT_EQ(first.report.duplicatesDropped, 1u);
    IdSpace ids2;
    auto max = readRun(path, ids2, withDuplicates(DuplicatePolicy::Max));
    EXPECT_EQ(entriesOf(max.run, ids2), (std::vector<Entry>{{"q1", "d1", 0.95}, {"q1", "d2", 0.8}, {"q2", "d1", 0.5}}));
    EXPECT_EQ(max.report.duplicatesDropped, 1u);
    EXPECT_EQ(max.report.records, 3u);
}

TEST(BadInputTest, IdenticalLinesInARunAreDuplicatesToo) {
    TempDir dir;
    std::string path = dir.write("r", "u a 1\nu b 1\nu a 1\n");
    expectError(runError(path), path, {3, 1, {"lines 1 and 3"}});
}

TEST(BadInputTest, ConflictingJudgmentsNameBothLines) {
    // Line 3 repeats line 1 exactly (merged); line 4 gives (q1, d1) another grade.
    std::string path = dataPath("bad/duplicate_judgments.qrels");
    expectError(judgmentsError(path), path,
                {4, 1, {"judged twice with different grades", "user \"q1\", item \"d1\"", "lines 1 and 4"}});
    IdSpace ids;
    auto first = readJudgments(path, ids, withDuplicates(DuplicatePolicy::First));
    EXPECT_EQ(entriesOf(first.judgments, ids), (std::vector<Entry>{{"q1", "d1", 1}, {"q1", "d2", 0}, {"q2", "d1", 0}}));
    EXPECT_EQ(first.report.identicalDuplicates, 1u);
    EXPECT_EQ(first.report.duplicatesDropped, 1u);
    IdSpace ids2;
    auto max = readJudgments(path, ids2, withDuplicates(DuplicatePolicy::Max));
    EXPECT_EQ(entriesOf(max.judgments, ids2), (std::vector<Entry>{{"q1", "d1", 2}, {"q1", "d2", 0}, {"q2", "d1", 0}}));
}

TEST(BadInputTest, IdenticalJudgmentsAreMergedSilentlyWithACount) {
    TempDir dir;
    std::string path = dir.write("q", "q1 0 d1 1\nq1 0 d1 1\nq1 0 d2 0\nq1 0 d1 1\n");
    IdSpace ids;
    auto loaded = readJudgments(path, ids);
    EXPECT_EQ(loaded.report.identicalDuplicates, 2u);
    EXPECT_EQ(loaded.report.duplicatesDropped, 0u);
    EXPECT_EQ(loaded.report.records, 2u);
    EXPECT_EQ(loaded.report.warnings, (std::vector<std::string>{"2 repeated identical lines merged"}));
}

TEST(BadInputTest, MissingFile) {
    std::string path = dataPath("bad/no_such_file.tsv");
    InputError e = runError(path);
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(std::string(e.what()), path + ": cannot open the file: No such file or directory");
}

TEST(BadInputTest, DirectoryInsteadOfAFile) {
    std::string path = dataPath("bad");
    InputError e = runError(path);
    EXPECT_EQ(std::string(e.what()), path + ": cannot read the file: it is a directory, expected a file");
}

TEST(BadInputTest, UnreadableFile) {
    if (::geteuid() == 0) GTEST_SKIP() << "root can read a chmod 000 file";
    TempDir dir;
    std::string path = dir.write("secret", "u i 1\n");
    ::chmod(path.c_str(), 0);
    InputError e = runError(path);
    EXPECT_NE(std::string(e.what()).find("cannot open the file: Permission denied"), std::string::npos);
}

TEST(BadInputTest, UserInTwoCohortGroups) {
    // u1 is "young" on line 2 (repeated identically on line 4) and "old" on line 6.
    std::string path = dataPath("bad/two_groups.cohorts");
    IdSpace ids;
    InputError e = expectInputError([&] { readCohorts(path, ids); });
    expectError(
        e, path,
        {6,
         1,
         {"user \"u1\" is in two groups", "\"young\" (line 2)", "\"old\" (line 6)", "expected one group per user"}});
    EXPECT_EQ(ids.users.size(), 0u);
}

TEST(BadInputTest, SkipBadLinesCountsAndListsTheFirstTen) {
    TempDir dir;
    std::string text = "user\titem\tscore\n";
    int bad = 0;
    for (int i = 0; i < 40; ++i) {
        if (i % 3 == 1) {
            text += std::string("u") + std::to_string(i) + std::string("\tbad\tx") + std::to_string(i) + "\n";
            ++bad;
        } else {
            text += std::string("u") + std::to_string(i) + std::string("\ti") + std::to_string(i) + std::string("\t") +
                    std::to_string(i) + "\n";
        }
    }
    std::string path = dir.write("r.tsv", text);
    IdSpace ids;
    auto loaded = readRun(path, ids, skippingBadLines());
    EXPECT_EQ(bad, 13);  // i = 1, 4, ..., 37
    EXPECT_EQ(loaded.report.skippedLines, 13u);
    EXPECT_EQ(loaded.report.records, 27u);  // nothing else lost
    EXPECT_EQ(loaded.report.lines, 41u);
    ASSERT_EQ(loaded.report.firstSkipped.size(), 10u);
    // i = 1 is on line 3 (the header is line 1); then every third line.
    for (std::size_t k = 0; k < 10; ++k) {
        EXPECT_EQ(loaded.report.firstSkipped[k].line, 3 + 3 * k);
        EXPECT_EQ(loaded.report.firstSkipped[k].problem, "expected a number for the score");
    }
    EXPECT_EQ(loaded.report.firstSkipped[0].column, 8u);  // "u1\tbad\tx1": x at byte 8
    EXPECT_EQ(loaded.report.firstSkipped[0].text, "x1");
    // The guessed header is said (issue 30, item 9), then the skipped lines.
    EXPECT_EQ(loaded.report.warnings,
              (std::vector<std::string>{"line 1 taken as a header (user, item, score); --header no (or the format's "
                                        ",noheader) reads it as data",
                                        "13 bad lines skipped"}));
    // Bad ids never reach the IdSpace.
    EXPECT_EQ(ids.items.find("bad"), Interner::npos);
    EXPECT_EQ(ids.users.find("u1"), Interner::npos);
}

TEST(BadInputTest, SkipBadLinesWhenEveryLineIsBadIsStillAnError) {
    TempDir dir;
    std::string path = dir.write("r", "u Q0 a 1 x t\nu Q0 b 1 y t\n");
    IdSpace ids;
    ReadOptions options = skippingBadLines();
    options.format = FormatSpec::parse("trec");  // auto would take the first line for a header
    InputError e = expectInputError([&] { readRun(path, ids, options); });
    expectError(e, path, {1, 10, {"every line was bad (2 skipped)", "expected a number for the score"}});
}

TEST(BadInputTest, SkipBadLinesStillStopsAtBrokenStreamsAndDuplicates) {
    ReadOptions skip = skippingBadLines();
    runError(dataPath("bad/truncated_gzip.gz"), skip);
    runError(dataPath("bad/duplicate_run.trec"), skip);
}

TEST(BadInputTest, ABadLineBeforeABrokenStreamIsTheErrorAtAnyBlockSize) {
    TempDir dir;
    std::string text = "u1 i1 0.5\nu1 i2 oops\n";
    for (int i = 0; i < 3000; ++i) text.append("u").append(std::to_string(i)).append(" item 0.5\n");
    std::string bytes = gzipBytes(text);
    bytes.resize(bytes.size() * 3 / 4);
    std::string path = dir.write("t.gz", bytes);
    for (std::size_t block : {std::size_t(16), std::size_t(64), std::size_t(4096), std::size_t(16) << 20}) {
        ReadOptions options = withBlocks(block, 16);
        expectError(runError(path, options), path, {2, 7, {"expected a number for the score"}});
        // Skipping bad lines, the broken stream is the error, found at the same place.
        options.skipBadLines = true;
        auto [line, column] = whereDataStops(bytes, true);
        expectError(runError(path, options), path, {line, column, {"truncated gzip stream"}});
    }
}

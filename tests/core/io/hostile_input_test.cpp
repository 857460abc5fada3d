// Hostile input: limits on lines, fields and decompression; bounded format
// detection; pipes read once; silent losses made loud. The small
// reproducers are in tests/data/bad/, the big ones are made here.
#include <sys/stat.h>
#include <unistd.h>

#include <fcntl.h>

#include <thread>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/byte_source.h"
#include "io/dataset_loader.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

InputError runError(const std::string& path, const ReadOptions& options = {}) {
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(path, ids, options); });
    EXPECT_EQ(ids.users.size(), 0u);
    EXPECT_EQ(ids.items.size(), 0u);
    return e;
}

void expectAt(const InputError& e, const std::string& path, std::uint64_t line, std::uint64_t column,
              const std::vector<std::string>& words) {
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, line) << e.what();
    EXPECT_EQ(e.where().column, column) << e.what();
    for (const auto& w : words)
        EXPECT_NE(std::string(e.what()).find(w), std::string::npos) << "'" << w << "' not in: " << e.what();
}

// Writes `text` into the FIFO `path` from another thread (open blocks until
// the reader opens it).
std::thread writeFifo(const std::string& path, std::string text) {
    return std::thread([path, text = std::move(text)] {
        int fd = ::open(path.c_str(), O_WRONLY);
        if (fd < 0) return;
        std::size_t at = 0;
        while (at < text.size()) {
            ssize_t n = ::write(fd, text.data() + at, text.size() - at);
            if (n <= 0) break;
            at += static_cast<std::size_t>(n);
        }
        ::close(fd);
    });
}

} // namespace

TEST(HostileInputTest, DevZeroStopsAtTheLineLimitNamingTheLineAndTheLimit) {
    // A file of NUL bytes without a newline: the line buffer stops at the limit.
    ReadOptions options;
    options.maxLineBytes = 1 << 20;
    expectAt(runError("/dev/zero", options), "/dev/zero", 1, (1 << 20) + 1,
             {"the line is longer than 1048576 bytes, the limit (--max-line-length raises it)", "NUL bytes"});
    // The default limit too.
    expectAt(runError("/dev/zero"), "/dev/zero", 1, kDefaultMaxLineBytes + 1,
             {"longer than " + std::to_string(kDefaultMaxLineBytes) + " bytes"});
}

TEST(HostileInputTest, ALongLineIsRefusedAtTheSamePlaceForAnyBlockSize) {
    TempDir dir;
    const std::string path = dir.write("long.run", "u1 i1 0.5\nu1 " + std::string(300, 'x') + " 0.25\nu2 i1 1\n");
    for (std::size_t block : {std::size_t(32), std::size_t(256), std::size_t(1) << 20}) {
        ReadOptions options = withBlocks(block, 16);
        options.maxLineBytes = 100;
        expectAt(runError(path, options), path, 2, 101, {"the line is longer than 100 bytes", "--max-line-length"});
    }
    // Raised (or removed), the line is read.
    ReadOptions raised;
    raised.maxLineBytes = 0;
    IdSpace ids;
    EXPECT_EQ(readRun(path, ids, raised).report.records, 3u);
}

TEST(HostileInputTest, TooManyFieldsOnALineAreRefusedWithoutSplittingThemAll) {
    TempDir dir;
    std::string wide;
    for (int i = 0; i < 2'000'000; ++i) wide += "a ";
    // On the first line, detection refuses it.
    const std::string first = dir.write("first.run", wide + "\n");
    expectAt(runError(first), first, 1, 2 * 4096 + 1,
             {"the line has more than 4096 fields, the limit (--max-fields raises it)"});
    // On a later line, the parser does; the column is that of the first extra field.
    const std::string later = dir.write("later.run", "u i 1\n" + wide + "\n");
    expectAt(runError(later), later, 2, 7,
             {"expected 3 fields (as on the first line), found more than 4096, the limit (--max-fields raises it)"});
    ReadOptions options;
    options.maxFields = 10;
    const std::string ten = dir.write("ten.csv", "u,i,1\nu,i,1,2,3,4,5,6,7,8,9,10,11,12\n");
    expectAt(runError(ten, options), ten, 2, 7, {"found more than 10, the limit"});
}

TEST(HostileInputTest, AGzipOrZstdBombIsRefusedPastTheExpansionLimit) {
    TempDir dir;
    const std::string newlines(std::size_t(80) << 20, '\n');  // 80 MiB of blank lines
    for (bool gzip : {true, false}) {
        const std::string bytes = gzip ? gzipBytes(newlines) : zstdBytes(newlines);
        ASSERT_GT(double(newlines.size()) / double(bytes.size()), 1000.0);
        const std::string path = dir.write(gzip ? "bomb.gz" : "bomb.zst", bytes);
        expectAt(runError(path), path, 0, 0,
                 {std::string("the ") + (gzip ? "gzip" : "zstd") + " stream expands",
                  "more than 1000:1 (a decompression bomb?)", "--max-expansion raises the limit"});
        if (!gzip) continue;
        // Without the limit it is read: blank lines only.
        ReadOptions unlimited;
        unlimited.maxExpansion = 0;
        InputError e = runError(path, unlimited);
        EXPECT_NE(std::string(e.what()).find("the file is empty"), std::string::npos) << e.what();
    }
}

TEST(HostileInputTest, DetectionLooksAtABoundedPrefixAndStillReadsEveryLine) {
    TempDir dir;
    std::string text = "q1 Q0 d1 1 0.5 t\n";
    const std::string comment = "# " + std::string(98, 'c') + "\n";
    for (int i = 0; i < 100'000; ++i) text += comment;  // 10 MB of comments
    text += "q1 Q0 d2 2 0.25 t\n";
    const std::string path = dir.write("comments.run", text);
    IdSpace ids;
    LoadedRun run = readRun(path, ids);
    EXPECT_EQ(run.report.format, "TREC run");
    EXPECT_EQ(run.report.records, 2u);
    EXPECT_EQ(run.report.lines, 100'002u);
}

TEST(HostileInputTest, ARunThroughAFifoIsReadOnceAndADuplicateIsReportedWithoutReReading) {
    TempDir dir;
    const std::string fifo = dir.path() + "/run.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    {
        std::thread writer = writeFifo(fifo, "q1 Q0 d1 1 0.5 t\nq1 Q0 d2 2 0.25 t\n");
        IdSpace ids;
        EXPECT_EQ(readRun(fifo, ids).report.records, 2u);
        writer.join();
    }
    {
        std::thread writer = writeFifo(fifo, "q1 Q0 d1 1 0.5 t\nq1 Q0 d1 2 0.25 t\n");
        InputError e = runError(fifo);
        writer.join();
        expectAt(e, fifo, 0, 0,
                 {"duplicate (user, item) in a run: user \"q1\", item \"d1\" (the file is a pipe or a device, read "
                  "once: its lines are not known)"});
        EXPECT_EQ(std::string(e.what()).find("lines 0"), std::string::npos) << e.what();
    }
}

TEST(HostileInputTest, AHeaderlessCsvWithABadFirstScoreIsRefusedNotTakenAsAHeader) {
    const std::string path = dataPath("bad/headerless_bad_score.csv");
    expectAt(runError(path), path, 1, 7, {"expected a number for the score", "0.5x"});
    // A real header is still one.
    TempDir dir;
    const std::string header = dir.write("h.csv", "user,item,score\nu1,i1,0.5\n");
    IdSpace ids;
    EXPECT_EQ(readRun(header, ids).report.records, 1u);
}

TEST(HostileInputTest, AJsonUserGivenTwiceKeepsTheLastAndSaysWhere) {
    const std::string path = dataPath("bad/json_repeated_user.json");
    IdSpace ids;
    LoadedRun run = readRun(path, ids);
    EXPECT_EQ(entriesOf(run.run, ids),
              (std::vector<Entry>{{"u1", "i3", 4.0}, {"u2", "i1", 3.0}}));
    ASSERT_EQ(run.report.repeatedUsers.size(), 1u);
    EXPECT_EQ(run.report.repeatedUsers[0],
              "user \"u1\" is given twice in the JSON object, at 1:2 and 3:2: the last is kept");
    ASSERT_FALSE(run.report.warnings.empty());
    EXPECT_NE(run.report.warnings.back().find("1 user keys given twice"), std::string::npos);
}

TEST(HostileInputTest, ZeroPaddingAfterAGzipStreamIsAcceptedAsGzipDoes) {
    // gzip -c of two lines, then 1024 zero bytes (gzip -t: OK).
    IdSpace ids;
    LoadedRun run = readRun(dataPath("bad/zero_padded.gz"), ids);
    EXPECT_EQ(run.report.records, 2u);
    EXPECT_EQ(run.report.compression, Compression::Gzip);
}

TEST(HostileInputTest, ACorruptStreamIsReportedAtItsByteOffsetForAnyBlockSize) {
    TempDir dir;
    std::string text;
    for (int i = 0; i < 20000; ++i) text += "q" + std::to_string(i % 50) + " Q0 d" + std::to_string(i) + " 1 0.5 t\n";
    for (bool gzip : {true, false}) {
        std::string bytes = gzip ? gzipBytes(text) : zstdBytes(text);
        // Flipped bytes that decode to garbage lines before the stream fails
        // (gzip: "incorrect data check" at the CRC, after ~6,600 lines).
        const std::size_t from = gzip ? bytes.size() / 2 : bytes.size() / 3, span = gzip ? 4 : 40;
        for (std::size_t k = from; k < from + span; ++k) bytes[k] = char(bytes[k] ^ 0x5a);
        const std::string path = dir.write(gzip ? "c.gz" : "c.zst", bytes);
        std::vector<std::string> messages;
        for (std::size_t block : {std::size_t(64), std::size_t(4096), std::size_t(1) << 20}) {
            InputError e = runError(path, withBlocks(block, 1024));
            EXPECT_EQ(e.where().line, 0u) << e.what();
            messages.push_back(e.what());
        }
        for (const auto& m : messages) EXPECT_EQ(m, messages[0]);
        // At the byte where the decoder stopped, or (zstd, which may fail
        // without saying how far it read) within the bytes it was given.
        const std::string prefix = std::string("corrupt ") + (gzip ? "gzip" : "zstd") + " data ";
        EXPECT_TRUE(messages[0].find(prefix + "at byte ") != std::string::npos ||
                    messages[0].find(prefix + "within bytes ") != std::string::npos)
            << messages[0];
    }
}

TEST(HostileInputTest, ABadHexFloatScoreOnLineOneIsBlamedOnLineOne) {
    const std::string path = dataPath("bad/hex_float_score_line1.trec");
    expectAt(runError(path), path, 1, 12, {"expected a number for the score", "0x1.8pq"});
    TempDir dir;
    const std::string one = dir.write("one.run", "q1 Q0 d1 1 0x1p t\n");
    expectAt(runError(one), one, 1, 12, {"expected a number for the score", "0x1p"});
}

TEST(HostileInputTest, CrOnlyLineEndsAreNamedOnTheFirstLine) {
    const std::string path = dataPath("bad/cr_only_line_ends.trec");
    expectAt(runError(path), path, 1, 17, {"a line break made of CR alone; expected LF or CRLF line ends"});
}

TEST(HostileInputTest, AFileOfOnlyCommentsSaysSo) {
    const std::string path = dataPath("bad/only_comments.trec");
    expectAt(runError(path), path, 1, 1, {"the file has only comment lines; expected run lines"});
}

TEST(HostileInputTest, ManyRunsSharingATagGetNumberedNames) {
    // The names were found by a cubic search (1,000 runs: 3.2 s); now linear.
    TempDir dir;
    DatasetSources sources;
    sources.judgments = dir.write("q.qrels", "q1 0 d1 1\n");
    const std::string run = dir.write("r.run", "q1 Q0 d1 1 0.5 same\n");
    for (int i = 0; i < 300; ++i) sources.runs.push_back({"", run, {}});
    sources.runs.push_back({"same (2)", run, {}});  // a name taken by hand is skipped
    Dataset data = loadDataset(sources, ReadOptions{});
    ASSERT_EQ(data.models.size(), 301u);
    EXPECT_EQ(data.models[0].name, "same");
    EXPECT_EQ(data.models[1].name, "same (2)");
    EXPECT_EQ(data.models[299].name, "same (300)");
    EXPECT_EQ(data.models[300].name, "same (2) (2)");
}

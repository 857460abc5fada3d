// gzip and zstd, detected by their magic bytes (never the file name), for
// every format and role; concatenated gzip members; broken streams.
#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/byte_source.h"
#include "io/catalog_reader.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

struct FormatCase {
    const char* name;
    Role role;
    const char* text;
    const char* format;  // the format the report names
};

const FormatCase kCases[] = {
    {"trec_qrels", Role::Judgments, "q1 0 d1 1\nq1 0 d2 0\nq2 0 d1 2\n", "TREC qrels"},
    {"trec_run", Role::Run, "q1 Q0 d1 1 0.9 t\nq1 Q0 d2 2 0.8 t\nq2 Q0 d1 1 0.7 t\n", "TREC run"},
    {"tsv_run", Role::Run, "user\titem\tscore\nq1\td1\t0.9\nq2\td1\t0.7\n",
     "TSV with header (user=user, item=item, score=score)"},
    {"csv_qrels", Role::Judgments, "q1,d1,1\nq2,d1,2\n", "CSV without header (user=0, item=1, grade=2)"},
    {"ws_run", Role::Run, "q1 d1 0.9\nq2 d1 0.7\n", "whitespace-separated without header (user=0, item=1, score=2)"},
    {"json_run", Role::Run, "{\"q1\": {\"d1\": 0.9, \"d2\": 0.8}}", "JSON"},
    {"json_qrels", Role::Judgments, "{\"q1\": {\"d1\": 1}, \"q2\": {\"d1\": 0}}", "JSON"},
    {"exclusions", Role::Exclusions, "q1\td1\nq2\td2\n", "TSV without header (user=0, item=1)"},
    {"cohorts", Role::Cohorts, "user,group\nq1,a\nq2,b\n", "CSV with header (user=user, group=group)"},
};

// What a read produced, as text, to compare a compressed read with a plain one.
struct Summary {
    std::string format;
    std::uint64_t lines = 0, records = 0;
    std::vector<std::string> users, items;
    bool operator==(const Summary&) const = default;
};

Summary readAs(Role role, const std::string& path, Compression& compression) {
    IdSpace ids;
    LoadReport report;
    switch (role) {
        case Role::Judgments:
            report = readJudgments(path, ids).report;
            break;
        case Role::Run:
            report = readRun(path, ids).report;
            break;
        case Role::Exclusions:
            report = readExclusions(path, ids).report;
            break;
        case Role::Cohorts:
            report = readCohorts(path, ids).report;
            break;
        case Role::ItemAttributes:
            report = readItemAttributes(path, ids).report;
            break;
        case Role::Catalog:
            report = readCatalog(path, ids).report;
            break;
    }
    compression = report.compression;
    return {report.format, report.lines, report.records, namesOf(ids.users), namesOf(ids.items)};
}

} // namespace

TEST(CompressionTest, EveryFormatAndRoleReadsTheSameCompressed) {
    TempDir dir;
    for (const FormatCase& c : kCases) {
        Compression plainKind, gzKind, zstKind;
        // Misleading names on purpose: only the bytes count.
        Summary plain = readAs(c.role, dir.write(std::string(c.name) + ".gz", c.text), plainKind);
        Summary gz = readAs(c.role, dir.write(std::string(c.name) + ".zst", gzipBytes(c.text)), gzKind);
        Summary zst = readAs(c.role, dir.write(std::string(c.name) + ".txt", zstdBytes(c.text)), zstKind);
        EXPECT_EQ(plain.format, c.format) << c.name;
        EXPECT_GT(plain.records, 0u) << c.name;
        EXPECT_EQ(plainKind, Compression::None) << c.name;
        EXPECT_EQ(gzKind, Compression::Gzip) << c.name;
        EXPECT_EQ(zstKind, Compression::Zstd) << c.name;
        EXPECT_EQ(gz, plain) << c.name;
        EXPECT_EQ(zst, plain) << c.name;
    }
}

TEST(CompressionTest, CommittedFixturesMadeWithTheCommandLineTools) {
    // run_gzip.txt: `gzip -9 -n`; qrels_zstd.txt: `zstd`; run_json.zst.gz is zstd despite its name.
    IdSpace ids;
    auto run = readRun(dataPath("compressed/run_gzip.txt"), ids);
    EXPECT_EQ(run.report.compression, Compression::Gzip);
    EXPECT_EQ(run.report.tag, "gzrun");
    EXPECT_EQ(entriesOf(run.run, ids), (std::vector<Entry>{{"q1", "d1", 0.9}, {"q1", "d2", 0.8}, {"q2", "d1", 0.7}}));
    auto qrels = readJudgments(dataPath("compressed/qrels_zstd.txt"), ids);
    EXPECT_EQ(qrels.report.compression, Compression::Zstd);
    EXPECT_EQ(qrels.report.format, "TREC qrels");
    EXPECT_EQ(entriesOf(qrels.judgments, ids), (std::vector<Entry>{{"q1", "d1", 1}, {"q1", "d2", 0}, {"q2", "d1", 2}}));
    auto json = readRun(dataPath("compressed/run_json.zst.gz"), ids);
    EXPECT_EQ(json.report.compression, Compression::Zstd);
    EXPECT_EQ(json.report.format, "JSON");
    EXPECT_EQ(json.run.size(), 3u);
}

TEST(CompressionTest, ConcatenatedGzipMembersAreOneStream) {
    // Made with `gzip -c part1 > a.gz; gzip -c part2 > b.gz; cat a.gz b.gz`.
    IdSpace ids;
    auto loaded = readRun(dataPath("compressed/run_concatenated_members.csv.gz"), ids);
    EXPECT_EQ(loaded.report.lines, 5u);
    EXPECT_EQ(entriesOf(loaded.run, ids),
              (std::vector<Entry>{{"q1", "d1", 0.9}, {"q1", "d2", 0.8}, {"q2", "d1", 0.7}, {"q2", "d3", 0.6}}));
    // The same at runtime, with a member boundary in the middle of a line.
    TempDir dir;
    std::string path = dir.write("m", gzipBytes("q1 d1 0.") + gzipBytes("5\nq2 d2 0.25\n") + gzipBytes(""));
    IdSpace ids2;
    EXPECT_EQ(entriesOf(readRun(path, ids2).run, ids2), (std::vector<Entry>{{"q1", "d1", 0.5}, {"q2", "d2", 0.25}}));
}

TEST(CompressionTest, BomAndCrlfInsideACompressedFile) {
    TempDir dir;
    std::string text = "\xEF\xBB\xBFuser,item,score\r\nq1,d1,0.5\r\n";
    for (const std::string& bytes : {gzipBytes(text), zstdBytes(text)}) {
        IdSpace ids;
        auto loaded = readRun(dir.write("b", bytes), ids);
        EXPECT_EQ(loaded.report.format, "CSV with header (user=user, item=item, score=score)");
        EXPECT_EQ(entriesOf(loaded.run, ids), (std::vector<Entry>{{"q1", "d1", 0.5}}));
    }
}

TEST(CompressionTest, ConcatenatedZstdFramesAreOneStream) {
    TempDir dir;
    std::string path = dir.write("m", zstdBytes("q1 d1 0.") + zstdBytes("5\nq2 d2 0.25\n"));
    IdSpace ids;
    EXPECT_EQ(entriesOf(readRun(path, ids).run, ids), (std::vector<Entry>{{"q1", "d1", 0.5}, {"q2", "d2", 0.25}}));
}

TEST(CompressionTest, ByteSourceReadsInSmallPiecesAcrossBufferEnds) {
    TempDir dir;
    std::string text;
    for (int i = 0; i < 5000; ++i) text += std::string("line ") + std::to_string(i) + "\n";
    for (const std::string& bytes : {text, gzipBytes(text), zstdBytes(text)}) {
        std::string path = dir.write("b", bytes);
        auto source = ByteSource::open(path);
        EXPECT_EQ(source->fileSize(), bytes.size());
        std::string got;
        char buffer[7];
        for (std::size_t n; (n = source->read(buffer, sizeof buffer)) > 0;) got.append(buffer, n);
        EXPECT_EQ(got, text);
        EXPECT_EQ(source->consumed(), bytes.size());
        EXPECT_EQ(readAll(path), text);
    }
}

TEST(CompressionTest, TinyFilesThatLookLikeMagicBytes) {
    TempDir dir;
    // One byte of the gzip magic is plain text, not gzip.
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(dir.write("one", "\x1f"), ids); });
    EXPECT_EQ(ByteSource::open(dir.path() + "/one")->compression(), Compression::None);
    // The gzip magic alone is a truncated stream.
    InputError g = expectInputError([&] { readRun(dir.write("two", "\x1f\x8b"), ids); });
    EXPECT_NE(g.problem().find("truncated gzip stream"), std::string::npos) << g.what();
    InputError z = expectInputError([&] { readRun(dir.write("four", "\x28\xb5\x2f\xfd"), ids); });
    EXPECT_NE(z.problem().find("truncated zstd stream"), std::string::npos) << z.what();
}

TEST(CompressionTest, CorruptZstdIsAnError) {
    TempDir dir;
    std::string text;
    for (int i = 0; i < 300; ++i)
        text += std::string("q") + std::to_string(i % 7) + std::string(" d") + std::to_string(i) + " 0.5\n";
    std::string bytes = zstdBytes(text);
    for (std::size_t i = bytes.size() / 2; i < bytes.size() / 2 + 8; ++i) bytes[i] = static_cast<char>(bytes[i] ^ 0x55);
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(dir.write("c", bytes), ids); });
    EXPECT_NE(e.problem().find("corrupt zstd data"), std::string::npos) << e.what();
    EXPECT_EQ(ids.users.size(), 0u);
}

TEST(CompressionTest, GarbageAfterAGzipMemberIsAnError) {
    TempDir dir;
    IdSpace ids;
    InputError e = expectInputError([&] { readRun(dir.write("g", gzipBytes("q1 d1 1\n") + "garbage!"), ids); });
    EXPECT_NE(e.problem().find("gzip"), std::string::npos) << e.what();
}

TEST(CompressionTest, TruncatedStreamsYieldTheSameBytesForAnyReadSize) {
    // zlib and zstd may hold decoded bytes after the input ends: they must be
    // handed out before the error, whatever the size of the reads.
    TempDir dir;
    std::string text;
    // 440 KB: several 128 KB zstd blocks.
    for (int i = 0; i < 40000; ++i) text.append("q").append(std::to_string(i % 9)).append(" doc 0.5\n");
    for (bool gzip : {true, false}) {
        std::string bytes = gzip ? gzipBytes(text) : zstdBytes(text);
        bytes.resize(bytes.size() - 5);
        std::string path = dir.write("t", bytes);
        std::vector<std::string> messages;
        std::vector<std::string> decoded;
        for (std::size_t size : {std::size_t(1), std::size_t(7), std::size_t(4096), std::size_t(1) << 20}) {
            auto source = ByteSource::open(path);
            std::string got(size, '\0'), all;
            try {
                for (std::size_t n; (n = source->read(got.data(), size)) > 0;) all.append(got.data(), n);
                ADD_FAILURE() << "no error";
            } catch (const InputError& e) {
                messages.push_back(e.problem());
            }
            decoded.push_back(all);
        }
        for (std::size_t k = 1; k < messages.size(); ++k) {
            EXPECT_EQ(messages[k], messages[0]) << gzip;
            EXPECT_EQ(decoded[k], decoded[0]) << gzip;
        }
        EXPECT_NE(messages[0].find("truncated"), std::string::npos) << messages[0];
        EXPECT_EQ(text.compare(0, decoded[0].size(), decoded[0]), 0);  // a prefix of the text
        EXPECT_GT(decoded[0].size(), text.size() / 2);
    }
}

// The result of a read (ids, records, order, reports, errors) is the same for
// any thread count and any block or chunk size.
#include <random>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

// Everything a read produced, comparable.
struct Outcome {
    std::vector<std::string> users, items;
    std::vector<Entry> entries;
    std::vector<std::uint64_t> offsets;
    std::string format, tag, error;
    std::uint64_t lines = 0, records = 0, skipped = 0, duplicates = 0, identical = 0;
    std::size_t reportUsers = 0, reportItems = 0, newUsers = 0, newItems = 0;
    std::vector<std::tuple<std::uint64_t, std::uint64_t, std::string, std::string>> firstSkipped;
    std::vector<std::string> warnings;
    bool operator==(const Outcome&) const = default;
};

void takeReport(Outcome& o, const LoadReport& r) {
    o.format = r.format;
    o.tag = r.tag;
    o.lines = r.lines;
    o.records = r.records;
    o.skipped = r.skippedLines;
    o.duplicates = r.duplicatesDropped;
    o.identical = r.identicalDuplicates;
    o.reportUsers = r.users;
    o.reportItems = r.items;
    o.newUsers = r.newUsers;
    o.newItems = r.newItems;
    for (const BadLine& b : r.firstSkipped) o.firstSkipped.emplace_back(b.line, b.column, b.problem, b.text);
    o.warnings = r.warnings;
}

Outcome read(Role role, const std::string& path, ReadOptions options) {
    Outcome o;
    IdSpace ids;
    ids.users.intern("preexisting-user");
    ids.items.intern("i7");  // an id that the files also use
    try {
        if (role == Role::Run) {
            auto loaded = readRun(path, ids, options);
            o.entries = entriesOf(loaded.run, ids);
            o.offsets = loaded.run.index().offsets();
            takeReport(o, loaded.report);
        } else {
            auto loaded = readJudgments(path, ids, options);
            o.entries = entriesOf(loaded.judgments, ids);
            o.offsets = loaded.judgments.index().offsets();
            takeReport(o, loaded.report);
        }
    } catch (const InputError& e) {
        o.error = e.what();
    }
    o.users = namesOf(ids.users);
    o.items = namesOf(ids.items);
    return o;
}

// A run with many users, interleaved, long lines, blank lines, comments.
std::string makeTrecRun(bool withBadLines, bool withDuplicates) {
    std::mt19937 rng(12345);
    std::string text = "# a comment first\n\n";
    for (int i = 0; i < 1200; ++i) {
        int user = static_cast<int>(rng() % 50);
        std::string item = std::string("i") + std::to_string(rng() % 400);
        if (i % 97 == 0) item += std::string(150, 'x');  // lines longer than a block
        if (i % 13 == 0) item = "i7";
        if (withDuplicates && i % 500 == 0) {
            text += std::string("u") + std::to_string(user) + " Q0 dup 1 0.1 run\n";
            text += std::string("u") + std::to_string(user) + " Q0 dup 2 0.2 run\n";
        }
        text += std::string("u") + std::to_string(user) + " Q0 " + item + std::string("-") + std::to_string(i) +
                std::string(" ") + std::to_string(i) + " " + std::to_string((rng() % 100000) / 1000.0) + " run\n";
        if (i % 211 == 0) text += "\n";
        if (i % 307 == 0) text += std::string("# comment ") + std::to_string(i) + "\n";
        if (i % 199 == 0) text += "\r\n";
        if (withBadLines && i % 150 == 17) text += std::string("u1 Q0 bad") + std::to_string(i) + " 1 notanumber run\n";
        if (withBadLines && i % 450 == 5) text += "u1 Q0 short\n";
    }
    return text;  // the last line ends with '\n'; a variant below drops it
}

std::vector<ReadOptions> optionVariants(bool skipBad, DuplicatePolicy policy) {
    std::vector<ReadOptions> out;
    for (int threads : {1, 2, 8}) {
        for (auto [block, chunk] :
             {std::pair<std::size_t, std::size_t>{64, 16}, {1000, 100}, {16 << 20, 512 << 10}, {4096, 1}}) {
            ReadOptions o;
            o.parallelism = Parallelism(threads);
            o.blockBytes = block;
            o.chunkBytes = chunk;
            o.skipBadLines = skipBad;
            o.duplicates = policy;
            out.push_back(o);
        }
    }
    return out;
}

void expectSameForAllOptions(Role role, const std::string& path, bool skipBad, DuplicatePolicy policy,
                             bool expectError) {
    std::vector<ReadOptions> variants = optionVariants(skipBad, policy);
    Outcome reference = read(role, path, variants.front());
    EXPECT_EQ(!reference.error.empty(), expectError) << reference.error;
    if (!expectError) {
        EXPECT_GE(reference.entries.size(), 20u);
        EXPECT_EQ(reference.entries.size(), reference.records);
    }
    for (const ReadOptions& o : variants) {
        Outcome other = read(role, path, o);
        EXPECT_TRUE(other == reference) << "threads " << o.parallelism.threads() << ", block " << o.blockBytes
                                        << ", chunk " << o.chunkBytes << ": " << other.error;
    }
}

} // namespace

TEST(ParallelReadTest, TrecRunIsTheSameForAnyThreadsAndBlockSizes) {
    TempDir dir;
    std::string text = makeTrecRun(false, false);
    expectSameForAllOptions(Role::Run, dir.write("run", text), false, DuplicatePolicy::Error, false);
    // Without the final newline.
    text.pop_back();
    expectSameForAllOptions(Role::Run, dir.write("run2", text), false, DuplicatePolicy::Error, false);
    // Compressed.
    expectSameForAllOptions(Role::Run, dir.write("run.gz", gzipBytes(text)), false, DuplicatePolicy::Error, false);
    expectSameForAllOptions(Role::Run, dir.write("run.zst", zstdBytes(text)), false, DuplicatePolicy::Error, false);
}

TEST(ParallelReadTest, SkippedLinesAreTheSameForAnyThreadsAndBlockSizes) {
    TempDir dir;
    std::string path = dir.write("run", makeTrecRun(true, false));
    expectSameForAllOptions(Role::Run, path, true, DuplicatePolicy::Error, false);
    Outcome o = read(Role::Run, path, skippingBadLines());
    EXPECT_EQ(o.skipped, 11u);  // 8 non-numeric scores (i % 150 == 17) + 3 short lines (i % 450 == 5), i < 1200
    ASSERT_EQ(o.firstSkipped.size(), 10u);
    EXPECT_TRUE(std::is_sorted(o.firstSkipped.begin(), o.firstSkipped.end()));
    EXPECT_EQ(std::get<2>(o.firstSkipped[0]), "expected 6 fields (user Q0 item rank score tag), found 3");
    EXPECT_EQ(std::get<2>(o.firstSkipped[1]), "expected a number for the score");
}

TEST(ParallelReadTest, FirstBadLineErrorIsTheSameForAnyThreadsAndBlockSizes) {
    TempDir dir;
    std::string path = dir.write("run", makeTrecRun(true, false));
    expectSameForAllOptions(Role::Run, path, false, DuplicatePolicy::Error, true);
    Outcome o = read(Role::Run, path, ReadOptions{});
    EXPECT_NE(o.error.find("expected 6 fields"), std::string::npos) << o.error;
    EXPECT_EQ(o.users, (std::vector<std::string>{"preexisting-user"}));
}

TEST(ParallelReadTest, DuplicatesAreResolvedTheSameForAnyThreadsAndBlockSizes) {
    TempDir dir;
    std::string path = dir.write("run", makeTrecRun(false, true));
    expectSameForAllOptions(Role::Run, path, false, DuplicatePolicy::Error, true);
    expectSameForAllOptions(Role::Run, path, false, DuplicatePolicy::First, false);
    expectSameForAllOptions(Role::Run, path, false, DuplicatePolicy::Max, false);
}

TEST(ParallelReadTest, JudgmentsWithRepeatsAreTheSameForAnyThreadsAndBlockSizes) {
    TempDir dir;
    auto qrels = [](bool conflicting) {
        std::mt19937 rng(777);
        std::string text;
        for (int i = 0; i < 1200; ++i) {
            std::string line = std::string("q") + std::to_string(rng() % 40) + std::string(" 0 d") +
                               std::to_string(rng() % 300) + "-" + std::to_string(i) + std::string(" ") +
                               std::to_string(i % 3) + "\n";
            text += line;
            if (i % 100 == 0) text += line;  // identical repeats are merged
            if (conflicting && i == 1000) text += line.substr(0, line.size() - 2) + "7\n";
        }
        return text;
    };
    std::string merged = dir.write("qrels", qrels(false));
    expectSameForAllOptions(Role::Judgments, merged, false, DuplicatePolicy::Error, false);
    Outcome o = read(Role::Judgments, merged, ReadOptions{});
    EXPECT_EQ(o.identical, 12u);  // i = 0, 100, ..., 1100
    EXPECT_EQ(o.records, 1200u);
    std::string conflicting = dir.write("qrels2", qrels(true));
    expectSameForAllOptions(Role::Judgments, conflicting, false, DuplicatePolicy::Error, true);
    expectSameForAllOptions(Role::Judgments, conflicting, false, DuplicatePolicy::Max, false);
}

TEST(ParallelReadTest, DelimitedWithHeaderAndQuotesIsTheSameForAnyThreadsAndBlockSizes) {
    TempDir dir;
    std::string text = "\xEF\xBB\xBF\r\n\nuser,item,score\r\n";
    for (int i = 0; i < 800; ++i)
        text += std::string("\"u") + std::to_string(i % 37) + std::string("\",\"it,\"\"") +
                std::to_string(i * 7 % 501) + "\",  " + std::to_string(i % 10) + ".5\r\n";
    expectSameForAllOptions(Role::Run, dir.write("run.csv", text), false, DuplicatePolicy::First, false);
    Outcome o = read(Role::Run, dir.path() + "/run.csv", withBlocks(64, 16));
    EXPECT_EQ(o.format, "CSV with header (user=user, item=item, score=score)");
    EXPECT_EQ(o.lines, 803u);
}

TEST(ParallelReadTest, HeaderAloneInTheFirstBlockStillReadsTheRest) {
    TempDir dir;
    // A 38-byte header and 30-byte lines with 64-byte blocks: the first block holds the header only.
    std::string text = "user_identifier\titem_identifier\tscore\n";
    for (int i = 0; i < 20; ++i)
        text += "user" + std::string(10, 'u') + std::string("\titem") + std::to_string(100000 + i) + "\t0.5\n";
    expectSameForAllOptions(Role::Run, dir.write("r.tsv", text), false, DuplicatePolicy::Error, false);
}

TEST(ParallelReadTest, CommentsFillingTheFirstBlocksDoNotHideTheFormat) {
    TempDir dir;
    std::string text;
    for (int i = 0; i < 30; ++i) text += std::string("# comment line number ") + std::to_string(i) + "\n\n";
    text += makeTrecRun(false, false);
    std::string path = dir.write("run", text);
    expectSameForAllOptions(Role::Run, path, false, DuplicatePolicy::Error, false);
    EXPECT_EQ(read(Role::Run, path, withBlocks(64, 16)).format, "TREC run");
    // Blank lines filling the first block are not an empty file.
    std::string blanks = std::string(300, '\n') + "u1 i1 0.5\n";
    Outcome o = read(Role::Run, dir.write("blank", blanks), withBlocks(64, 16));
    EXPECT_EQ(o.error, "");
    EXPECT_EQ(o.lines, 301u);
}

TEST(ParallelReadTest, ZeroBlockAndChunkSizesAreClampedNotFatal) {
    TempDir dir;
    std::string path = dir.write("r", "u1 Q0 a 1 0.5 t\nu2 Q0 b 1 0.25 t\nu1 Q0 c 2 0.125 t\n");
    ReadOptions zero = withBlocks(0, 0);
    Outcome o = read(Role::Run, path, zero);
    EXPECT_EQ(o.error, "");
    EXPECT_EQ(o.records, 3u);
    EXPECT_TRUE(o == read(Role::Run, path, ReadOptions{}));
}

TEST(ParallelReadTest, CancellingStopsTheReadAndLeavesTheIdSpaceAlone) {
    TempDir dir;
    std::string path = dir.write("run", makeTrecRun(false, false));
    IdSpace ids;
    ids.users.intern("kept");
    // The progress callback cancels after a few blocks.
    Progress* self = nullptr;
    int reports = 0;
    Progress progress([&](double) {
        if (++reports == 3) self->cancel();
    });
    self = &progress;
    ReadOptions options = withBlocks(256, 64);
    options.parallelism = Parallelism(2);
    EXPECT_THROW(readRun(path, ids, options, &progress), Cancelled);
    EXPECT_EQ(reports, 3);
    EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"kept"}));
    EXPECT_EQ(ids.items.size(), 0u);
}

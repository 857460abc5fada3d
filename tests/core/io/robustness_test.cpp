// Any bytes give a result or an InputError (never another exception or a
// crash), and the same outcome for any thread count and block size.
#include <random>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/catalog_reader.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

// Pieces that stress the readers: separators, quotes, comments, JSON
// punctuation, escapes, numbers, NaN, NUL, CR, a BOM, compression magic.
const char* const kPieces[] = {
    " ", "\t", "\n", "\r", ",", "\"", "#", "{", "}", ":", "[", "]", "a", "u1", "i2", "1", "0.5", "-", ".", "e",
    "nan", "inf", "Q0", "\\", "\\u00e9", "\\ud83d", "\xEF\xBB\xBF", "\x1f\x8b", "\"u\": {\"i\": 1}",
    "q1 Q0 d1 1 0.5 t\n", "q1 0 d1 1\n", "u,i,1\n",
};

std::string randomText(std::mt19937& rng) {
    std::string text;
    const std::size_t pieces = rng() % 40;
    for (std::size_t i = 0; i < pieces; ++i) text += kPieces[rng() % std::size(kPieces)];
    if (rng() % 10 == 0) text += std::string(1, '\0');
    return text;
}

// The outcome of one read, as text.
std::string outcome(Role role, const std::string& path, const ReadOptions& options) {
    IdSpace ids;
    ids.users.intern("u1");
    try {
        switch (role) {
            case Role::Judgments: {
                auto l = readJudgments(path, ids, options);
                return "ok " + l.report.format + " " + std::to_string(l.report.records) + " " +
                       std::to_string(l.report.skippedLines) + " " + std::to_string(ids.items.size());
            }
            case Role::Run: {
                auto l = readRun(path, ids, options);
                return "ok " + l.report.format + " " + std::to_string(l.report.records) + " " +
                       std::to_string(l.report.skippedLines) + " " + std::to_string(ids.items.size());
            }
            case Role::Exclusions: {
                auto l = readExclusions(path, ids, options);
                return "ok " + l.report.format + " " + std::to_string(l.report.records);
            }
            case Role::Cohorts: {
                auto l = readCohorts(path, ids, options);
                return "ok " + l.report.format + " " + std::to_string(l.cohorts.assignedUsers());
            }
            case Role::ItemAttributes: {
                auto l = readItemAttributes(path, ids, options);
                return "ok " + l.report.format + " " + std::to_string(l.attributes.size());
            }
            case Role::Catalog: {
                auto l = readCatalog(path, ids);
                return "ok " + l.report.format + " " + std::to_string(l.items.size());
            }
        }
    } catch (const InputError& e) {
        // Nothing may remain of a failed read.
        if (ids.users.size() != 1 || ids.items.size() != 0) return "LEAK " + std::string(e.what());
        return std::string("error ") + e.what();
    } catch (const std::exception& e) {
        return std::string("UNEXPECTED ") + e.what();
    }
    return "?";
}

} // namespace

TEST(RobustnessTest, RandomInputsFailCleanlyAndTheSameWayForAnyThreadsAndBlocks) {
    TempDir dir;
    std::mt19937 rng(2024);
    const char* formats[] = {"auto", "trec", "json", "csv", "tsv", "ws", "csv,header", "ws,noheader,user=1,item=0"};
    int ok = 0, errors = 0;
    for (int round = 0; round < 400; ++round) {
        std::string text = randomText(rng);
        if (round % 7 == 0) text = gzipBytes(text);
        if (round % 11 == 0) text = zstdBytes(text);
        if (round % 13 == 0 && text.size() > 4) text.resize(text.size() - 3);  // maybe a truncated stream
        std::string path = dir.write("f" + std::to_string(round % 5), text);
        Role role = static_cast<Role>(round % 4);
        ReadOptions base;
        base.format = FormatSpec::parse(formats[rng() % std::size(formats)]);
        base.skipBadLines = rng() % 2 == 0;
        base.duplicates = static_cast<DuplicatePolicy>(rng() % 3);
        std::string reference = outcome(role, path, base);
        ASSERT_EQ(reference.find("UNEXPECTED"), std::string::npos) << round << ": " << reference;
        ASSERT_EQ(reference.find("LEAK"), std::string::npos) << round << ": " << reference;
        (reference.rfind("ok", 0) == 0 ? ok : errors) += 1;
        for (int threads : {2, 8}) {
            ReadOptions small = base;
            small.parallelism = Parallelism(threads);
            small.blockBytes = 16;
            small.chunkBytes = 4;
            EXPECT_EQ(outcome(role, path, small), reference) << round << " with " << threads << " threads";
        }
    }
    // Both kinds happen (the stream is not all garbage).
    EXPECT_GT(ok, 20);
    EXPECT_GT(errors, 20);
}

TEST(RobustnessTest, LinesOfCarriageReturnsAreNotACrash) {
    TempDir dir;
    IdSpace ids;
    InputError e = expectInputError([&] { readJudgments(dir.write("cr", "\r\r\n"), ids); });
    EXPECT_NE(std::string(e.what()).find("the file is empty"), std::string::npos) << e.what();
    InputError j = expectInputError([&] { readJudgments(dir.write("cr2", "\r\r\n{"), ids); });
    EXPECT_EQ(j.where().line, 2u);
}

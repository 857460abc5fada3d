// The JSON reader parses text as it arrives, in pieces cut anywhere (a file
// is read block by block, a one-line file too): for pieces of every size,
// the entries, repeated users and errors (line, column, problem, found
// text) are those of the text given whole; readRun through small blocks
// and through a pipe gives what the whole file gives.
#include <unistd.h>

#include <cmath>
#include <thread>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/io/io_test_support.h"
#include "io/json_reader.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

namespace {

struct Parsed {
    std::vector<std::string> entries;  // "user|key|value|line:column|object"
    std::vector<std::string> repeated;
    std::string error;  // "line:column problem [found]"
};

Parsed parse(const std::string& text, std::size_t piece, Role role) {
    Parsed out;
    std::size_t at = 0;
    auto next = [&]() -> std::string_view {
        if (at >= text.size()) return {};
        const std::size_t n = piece == 0 ? text.size() : std::min(piece, text.size() - at);
        std::string_view p(text.data() + at, n);
        at += n;
        return p;
    };
    try {
        parseJsonStream(
            next, role, "mem.json",
            [&](const JsonEntry& e) {
                out.entries.push_back(std::string(e.user) + "|" + std::string(e.key) + "|" + std::to_string(e.value) +
                                      "|" + std::to_string(e.line) + ":" + std::to_string(e.column) + "|" +
                                      std::to_string(e.object));
            },
            [&](const JsonRepeatedUser& r) {
                out.repeated.push_back(std::string(r.user) + " " + std::to_string(r.firstLine) + ":" +
                                       std::to_string(r.firstColumn) + " " + std::to_string(r.line) + ":" +
                                       std::to_string(r.column));
            });
    } catch (const InputError& e) {
        out.error = std::to_string(e.where().line) + ":" + std::to_string(e.where().column) + " " + e.problem() +
                    " [" + e.text() + "]";
    }
    return out;
}

const char* const kTexts[] = {
    R"({"q1": {"d3": 0.5, "d1": 1.5e0}, "q2": {"d1": -2, "d\u00e9": Infinity}})",
    "{\n  \"q1\": {\n    \"a\": 1,\n    \"b\": 2.25\n  },\n  \"q2\": {\"c\": -Infinity},\n  \"q1\": {\"z\": 3}\n}\n",
    R"({"caf\u00e9": {"\ud83d\ude00": 1, "a\"b\\c\/d\te": 2, "\u20ac": 3}})",
    "{\"q\": {\"a\": 1}\n \"r\": {}}",
    "{\"q\": {\"a\": 1,\n\n   \"b\": true}}",
    "{\"q\": {\"a\": \"1\"}}",
    "{\"q\": {\"a\" 1}}",
    "{\"q\": {\"a\": 1}} x",
    "{\"q\": {\"a\": 1}",
    "{\"q\": {\"a\": 1, }}",
    "{\"q\": {\"a\nb\": 1}}",
    "{\"q\": {\"ab: 1}}",
    "{\"q\": {\"a\\x\": 1}}",
    "{\"q\": {\"a\\u12G4\": 1}}",
    "{\"q\": {\"\": 1}}",
    "{\"\": {\"a\": 1}}",
    "{\"q\": {\"a\": NaN}}",
    "{\"q\": {\"a\": 12345678901234567890123.5e-3, \"bb\": 1e999}}   \n\n",
    "   {\"q\": {\"a\": 1}}",
    "{\"q\": {\"a\": 1}, \"q\": {\"b\": 2}, \"r\": {\"c\": 3}, \"q\": {\"d\": 4}}",
};

} // namespace

TEST(JsonStreamTest, PiecesOfEverySizeParseAsTheWholeText) {
    for (const char* text : kTexts) {
        const Parsed whole = parse(text, 0, Role::Run);
        for (std::size_t piece = 1; piece <= std::string(text).size() + 1; ++piece) {
            const Parsed cut = parse(text, piece, Role::Run);
            ASSERT_EQ(cut.entries, whole.entries) << text << " in pieces of " << piece;
            ASSERT_EQ(cut.repeated, whole.repeated) << text << " in pieces of " << piece;
            ASSERT_EQ(cut.error, whole.error) << text << " in pieces of " << piece;
        }
    }
    // The whole-text parse itself: the entries and errors expected.
    EXPECT_EQ(parse(kTexts[0], 0, Role::Run).entries.size(), 4u);
    EXPECT_EQ(parse(kTexts[1], 0, Role::Run).repeated, (std::vector<std::string>{"q1 2:3 7:3"}));
    EXPECT_EQ(parse(kTexts[11], 0, Role::Run).error.substr(0, 4), "1:8 ");
}

TEST(JsonStreamTest, ExclusionListsCohortsAndAttributesInPieces) {
    const std::vector<std::pair<Role, std::string>> texts = {
        {Role::Exclusions, R"({"u1": ["b", "a"], "u2": {"a": 1}, "u3": []})"},
        {Role::Cohorts, R"({"u1": "young", "u2": "old", "u3": "young"})"},
        {Role::ItemAttributes, R"({"i1": ["rock", "pop"], "i2": "jazz", "i1": "folk"})"},
    };
    for (const auto& [role, text] : texts) {
        const Parsed whole = parse(text, 0, role);
        EXPECT_TRUE(whole.error.empty()) << whole.error;
        for (std::size_t piece = 1; piece <= text.size(); ++piece) {
            const Parsed cut = parse(text, piece, role);
            ASSERT_EQ(cut.entries, whole.entries) << text << " in pieces of " << piece;
            ASSERT_EQ(cut.error, whole.error) << text << " in pieces of " << piece;
        }
    }
}

TEST(JsonStreamTest, AOneLineFileReadInSmallBlocksOrThroughAPipeEqualsTheWholeFile) {
    TempDir dir;
    std::string text = "{";
    for (int u = 0; u < 400; ++u) {
        text += (u ? ", " : "") + std::string("\"user") + std::to_string(u) + "\": {";
        for (int i = 0; i < 5; ++i)
            text += (i ? ", " : "") + std::string("\"item") + std::to_string((u * 7 + i * 13) % 97) + "\": " +
                    std::to_string(0.125 * ((u + i) % 9));
        text += "}";
    }
    text += "}";  // one line of ~30 KB, no newline
    const std::string path = dir.write("one.json", text);
    IdSpace wholeIds, smallIds, pipeIds;
    const LoadedRun whole = readRun(path, wholeIds);
    ReadOptions small;
    small.blockBytes = 4096;
    small.maxLineBytes = 1024;  // a JSON file is not cut into lines: the limit does not apply
    const LoadedRun blocks = readRun(path, smallIds, small);
    EXPECT_EQ(blocks.report.lines, 1u);
    EXPECT_EQ(whole.run.size(), 2000u);
    EXPECT_EQ(entriesOf(blocks.run, smallIds), entriesOf(whole.run, wholeIds));
    // A pipe: read once, as it comes.
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const std::string fifo = "/proc/self/fd/" + std::to_string(fds[0]);
    std::thread writer([&] {
        std::size_t at = 0;
        while (at < text.size()) {
            const ssize_t n = ::write(fds[1], text.data() + at, std::min<std::size_t>(1000, text.size() - at));
            if (n <= 0) break;
            at += std::size_t(n);
        }
        ::close(fds[1]);
    });
    const LoadedRun piped = readRun(fifo, pipeIds, small);
    writer.join();
    ::close(fds[0]);
    EXPECT_EQ(entriesOf(piped.run, pipeIds), entriesOf(whole.run, wholeIds));
}

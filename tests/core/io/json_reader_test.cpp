// ranx-style JSON runs and qrels: {"user": {"item": value}}.
#include <cmath>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

TEST(JsonReaderTest, RunKeepsOrderAndQrelsAreSorted) {
    TempDir dir;
    std::string run = dir.write("run.json", R"({"q1": {"d3": 0.5, "d1": 1.5e0}, "q2": {"d1": -2}})");
    std::string qrels = dir.write("qrels.json", "{\n  \"q1\": {\"d1\": 1, \"d9\": 0},\n  \"q2\": {\"d3\": 2}\n}\n");
    IdSpace ids;
    auto r = readRun(run, ids);
    EXPECT_EQ(r.report.format, "JSON");
    EXPECT_EQ(r.report.lines, 1u);
    EXPECT_EQ(entriesOf(r.run, ids), (std::vector<Entry>{{"q1", "d3", 0.5}, {"q1", "d1", 1.5}, {"q2", "d1", -2}}));
    auto j = readJudgments(qrels, ids);
    EXPECT_EQ(j.report.lines, 4u);  // four '\n'-terminated lines
    // Items d3=0, d1=1 (from the run), d9=2: sorted by id within q1.
    EXPECT_EQ(entriesOf(j.judgments, ids), (std::vector<Entry>{{"q1", "d1", 1}, {"q1", "d9", 0}, {"q2", "d3", 2}}));
    EXPECT_EQ(j.report.newItems, 1u);
    EXPECT_EQ(j.report.newUsers, 0u);
}

TEST(JsonReaderTest, EscapesAreDecodedToUtf8) {
    TempDir dir;
    // \u00e9 is é (c3 a9); \ud83d\ude00 is U+1F600 (f0 9f 98 80); \/ is /.
    std::string path = dir.write("r.json", R"({"caf\u00e9": {"\ud83d\ude00": 1, "a\"b\\c\/d\te": 2, "\u20ac": 3}})");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(entriesOf(loaded.run, ids), (std::vector<Entry>{{"caf\xC3\xA9", "\xF0\x9F\x98\x80", 1},
                                                              {"caf\xC3\xA9", "a\"b\\c/d\te", 2},
                                                              {"caf\xC3\xA9", "\xE2\x82\xAC", 3}}));
}

TEST(JsonReaderTest, RawUtf8IsKeptByteForByte) {
    TempDir dir;
    std::string path = dir.write("r.json", "{\"caf\xC3\xA9\": {\"\xE2\x82\xAC\": 1}}");
    IdSpace ids;
    readRun(path, ids);
    EXPECT_EQ(ids.users.name(0), "caf\xC3\xA9");
    EXPECT_EQ(ids.items.name(0), "\xE2\x82\xAC");
}

TEST(JsonReaderTest, InfinityIsAllowedNaNIsNot) {
    TempDir dir;
    IdSpace ids;
    auto loaded = readRun(dir.write("r.json", R"({"q": {"a": Infinity, "b": -Infinity, "c": 1e999}})"), ids);
    auto scores = loaded.run.scores(0);
    EXPECT_EQ(scores[0], HUGE_VAL);
    EXPECT_EQ(scores[1], -HUGE_VAL);
    EXPECT_EQ(scores[2], HUGE_VAL);
    InputError e = expectInputError([&] { readRun(dir.write("n.json", "{\"q\": {\"a\": 1,\n \"b\": NaN}}"), ids); });
    EXPECT_EQ(e.where().line, 2u);
    EXPECT_EQ(e.where().column, 7u);
    EXPECT_NE(e.problem().find("NaN is not a valid score"), std::string::npos);
}

TEST(JsonReaderTest, ErrorsNameLineAndColumn) {
    TempDir dir;
    IdSpace ids;
    struct Case {
        const char* text;
        std::uint64_t line, column;
        const char* words;
    };
    for (Case c : {
             Case{"{\"q\": {\"a\": 1}\n \"r\": {}}", 2, 2, "',' or '}' after a user's entries"},
             Case{"{\"q\": {\"a\": 1,\n\n   \"b\": true}}", 3, 9, "expected a number for the score"},
             Case{"{\"q\": {\"a\": \"1\"}}", 1, 13, "expected a number for the score"},
             Case{"{\"q\": [1]}", 1, 7, "'{' after the user id"},
             Case{"{\"q\": {\"a\" 1}}", 1, 12, "':' after the item id"},
             Case{"{\"q\": {\"a\": 1}} x", 1, 17, "unexpected text after the JSON object"},
             Case{"{\"q\": {\"a\": 1}", 1, 15, "',' or '}'"},
             Case{"{\"q\": {\"a\": 1, }}", 1, 16, "expected a string (an item id)"},
             Case{"{\"q\": {\"a\nb\": 1}}", 1, 10, "control character"},
             Case{"{\"q\": {\"ab: 1}}", 1, 8, "unterminated string"},
             Case{"{\"q\": {\"a\\x\": 1}}", 1, 10, "unknown escape"},
             Case{"{\"q\": {\"a\\u12G4\": 1}}", 1, 12, "bad \\u escape"},
             Case{"{\"q\": {\"\": 1}}", 1, 8, "empty item id"},
             Case{"{\"\": {\"a\": 1}}", 1, 2, "empty user id"},
             Case{"{}", 1, 1, "no entries"},
             Case{"{\"q\": {}}", 1, 1, "no entries"},
         }) {
        InputError e = expectInputError([&] { readRun(dir.write("bad.json", c.text), ids); });
        EXPECT_EQ(e.where().file, dir.path() + "/bad.json");
        EXPECT_EQ(e.where().line, c.line) << c.text << " -> " << e.what();
        EXPECT_EQ(e.where().column, c.column) << c.text << " -> " << e.what();
        EXPECT_NE(e.problem().find(c.words), std::string::npos) << c.text << " -> " << e.what();
        EXPECT_EQ(ids.users.size(), 0u);
    }
}

TEST(JsonReaderTest, DeclaredJsonThatIsNotAnObjectIsAnError) {
    TempDir dir;
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("json");
    InputError e = expectInputError([&] { readRun(dir.write("a.json", "\n  [{\"q\": 1}]"), ids, options); });
    EXPECT_EQ(e.where().line, 2u);
    EXPECT_EQ(e.where().column, 3u);
    EXPECT_NE(e.problem().find("expected a JSON object {\"user\": {\"item\": score}, ...}"), std::string::npos)
        << e.what();
}

TEST(JsonReaderTest, LoneSurrogatesAreErrors) {
    TempDir dir;
    IdSpace ids;
    for (const char* text : {R"({"q": {"\ud83d": 1}})", R"({"q": {"\ude00x": 1}})", R"({"q": {"\ud83d\u0041": 1}})"}) {
        InputError e = expectInputError([&] { readRun(dir.write("s.json", text), ids); });
        EXPECT_NE(e.problem().find("surrogate"), std::string::npos) << text << " -> " << e.what();
        EXPECT_EQ(e.where().line, 1u);
        EXPECT_EQ(e.where().column, 9u) << e.what();  // the backslash
    }
}

TEST(JsonReaderTest, DuplicateEntriesNameTheLinesOfBoth) {
    TempDir dir;
    IdSpace ids;
    // On two lines of one user's object.
    std::string path = dir.write("d.json", "{\"q\": {\n \"a\": 1,\n \"b\": 2,\n   \"a\": 3}}\n");
    InputError e = expectInputError([&] { readRun(path, ids); });
    EXPECT_EQ(e.where().line, 4u);
    EXPECT_EQ(e.where().column, 4u);
    EXPECT_NE(e.problem().find("at 2:2 and 4:4"), std::string::npos) << e.what();
    // A user key given twice is not a duplicate entry: the last member is
    // kept (see HostileInputTest.AJsonUserGivenTwiceKeepsTheLastAndSaysWhere).
    IdSpace again;
    auto repeated = readRun(dir.write("r.json", "{\"q\": {\"a\": 1, \"b\": 2},\n \"q\": {\"a\": 3}}\n"), again);
    EXPECT_EQ(entriesOf(repeated.run, again), (std::vector<Entry>{{"q", "a", 3.0}}));
    // Both on one line: the columns tell them apart.
    std::string oneLine = dir.write("o.json", R"({"q": {"a": 1, "a": 2}})");
    InputError o = expectInputError([&] { readRun(oneLine, ids); });
    EXPECT_EQ(o.where().line, 1u);
    EXPECT_EQ(o.where().column, 16u);
    EXPECT_NE(o.problem().find("user \"q\", item \"a\" at 1:8 and 1:16"), std::string::npos) << o.what();
}

TEST(JsonReaderTest, ExclusionsAsListsOrObjects) {
    TempDir dir;
    IdSpace ids;
    auto loaded = readExclusions(dir.write("x.json", R"({"u1": ["b", "a"], "u2": {"a": 1}, "u3": []})"), ids);
    EXPECT_EQ(loaded.report.format, "JSON");
    EXPECT_EQ(loaded.exclusions.size(), 3u);
    EXPECT_TRUE(loaded.exclusions.contains(0, ids.items.find("a")));
    EXPECT_TRUE(loaded.exclusions.contains(0, ids.items.find("b")));
    EXPECT_TRUE(loaded.exclusions.contains(1, ids.items.find("a")));
}

TEST(JsonReaderTest, CohortsMapUsersToGroups) {
    TempDir dir;
    IdSpace ids;
    auto loaded = readCohorts(dir.write("c.json", R"({"u1": "young", "u2": "old", "u3": "young"})"), ids);
    EXPECT_EQ(loaded.cohorts.groupCount(), 2u);
    EXPECT_EQ(loaded.cohorts.groupName(loaded.cohorts.groupOf(2)), "young");
    EXPECT_EQ(loaded.cohorts.groupName(loaded.cohorts.groupOf(1)), "old");
    InputError e = expectInputError([&] { readCohorts(dir.write("e.json", R"({"u1": ""})"), ids); });
    EXPECT_NE(e.problem().find("empty group"), std::string::npos) << e.what();
}

TEST(JsonReaderTest, BomAndCrlfAreAccepted) {
    IdSpace ids;
    auto loaded = readJudgments(dataPath("ok/qrels_bom_crlf.json"), ids);
    EXPECT_EQ(entriesOf(loaded.judgments, ids),
              (std::vector<Entry>{{"u1", "d1", 1}, {"u1", "d2", 0}, {"u2", "d1", 2}}));
}

TEST(JsonReaderTest, DuplicateInABomFileStillNamesTheLines) {
    TempDir dir;
    IdSpace ids;
    std::string path = dir.write("d.json", "\xEF\xBB\xBF{\"q\": {\"a\": 1,\n\"a\": 2}}");
    InputError e = expectInputError([&] { readRun(path, ids); });
    EXPECT_NE(e.problem().find("at 1:8 and 2:1"), std::string::npos) << e.what();
}

TEST(JsonReaderTest, TooLongIdIsAnError) {
    TempDir dir;
    IdSpace ids;
    std::string longId(70000, 'x');
    InputError e = expectInputError([&] { readRun(dir.write("l.json", "{\"q\": {\"" + longId + "\": 1}}"), ids); });
    EXPECT_NE(e.problem().find("expected at most 65536"), std::string::npos) << e.problem();
    EXPECT_EQ(e.where().column, 8u);
}

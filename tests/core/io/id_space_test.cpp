// Ids are arbitrary byte strings, shared by every file of a workspace; the
// tables are CSR arrays per user; a failed read leaves the IdSpace alone.
#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;
using namespace ranklab::test;

TEST(IdSpaceReadTest, IdsAreBytesNotNumbers) {
    TempDir dir;
    std::string path = dir.write("r",
                                 "9\t09\t1\n09\t9\t2\n9\t9.0\t3\n9\t#x\t4\n-1\t-\t5\n9\t\xC3\xA9t\xC3\xA9\t6\n"
                                 "9\t.\t7\n9\t9\t8\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    // "09" and "9" are different users and different items.
    EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"9", "09", "-1"}));
    EXPECT_EQ(namesOf(ids.items), (std::vector<std::string>{"09", "9", "9.0", "#x", "-", "\xC3\xA9t\xC3\xA9", "."}));
    EXPECT_EQ(entriesOf(loaded.run, ids), (std::vector<Entry>{{"9", "09", 1},
                                                              {"9", "9.0", 3},
                                                              {"9", "#x", 4},
                                                              {"9", "\xC3\xA9t\xC3\xA9", 6},
                                                              {"9", ".", 7},
                                                              {"9", "9", 8},
                                                              {"09", "9", 2},
                                                              {"-1", "-", 5}}));
}

TEST(IdSpaceReadTest, HashInsideATrecIdIsNotAComment) {
    TempDir dir;
    std::string path = dir.write("r", "u#1 Q0 doc#13_308 1 0.7 t\n#u Q0 d 1 1 t\nu#1 Q0 # 2 0.5 t\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(entriesOf(loaded.run, ids), (std::vector<Entry>{{"u#1", "doc#13_308", 0.7}, {"u#1", "#", 0.5}}));
}

TEST(IdSpaceReadTest, EveryFileSharesOneIdSpace) {
    TempDir dir;
    std::string qrels = dir.write("q", "u1 0 a 1\nu2 0 b 1\n");
    std::string runA = dir.write("a", "u2 Q0 c 1 0.5 A\nu1 Q0 a 2 0.4 A\n");
    std::string runB = dir.write("b", "u3 Q0 a 1 0.5 B\nu1 Q0 b 2 0.4 B\n");
    IdSpace ids;
    auto j = readJudgments(qrels, ids);
    auto a = readRun(runA, ids);
    auto b = readRun(runB, ids);
    EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"u1", "u2", "u3"}));
    EXPECT_EQ(namesOf(ids.items), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(a.report.newUsers, 0u);
    EXPECT_EQ(a.report.newItems, 1u);
    EXPECT_EQ(b.report.newUsers, 1u);
    EXPECT_EQ(b.report.newItems, 0u);
    // The same item id means the same item everywhere.
    EXPECT_EQ(a.run.items(0)[0], j.judgments.items(0)[0]);
    EXPECT_EQ(b.run.items(2)[0], j.judgments.items(0)[0]);
    // A table built before a user existed simply has no entries for it.
    EXPECT_EQ(j.judgments.index().userCount(), 2u);
    EXPECT_FALSE(j.judgments.hasUser(2));
    EXPECT_TRUE(j.judgments.items(2).empty());
}

TEST(IdSpaceReadTest, RunsAreCsrInFileOrderPerUser) {
    TempDir dir;
    // Users interleaved: each user's entries keep their relative file order.
    std::string path = dir.write("r", "u1 i3 0.1\nu2 i1 0.9\nu1 i1 0.5\nu2 i3 0.2\nu1 i2 0.3\n");
    IdSpace ids;
    auto loaded = readRun(path, ids);
    EXPECT_EQ(loaded.run.index().offsets(), (std::vector<std::uint64_t>{0, 3, 5}));
    EXPECT_EQ(entriesOf(loaded.run, ids),
              (std::vector<Entry>{
                  {"u1", "i3", 0.1}, {"u1", "i1", 0.5}, {"u1", "i2", 0.3}, {"u2", "i1", 0.9}, {"u2", "i3", 0.2}}));
}

TEST(IdSpaceReadTest, JudgmentsAreSortedByItemId) {
    TempDir dir;
    std::string run = dir.write("r", "u1 z 1\nu1 y 1\nu1 x 1\n");  // z=0, y=1, x=2
    std::string qrels = dir.write("q", "u1 x 1\nu1 z 2\nu1 y 3\nu1 w 4\n");
    IdSpace ids;
    readRun(run, ids);
    auto loaded = readJudgments(qrels, ids);
    auto items = loaded.judgments.items(0);
    EXPECT_TRUE(std::is_sorted(items.begin(), items.end()));
    EXPECT_EQ(entriesOf(loaded.judgments, ids),
              (std::vector<Entry>{{"u1", "z", 2}, {"u1", "y", 3}, {"u1", "x", 1}, {"u1", "w", 4}}));
}

TEST(IdSpaceReadTest, AFailedReadLeavesTheIdSpaceUnchanged) {
    TempDir dir;
    IdSpace ids;
    readJudgments(dir.write("q", "u1 0 a 1\n"), ids);
    // New users and items before the bad line, in a later block than the first.
    std::string bad;
    for (int i = 0; i < 200; ++i) {
        std::string n = std::to_string(i);
        bad.append("n").append(n).append(" Q0 x").append(n).append(" 1 0.5 t\n");
    }
    bad += "u1 Q0 a 1 oops t\n";
    ReadOptions small;
    small.blockBytes = 256;
    small.chunkBytes = 64;
    for (const ReadOptions& options : {ReadOptions{}, small}) {
        InputError e = expectInputError([&] { readRun(dir.write("r", bad), ids, options); });
        EXPECT_EQ(e.where().line, 201u);
        EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"u1"}));
        EXPECT_EQ(namesOf(ids.items), (std::vector<std::string>{"a"}));
        EXPECT_EQ(ids.users.find("n0"), Interner::npos);
        EXPECT_EQ(ids.items.find("x199"), Interner::npos);
    }
    // After a failed duplicate check, a failed cohort file, a broken stream.
    expectInputError([&] { readRun(dir.write("d", "v1 Q0 b 1 1 t\nv1 Q0 b 2 1 t\n"), ids); });
    expectInputError([&] { readCohorts(dir.write("c", "w1 g1\nw1 g2\n"), ids); });
    expectInputError([&] { readRun(dir.write("z", gzipBytes("v2 b 1\nv3 c 1\n").substr(0, 20)), ids); });
    expectInputError([&] { readRun(dir.write("j", R"({"v4": {"b": 1}, "v5": {"c": x}})"), ids); });
    EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"u1"}));
    EXPECT_EQ(namesOf(ids.items), (std::vector<std::string>{"a"}));
    // And the IdSpace still works: ids continue from where they were.
    auto ok = readRun(dir.write("ok", "v1 b 1\nu1 a 2\n"), ids);
    EXPECT_EQ(namesOf(ids.users), (std::vector<std::string>{"u1", "v1"}));
    EXPECT_EQ(ok.report.newUsers, 1u);
    EXPECT_EQ(ok.report.newItems, 1u);
}

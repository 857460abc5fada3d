// Reading the run as trec_eval does (trec/input.h, trec/run_lines.h): the
// strict reader first; fields past the sixth ignored; a duplicate document an
// error only when two copies are in the top -M of its query.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "trec/errors.h"
#include "trec/input.h"
#include "trec/run_lines.h"

using namespace ranklab;
using namespace ranklab::trec;

namespace {

class TempFiles {
public:
    TempFiles() {
        dir_ = std::filesystem::temp_directory_path() /
               ("ranklab_trec_input_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::create_directories(dir_);
    }
    ~TempFiles() { std::filesystem::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& text) {
        const std::string path = (dir_ / name).string();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }

private:
    std::filesystem::path dir_;
};

const char* kQrels = "q1 0 a 1\nq1 0 b 0\nq2 0 a 1\n";
// golden/15_duplicate_docs_error/run.txt: "a" twice in q1, at scores 3 and 1.
const char* kDuplicateRun = "q1 Q0 a 1 3.0 dup\nq1 Q0 b 2 2.0 dup\nq1 Q0 a 3 1.0 dup\nq2 Q0 a 1 1.0 dup\n";

} // namespace

TEST(TrecInputTest, PlainFilesGoThroughTheStrictReaders) {
    TempFiles files;
    const Dataset data = loadTrecInput(files.write("qrels", kQrels),
                                       files.write("run", "q1 Q0 a 1 3.0 tag\nq2 Q0 a 1 1.0 tag\n"), {});
    ASSERT_EQ(data.models.size(), 1u);
    EXPECT_EQ(data.models[0].name, "tag");
    EXPECT_EQ(data.models[0].report.format, "TREC run");
    EXPECT_EQ(data.models[0].run.size(), 2u);
}

// results.trunc in trec_eval's test suite has words after the tag.
TEST(TrecInputTest, FieldsPastTheSixthAreIgnored) {
    TempFiles files;
    const Dataset data = loadTrecInput(
        files.write("qrels", kQrels),
        files.write("run", "q1\tQ0\ta\t99\t  2.5\tSTANDARD more junk at\nq2 Q0 a 1 1 STANDARD end of lines.\n"), {});
    ASSERT_EQ(data.models.size(), 1u);
    EXPECT_EQ(data.models[0].name, "STANDARD");
    EXPECT_EQ(data.models[0].run.size(), 2u);
    const UserId q1 = data.ids.users.find("q1");
    EXPECT_EQ(data.models[0].run.scores(q1)[0], 2.5);
}

TEST(TrecInputTest, ABrokenRunKeepsTheStrictReadersError) {
    TempFiles files;
    const std::string run = files.write("run", "q1 Q0 a 1 high tag\n");
    try {
        loadTrecInput(files.write("qrels", kQrels), run, {});
        FAIL() << "expected an InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.where().line, 1u);
        EXPECT_NE(std::string(e.what()).find("score"), std::string::npos) << e.what();
    }
}

// trec_eval 10: "duplicate docs a" without -M and with -M 3; with -M 1 the
// second "a" (rank 3) is cut first and the run is fine
// (golden/15_duplicate_docs_error: trec_eval_M1_hp.txt has output).
TEST(TrecInputTest, DuplicateDocsCountOnlyWithinTheTopM) {
    TempFiles files;
    const std::string qrels = files.write("qrels", kQrels), run = files.write("run", kDuplicateRun);
    try {
        loadTrecInput(qrels, run, {});
        FAIL() << "expected DuplicateDocsError";
    } catch (const DuplicateDocsError& e) {
        EXPECT_EQ(e.qid(), "q1");
        EXPECT_EQ(e.docno(), "a");
        EXPECT_NE(std::string(e.what()).find("lines 1 and 3"), std::string::npos) << e.what();
    }
    InputOptions m3;
    m3.maxLength = 3;
    EXPECT_THROW(loadTrecInput(qrels, run, m3), DuplicateDocsError);
    InputOptions m1;
    m1.maxLength = 1;
    const Dataset data = loadTrecInput(qrels, run, m1);
    const UserId q1 = data.ids.users.find("q1");
    const ItemId a = data.ids.items.find("a");
    // Each document once, its highest score: "a" stays on top.
    ASSERT_EQ(data.models[0].run.items(q1).size(), 2u);
    EXPECT_EQ(data.models[0].run.items(q1)[0], a);
    EXPECT_EQ(data.models[0].run.scores(q1)[0], 3.0);
}

TEST(TrecRunLinesTest, ReadsSixFieldsSkipsCommentsAndRefusesShortLines) {
    TempFiles files;
    ranklab::IdSpace ids;
    auto lines = readRunLines(files.write("run", "# note\n\nq1 Q0 d 1 -1e2 t x y\n"), ids);
    ASSERT_TRUE(lines);
    ASSERT_EQ(lines->lines.size(), 1u);
    EXPECT_EQ(ids.users.name(lines->lines[0].qid), "q1");
    EXPECT_EQ(ids.items.name(lines->lines[0].docno), "d");
    EXPECT_EQ(lines->lines[0].score, -100.0);
    EXPECT_EQ(lines->lines[0].line, 3u);
    EXPECT_EQ(lines->tag, "t");
    EXPECT_FALSE(readRunLines(files.write("short", "q1 Q0 d 1 2.0\n"), ids));
    EXPECT_FALSE(readRunLines(files.write("nan", "q1 Q0 d 1 nan t\n"), ids));
}

// Streamed in blocks: a line cut by a block boundary is read whole, a last
// line without a newline counts, and a line longer than the limit leaves the
// strict reader's error standing (nullopt) instead of growing without bound.
TEST(TrecRunLinesTest, StreamsLinesAcrossBlocksAndBoundsTheirLength) {
    TempFiles files;
    ranklab::IdSpace ids;
    std::string text;
    for (int i = 0; i < 5000; ++i) text += "q" + std::to_string(i % 7) + " Q0 doc" + std::to_string(i) + " 1 " + std::to_string(i) + " tag\n";
    text += "qlast Q0 dlast 1 0.5 tag";
    auto lines = readRunLines(files.write("many", text), ids);
    ASSERT_TRUE(lines);
    ASSERT_EQ(lines->lines.size(), 5001u);
    for (int i = 0; i < 5000; ++i) {
        ASSERT_EQ(ids.items.name(lines->lines[i].docno), "doc" + std::to_string(i));
        ASSERT_EQ(lines->lines[i].score, double(i));
    }
    EXPECT_EQ(ids.users.name(lines->lines[5000].qid), "qlast");
    EXPECT_EQ(lines->lines[5000].line, 5001u);
    const std::string longLine = "q Q0 d 1 1 t " + std::string(kMaxLenientLine, 'x') + "\n";
    EXPECT_FALSE(readRunLines(files.write("long", "q Q0 a 1 1 t\n" + longLine), ids));
}

// Sorted by score, then docno descending: with equal scores "b" ranks above
// "a", so the top 2 of (a 1, b 1, a 1) are b and one a: no duplicate.
TEST(TrecRunLinesTest, DuplicateCheckSortsLikeTrecEval) {
    TempFiles files;
    ranklab::IdSpace ids;
    auto lines = readRunLines(files.write("run", "q Q0 a 1 1 t\nq Q0 b 2 1 t\nq Q0 a 3 1 t\n"), ids);
    ASSERT_TRUE(lines);
    EXPECT_FALSE(findDuplicateInTop(*lines, ids, 2));
    const auto dup = findDuplicateInTop(*lines, ids, 3);
    ASSERT_TRUE(dup);
    EXPECT_EQ(dup->docno, "a");
    EXPECT_EQ(dup->firstLine, 1u);
    EXPECT_EQ(dup->secondLine, 3u);
}

// ranklab-cli trec's command line: trec_eval's option forms, --digits, other
// input formats, and the exit codes (0 ok, 1 bad input or options, 4 where
// trec_eval stops: tested on the golden cases in trec_golden_test.cpp).
#include <filesystem>
#include <fstream>

#include "cli/trec_test_support.h"

using namespace ranklab::trec_test;

namespace {

std::string blog(const std::string& name) { return dataPath("golden/11_blog_example/" + name); }

} // namespace

// 11_blog_example: map u1 0.425, u2 1/3 (trec_eval_core_hp.txt).
TEST(TrecCommandTest, DigitsSetsTheDecimals) {
    const CliResult r = runTrec({"-q", "-m", "map", "--digits", "6", blog("qrels.txt"), blog("run.txt")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out,
              "map                   \tu1\t0.425000\n"
              "map                   \tu2\t0.333333\n"
              "map                   \tall\t0.379167\n");
}

// trec_eval's attached forms: -M5 -l1 -mP.5 -qc.
TEST(TrecCommandTest, AttachedOptionValuesAndCombinedFlags) {
    const CliResult attached = runTrec({"-qc", "-M5", "-l1", "-mP.5", blog("qrels.txt"), blog("run.txt")});
    const CliResult separate =
        runTrec({"-q", "-c", "-M", "5", "-l", "1", "-m", "P.5", blog("qrels.txt"), blog("run.txt")});
    ASSERT_EQ(attached.code, 0) << attached.err;
    EXPECT_EQ(attached.out, separate.out);
    EXPECT_EQ(attached.out,
              "P_5                   \tu1\t0.4000\n"
              "P_5                   \tu2\t0.2000\n"
              "P_5                   \tall\t0.3000\n");
}

TEST(TrecCommandTest, UnknownMeasureExitsOne) {
    const CliResult r = runTrec({"-m", "Gx", blog("qrels.txt"), blog("run.txt")});
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("illegal measure 'Gx'"), std::string::npos) << r.err;
}

TEST(TrecCommandTest, MissingFileExitsOne) {
    const CliResult r = runTrec({blog("qrels.txt"), blog("no_such_run.txt")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("no_such_run.txt"), std::string::npos) << r.err;
}

// The engine's readers take other formats too: the blog run as TSV with a
// header gives the same numbers (the run's name becomes the file's stem).
TEST(TrecCommandTest, RunInAnotherFormat) {
    const std::filesystem::path tsv = std::filesystem::temp_directory_path() / "ranklab_trec_blog_run.tsv";
    {
        std::ofstream out(tsv);
        out << "user\titem\tscore\n";
        for (const char* user : {"u1", "u2"}) {
            const int items[] = {4, 6, 2, 3, 1, 8, 10, 9, 5, 7};
            for (int i = 0; i < 10; ++i) out << user << '\t' << items[i] << '\t' << 10 - i << '\n';
        }
    }
    const CliResult r = runTrec({"--run-format", "auto", "-m", "map", blog("qrels.txt"), tsv.string()});
    std::filesystem::remove(tsv);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "map                   \tall\t0.3792\n");
}

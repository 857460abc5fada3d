// ranklab-cli trec on runs that are empty or come through a pipe (issue 20):
// an empty run is refused as trec_eval refuses it (exit 2, "Cannot read
// results file"); a pipe is read once, and a run that needs trec_eval's
// leniency (which reads the file again) is refused with a clear message
// instead of scoring an empty second reading.
#include <filesystem>
#include <fstream>

#include "cli/trec_test_support.h"

using namespace ranklab::trec_test;

namespace {

std::string blog(const std::string& file) { return dataPath("golden/11_blog_example/" + file); }

// Runs a shell command line, capturing its stdout, stderr and exit code.
CliResult runShell(const std::string& commandLine) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("ranklab_trec_pipe_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string out = (dir / "out").string(), err = (dir / "err").string();
    const int status =
        std::system(("(" + commandLine + ") >" + shellQuoted(out) + " 2>" + shellQuoted(err)).c_str());
    CliResult r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = ranklab::readAll(out);
    r.err = ranklab::readAll(err);
    std::filesystem::remove_all(dir);
    return r;
}

std::string trecThroughPipe(const std::string& producer, const std::string& options) {
    return producer + " | " + shellQuoted(RANKLAB_CLI) + " trec " + options + " " + shellQuoted(blog("qrels.txt")) +
           " /dev/stdin";
}

// The blog run with a seventh field on every line: the strict reader refuses
// it, trec_eval (and trec's lenient reading) ignores the extra field.
std::string sevenFieldRun() {
    const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                       ("ranklab_trec_run7_" + std::to_string(::getpid()) + ".txt");
    std::ofstream out(path);
    std::istringstream in(ranklab::readAll(blog("run.txt")));
    for (std::string line; std::getline(in, line);) out << line << " extra\n";
    return path.string();
}

} // namespace

TEST(TrecInputCliTest, EmptyRunFileExitsTwoAsTrecEval) {
    const std::filesystem::path empty = std::filesystem::temp_directory_path() /
                                        ("ranklab_trec_empty_" + std::to_string(::getpid()) + ".txt");
    std::ofstream(empty).close();
    const CliResult r = runTrec({"-c", blog("qrels.txt"), empty.string()});
    std::filesystem::remove(empty);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("Cannot read results file '" + empty.string() + "'"), std::string::npos) << r.err;
}

TEST(TrecInputCliTest, EmptyRunThroughAPipeExitsTwo) {
    const CliResult r = runShell(trecThroughPipe("printf ''", "-c"));
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("Cannot read results file '/dev/stdin'"), std::string::npos) << r.err;
}

TEST(TrecInputCliTest, RunThroughAPipeGivesTheFilesNumbers) {
    const CliResult piped = runShell(trecThroughPipe("cat " + shellQuoted(blog("run.txt")), "-c -m map -m num_ret"));
    const CliResult file = runTrec({"-c", "-m", "map", "-m", "num_ret", blog("qrels.txt"), blog("run.txt")});
    ASSERT_EQ(piped.code, 0) << piped.err;
    EXPECT_EQ(piped.out, file.out);
    EXPECT_EQ(piped.out, "num_ret               \tall\t20\nmap                   \tall\t0.3792\n");
}

// Before: the lenient reading re-opened the pipe, read nothing, and printed
// num_ret 0, map 0 with exit 0.
TEST(TrecInputCliTest, LenientRunThroughAPipeFailsClearly) {
    const std::string run7 = sevenFieldRun();
    const CliResult piped = runShell(trecThroughPipe("cat " + shellQuoted(run7), "-c -m map -m num_ret"));
    const CliResult file = runTrec({"-c", "-m", "map", "-m", "num_ret", blog("qrels.txt"), run7});
    std::filesystem::remove(run7);
    EXPECT_NE(piped.code, 0);
    EXPECT_EQ(piped.out, "");
    EXPECT_NE(piped.err.find("/dev/stdin is not a regular file"), std::string::npos) << piped.err;
    EXPECT_NE(piped.err.find("found 7"), std::string::npos) << piped.err;  // the strict reader's reason
    // From a file, the lenient reading ignores the seventh field.
    ASSERT_EQ(file.code, 0) << file.err;
    EXPECT_EQ(file.out, "num_ret               \tall\t20\nmap                   \tall\t0.3792\n");
}

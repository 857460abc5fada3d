// The same bytes through every channel (issue 30, item 7): `eval`, `compare`
// and `trec` given an input as a file, through a pipe (bash's <(...)), a
// FIFO written by another process, and standard input ("-", redirected from
// a file and from a pipe) print the same output, for every format RankLab
// detects: TREC run and qrels, TSV with a header, CSV without, JSON, gzip and
// zstd, a dense .npy. A format read by seeking (an .npz archive, Parquet) is
// refused through a pipe with a message naming the file and saying why.
//
// Before the fix a pipe lost its first 4 bytes (the compression sniff was
// read, then the input opened again), a catalogue through a pipe lost its
// first item, and a FIFO of more than 64 KiB hung. Every command runs under
// `timeout`, so a hang fails the test instead of stalling it.
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "core/io/io_test_support.h"
#include "core/io/npy_test_support.h"

using ranklab::testing::CliResult;
using ::testing::HasSubstr;

namespace {

std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// A small study with ids that are numbers (so a dense .npy without
// vocabularies names the same users and items): 150 users, 60 items, 40
// scored items and 5 judged ones a user, from a fixed linear congruence.
struct Study {
    static constexpr int kUsers = 150, kItems = 60, kScored = 40, kJudged = 5;
    std::vector<std::vector<double>> scores;  // [user][item], NaN: not scored
    std::vector<std::map<int, int>> grades;   // [user] item -> grade
    Study(unsigned seed, unsigned gradeSeed) {
        unsigned state = seed;
        auto next = [&state] {
            state = state * 1103515245u + 12345u;
            return (state >> 8) & 0xffffu;
        };
        scores.assign(kUsers, std::vector<double>(kItems, std::nan("")));
        grades.resize(kUsers);
        for (int u = 0; u < kUsers; ++u)
            for (int k = 0; k < kScored; ++k) scores[u][(u * 7 + k * 13) % kItems] = double(next() % 10000) / 10000.0;
        state = gradeSeed;
        for (int u = 0; u < kUsers; ++u)
            for (int k = 0; k < kJudged; ++k) grades[u][(u * 3 + k * 11 + int(next() % 5)) % kItems] = 1 + next() % 3;
    }
    template <typename Line> std::string eachScore(Line line) const {
        std::string out;
        for (int u = 0; u < kUsers; ++u)
            for (int i = 0; i < kItems; ++i)
                if (!std::isnan(scores[u][i])) out += line(u, i, scores[u][i]);
        return out;
    }
    static std::string number(double v) {
        char text[32];
        std::snprintf(text, sizeof text, "%.4f", v);
        return text;
    }
    std::string trecRun(const std::string& tag) const {
        return eachScore([&](int u, int i, double s) {
            return std::to_string(u) + " Q0 " + std::to_string(i) + " 0 " + number(s) + " " + tag + "\n";
        });
    }
    std::string tsvRun() const {
        return "user\titem\tscore\n" + eachScore([](int u, int i, double s) {
                   return std::to_string(u) + "\t" + std::to_string(i) + "\t" + number(s) + "\n";
               });
    }
    std::string csvRun() const {
        return eachScore([](int u, int i, double s) {
            return std::to_string(u) + "," + std::to_string(i) + "," + number(s) + "\n";
        });
    }
    std::string jsonRun() const {
        std::string out = "{\n";
        for (int u = 0; u < kUsers; ++u) {
            out += "  \"" + std::to_string(u) + "\": {";
            bool first = true;
            for (int i = 0; i < kItems; ++i) {
                if (std::isnan(scores[u][i])) continue;
                out += std::string(first ? "" : ", ") + "\"" + std::to_string(i) + "\": " + number(scores[u][i]);
                first = false;
            }
            out += u + 1 < kUsers ? "},\n" : "}\n";
        }
        return out + "}\n";
    }
    // A dense float32 matrix, -inf where not scored, the same 4-decimal values.
    std::string npy() const {
        ranklab::test::NpyMatrix m;
        m.rows = kUsers;
        m.columns = kItems;
        for (int u = 0; u < kUsers; ++u)
            for (int i = 0; i < kItems; ++i)
                m.values.push_back(std::isnan(scores[u][i]) ? -INFINITY : std::stod(number(scores[u][i])));
        return ranklab::test::npyBytes(m, "<f8");
    }
    std::string trecQrels() const {
        std::string out;
        for (int u = 0; u < kUsers; ++u)
            for (const auto& [i, g] : grades[u])
                out += std::to_string(u) + " 0 " + std::to_string(i) + " " + std::to_string(g) + "\n";
        return out;
    }
    std::string csvQrels() const {
        std::string out = "qid,docid,rel\n";
        for (int u = 0; u < kUsers; ++u)
            for (const auto& [i, g] : grades[u])
                out += std::to_string(u) + "," + std::to_string(i) + "," + std::to_string(g) + "\n";
        return out;
    }
};

class InputChannelsTest : public ranklab::testing::CliFixture {
protected:
    std::string write(const std::string& name, const std::string& bytes) const {
        std::ofstream(path(name), std::ios::binary) << bytes;
        return path(name);
    }

    // Runs a bash script (for <(...), mkfifo and background writers).
    CliResult bash(const std::string& script) const {
        const std::string file = path("script.sh");
        std::ofstream(file) << "set -u\nCLI=" << quoted(RANKLAB_CLI) << "\n" << script << "\n";
        const std::string out = path("bash_out.txt"), err = path("bash_err.txt");
        const int status = std::system(("bash " + quoted(file) + " >" + quoted(out) + " 2>" + quoted(err)).c_str());
        CliResult r;
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = ranklab::testing::slurp(out);
        r.err = ranklab::testing::slurp(err);
        return r;
    }

    // The command line `args` with `@` standing for the input `file` given
    // through `channel`: "file", "pipe", "fifo", "stdin" (- < file) or
    // "stdin-pipe" (cat file | ... -). Under a timeout: a hang fails.
    CliResult through(const std::string& channel, const std::string& file, const std::string& args) const {
        auto with = [&](const std::string& replacement) {
            std::string line = args;
            line.replace(line.find('@'), 1, replacement);
            return "timeout 60 \"$CLI\" " + line;
        };
        if (channel == "file") return bash(with(quoted(file)));
        if (channel == "pipe") return bash(with("<(cat " + quoted(file) + ")"));
        if (channel == "stdin") return bash(with("-") + " < " + quoted(file));
        if (channel == "stdin-pipe") return bash("cat " + quoted(file) + " | " + with("-"));
        // A FIFO written by another process while the command reads it.
        const std::string fifo = path("input.fifo");
        std::filesystem::remove(fifo);
        // If the command fails before opening the FIFO, the writer (still
        // waiting to open it) is stopped.
        return bash("mkfifo " + quoted(fifo) + "\n(timeout 60 cat " + quoted(file) + " > " + quoted(fifo) +
                    ") &\nwriter=$!\n" + with(quoted(fifo)) + "\nrc=$?\nkill $writer 2>/dev/null\nwait\nexit $rc");
    }

    // The output through every channel equals the file's, which succeeds.
    void expectSameEverywhere(const std::string& file, const std::string& args) const {
        const CliResult reference = through("file", file, args);
        ASSERT_EQ(reference.exitCode, 0) << args << "\n" << reference.err;
        ASSERT_FALSE(reference.out.empty());
        for (const char* channel : {"pipe", "fifo", "stdin", "stdin-pipe"}) {
            const CliResult r = through(channel, file, args);
            EXPECT_EQ(r.exitCode, 0) << channel << ": " << args << "\n" << r.err;
            EXPECT_EQ(r.out, reference.out) << channel << ": " << args << "\n" << r.err;
        }
    }

    Study study{7, 11};
    Study other{23, 11};  // the same judgments, another model's scores
    const std::string metrics = " --metrics 'ndcg,ap,recall,coverage' --cutoffs 5,10 ";
};

TEST_F(InputChannelsTest, EveryRunFormatGivesTheFilesOutputThroughEveryChannel) {
    const std::string qrels = quoted(write("qrels.txt", study.trecQrels()));
    ASSERT_GT(study.trecRun("m").size(), std::size_t(64) << 10);  // a FIFO past its 64 KiB buffer
    const std::vector<std::pair<std::string, std::string>> runs = {
        {"run.trec", study.trecRun("m")},
        {"run.tsv", study.tsvRun()},
        {"run.csv", study.csvRun()},
        {"run.json", study.jsonRun()},
        {"run.trec.gz", ranklab::test::gzipBytes(study.trecRun("m"))},
        {"run.tsv.zst", ranklab::test::zstdBytes(study.tsvRun())},
        {"run.npy", study.npy()},
    };
    for (const auto& [name, bytes] : runs) {
        SCOPED_TRACE(name);
        expectSameEverywhere(write(name, bytes), "eval --qrels " + qrels + " --run m=@" + metrics);
    }
}

// Every format gives the same numbers as the TREC text (the reference the
// other formats are checked against: the same scores, the same judgments).
TEST_F(InputChannelsTest, EveryRunFormatGivesTheSameNumbers) {
    const std::string qrels = quoted(write("qrels.txt", study.trecQrels()));
    const std::string args = "eval --qrels " + qrels + metrics + " --run m=";
    const CliResult trec = bash("\"$CLI\" " + args + quoted(write("run.trec", study.trecRun("m"))));
    ASSERT_EQ(trec.exitCode, 0) << trec.err;
    for (const auto& [name, bytes] : std::vector<std::pair<std::string, std::string>>{
             {"run.tsv", study.tsvRun()}, {"run.json", study.jsonRun()}, {"run.npy", study.npy()}}) {
        const CliResult r = bash("cat " + quoted(write(name, bytes)) + " | \"$CLI\" " + args + "-");
        EXPECT_EQ(r.exitCode, 0) << name << "\n" << r.err;
        EXPECT_EQ(r.out, trec.out) << name;
    }
}

TEST_F(InputChannelsTest, QrelsThroughEveryChannel) {
    const std::string run = quoted(write("run.trec", study.trecRun("m")));
    expectSameEverywhere(write("qrels.txt", study.trecQrels()), "eval --qrels @ --run m=" + run + metrics);
    expectSameEverywhere(write("qrels.csv.gz", ranklab::test::gzipBytes(study.csvQrels())),
                         "eval --qrels @ --run m=" + run + metrics);
}

TEST_F(InputChannelsTest, CompareThroughEveryChannel) {
    const std::string qrels = quoted(write("qrels.txt", study.trecQrels()));
    const std::string base = quoted(write("other.trec", other.trecRun("b")));
    expectSameEverywhere(write("run.tsv.zst", ranklab::test::zstdBytes(study.tsvRun())),
                         "compare --qrels " + qrels + " --run base=" + base + " --run m=@ --metrics ndcg@10,ap@10");
}

TEST_F(InputChannelsTest, TrecThroughEveryChannel) {
    const std::string qrels = write("qrels.txt", study.trecQrels());
    expectSameEverywhere(write("run.trec", study.trecRun("m")), "trec -c -m all_trec " + quoted(qrels) + " @");
    expectSameEverywhere(write("run.trec.gz", ranklab::test::gzipBytes(study.trecRun("m"))),
                         "trec -m ndcg_cut.10 -m map " + quoted(qrels) + " @");
    expectSameEverywhere(qrels, "trec -m ndcg_cut.10 -m map @ " + quoted(write("run2.trec", study.trecRun("m"))));
}

// --catalog through a pipe lost its first 4 bytes: its first item (the
// catalogue was opened once to sniff its compression and again to read it).
TEST_F(InputChannelsTest, CatalogueAndItemsThroughEveryChannel) {
    const std::string qrels = quoted(write("qrels.txt", study.trecQrels()));
    const std::string run = quoted(write("run.trec", study.trecRun("m")));
    // The items of the run are "0".."59"; the catalogue names "0".."99" and
    // 100 others, so coverage@10 is (the items recommended) / 200.
    std::string catalog;
    for (int i = 0; i < 100; ++i) catalog += std::to_string(i) + "\n";
    for (int i = 0; i < 100; ++i) catalog += "x" + std::to_string(i) + "\n";
    const std::string args = "eval --qrels " + qrels + " --run m=" + run + " --metrics coverage --cutoffs 10 --catalog @";
    expectSameEverywhere(write("catalog.txt", catalog), args);
    const CliResult r = through("pipe", path("catalog.txt"), args + " --format csv --digits 6");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // Brute force: the distinct items in the users' top 10.
    std::set<int> shown;
    for (int u = 0; u < Study::kUsers; ++u) {
        std::vector<std::pair<double, int>> ranked;
        for (int i = 0; i < Study::kItems; ++i)
            if (!std::isnan(study.scores[u][i])) ranked.push_back({-std::stod(Study::number(study.scores[u][i])), i});
        std::sort(ranked.begin(), ranked.end());
        // Ties at the 10th place would make this ambiguous; the scores are
        // four-decimal draws, so check there is none.
        ASSERT_NE(ranked[9].first, ranked[10].first) << "user " << u;
        for (int k = 0; k < 10; ++k) shown.insert(ranked[k].second);
    }
    char expected[32];
    std::snprintf(expected, sizeof expected, "%.6f", double(shown.size()) / 200.0);
    EXPECT_THAT(r.out, HasSubstr(expected)) << r.out;
}

// An .npz archive and Parquet are read by seeking: through a pipe they are
// refused, naming the file and saying why, never read wrong.
TEST_F(InputChannelsTest, ArchivesThroughAPipeAreRefusedClearly) {
    const std::string qrels = quoted(write("qrels.txt", study.trecQrels()));
    const std::string npz = path("run.npz");
    ranklab::test::writeZip(npz, {{"scores.npy", study.npy(), false}});
    const std::string args = "eval --qrels " + qrels + " --run m=@" + metrics;
    const CliResult file = through("file", npz, args);
    ASSERT_EQ(file.exitCode, 0) << file.err;
    for (const char* channel : {"pipe", "fifo", "stdin"}) {
        const CliResult r = through(channel, npz, args);
        EXPECT_EQ(r.exitCode, 1) << channel << "\n" << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_THAT(r.err, HasSubstr("a zip archive (an .npz) that is not a regular file")) << channel;
        EXPECT_THAT(r.err, HasSubstr("seeking")) << channel;
    }
    const CliResult named = through("stdin", npz, args);
    EXPECT_THAT(named.err, HasSubstr("error: -: ")) << named.err;
    // Parquet's magic through a pipe: refused before DuckDB is asked.
    const std::string parquet = write("run.parquet", std::string("PAR1") + std::string(100, '\0') + "PAR1");
    const CliResult r = through("pipe", parquet, args);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr("Parquet that is not a regular file")) << r.err;
    EXPECT_THAT(r.err, HasSubstr("/dev/fd/")) << r.err;
}

TEST_F(InputChannelsTest, StandardInputGivenTwiceIsRefused) {
    const std::string run = write("run.trec", study.trecRun("m"));
    const CliResult r = bash("timeout 60 \"$CLI\" eval --qrels - --run m=- < " + quoted(run));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr("standard input (\"-\") is given for the ground truth and for a run")) << r.err;
}

} // namespace

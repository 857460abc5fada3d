// curves, ranks and cohorts on a dense numpy score matrix keep per user only
// what they reach (--kmax, the metrics' cutoffs; io/row_selection.h), not
// the whole row: the same numbers as the same scores written as a TSV run,
// under every tie policy, and a matrix whose whole rows would need several
// times the memory allowed runs within it.
#include <sys/resource.h>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "core/io/npy_test_support.h"

using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;

namespace {

class DenseDepthCliTest : public ranklab::testing::CliFixture {
protected:
    // 30 users x 40 items, scores in quarters (many ties) with some -inf
    // (not ranked), as .npy (float32) and as a TSV run; qrels with 1-4
    // relevant items per user. Row r is user "r", column c item "c".
    void writeSmall() {
        std::mt19937_64 g(17);
        ranklab::test::NpyMatrix m{30, 40, {}};
        std::string tsv, qrels;
        for (std::size_t u = 0; u < m.rows; ++u) {
            for (std::size_t i = 0; i < m.columns; ++i) {
                const double v = g() % 9 == 0 ? -INFINITY : double(g() % 5) / 4.0;
                m.values.push_back(v);
                if (v != -INFINITY) tsv += std::to_string(u) + "\t" + std::to_string(i) + "\t" + std::to_string(v) + "\n";
            }
            for (std::size_t k = 0, n = 1 + g() % 4; k < n; ++k)
                qrels += std::to_string(u) + " 0 " + std::to_string(g() % m.columns) + " 1\n";
        }
        std::ofstream(path("run.npy"), std::ios::binary) << ranklab::test::npyBytes(m, "<f4");
        std::ofstream(path("run.tsv")) << tsv;
        std::ofstream(path("qrels.txt")) << qrels;
    }
    std::string inputs(const char* run, const char* format) const {
        return "--qrels '" + path("qrels.txt") + "' --run m='" + path(run) + "' --run-format " + format;
    }
};

} // namespace

TEST_F(DenseDepthCliTest, RanksAndCurvesAtKmaxEqualTheTsvRunUnderEveryTiePolicy) {
    writeSmall();
    for (const char* ties : {"expected", "optimistic", "pessimistic", "trec", "input"}) {
        for (const std::string& command :
             {std::string("ranks --kmax 5"), std::string("curves --metric ndcg,recall,ap,precision --kmax 6 --no-bands")}) {
            const std::string rest = " --ties " + std::string(ties) + " --format csv";
            const Result dense = run(command + " " + inputs("run.npy", "npy") + rest);
            ASSERT_EQ(dense.exitCode, 0) << command << ": " << dense.err;
            const Result text = run(command + " " + inputs("run.tsv", "tsv") + rest);
            ASSERT_EQ(text.exitCode, 0) << command << ": " << text.err;
            EXPECT_EQ(dense.out, text.out) << command << " --ties " << ties;
            EXPECT_GT(dense.out.size(), 100u);
        }
        const std::string rest = " --ties " + std::string(ties) + " --metrics ndcg,hr --cutoffs 3 --format csv";
        const Result dense = run("cohorts --by relevant " + inputs("run.npy", "npy") + rest);
        ASSERT_EQ(dense.exitCode, 0) << dense.err;
        const Result text = run("cohorts --by relevant " + inputs("run.tsv", "tsv") + rest);
        EXPECT_EQ(dense.out, text.out) << ties;
    }
}

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
TEST_F(DenseDepthCliTest, AMatrixLargerThanTheMemoryAllowedIsReadToTheDepthOnly) {
    // 4,000 users x 25,000 items float32: 400 MB of scores, 100M entries,
    // each of which a whole-row read keeps as an item and a score (>1.2 GB).
    // Under a 1 GB address-space limit only the depth-limited read fits.
    const std::uint64_t users = 4000, items = 25000;
    {
        std::string header = ranklab::test::npyBytes(ranklab::test::NpyMatrix{0, 0, {}}, "<f4", false, 1,
                                                     "(" + std::to_string(users) + ", " + std::to_string(items) + ")");
        std::FILE* f = std::fopen(path("big.npy").c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fwrite(header.data(), 1, header.size(), f);
        std::mt19937 g(3);
        std::vector<float> row(items);
        std::string qrels;
        for (std::uint64_t u = 0; u < users; ++u) {
            for (auto& v : row) v = float(g() % 1000) / 1000.0f;
            std::fwrite(row.data(), sizeof(float), items, f);
            qrels += std::to_string(u) + " 0 " + std::to_string(g() % items) + " 1\n";
        }
        std::fclose(f);
        std::ofstream(path("big_qrels.txt")) << qrels;
    }
    std::ofstream(path("limited.sh")) << "ulimit -v 1000000 || exit 3\nexec \"$@\"\n";
    const std::string in = "--qrels '" + path("big_qrels.txt") + "' --run m='" + path("big.npy") + "' --run-format npy";
    for (const std::string& command : {std::string("ranks --kmax 10"), std::string("curves --metric ndcg --kmax 10 --no-bands"),
                                       std::string("eval --metrics ndcg,hr --cutoffs 10")}) {
        // The fixture runs ranklab-cli directly: the limit goes through a shell script.
        const std::string shell = "bash '" + path("limited.sh") + "' '" + std::string(RANKLAB_CLI) + "' " + command +
                                  " " + in + " > '" + path("out.txt") + "' 2> '" + path("err.txt") + "'";
        const int status = std::system(shell.c_str());
        EXPECT_EQ(status, 0) << command << ": " << ranklab::testing::slurp(path("err.txt"));
        EXPECT_THAT(ranklab::testing::slurp(path("out.txt")), HasSubstr("m")) << command;
    }
    // Whole rows (no --kmax) do not fit: a clear message and exit 1, not a crash.
    const std::string whole = "bash '" + path("limited.sh") + "' '" + std::string(RANKLAB_CLI) + "' ranks " + in +
                              " > '" + path("out.txt") + "' 2> '" + path("err.txt") + "'";
    const int status = std::system(whole.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
    EXPECT_THAT(ranklab::testing::slurp(path("err.txt")), HasSubstr("ranklab-cli: error: out of memory"));
}

TEST_F(DenseDepthCliTest, ATopkFileNamingAHugeIndexTakesLittleMemory) {
    // Two users' top-3 item indices up to 184,549,376 (without a vocabulary
    // the index is the id): the ids are mapped through a hash map, not an
    // array as long as the largest index (737 MB before; found by fuzzing).
    ranklab::test::NpyMatrix m{2, 3, {184549376, 16777216, 5, 1, 184549000, 7}};
    std::ofstream(path("sparse.npy"), std::ios::binary) << ranklab::test::npyBytes(m, "<i4");
    std::ofstream(path("q.txt")) << "0 0 184549376 1\n1 0 7 1\n";
    std::ofstream(path("limited400.sh")) << "ulimit -v 400000 || exit 3\nexec \"$@\"\n";
    const std::string shell = "bash '" + path("limited400.sh") + "' '" + std::string(RANKLAB_CLI) + "' eval --qrels '" +
                              path("q.txt") + "' --run m='" + path("sparse.npy") +
                              "' --run-format npy-topk --metrics hr,rr --cutoffs 3 --format csv > '" + path("out.txt") +
                              "' 2> '" + path("err.txt") + "'";
    const int status = std::system(shell.c_str());
    EXPECT_EQ(status, 0) << ranklab::testing::slurp(path("err.txt"));
    // hr@3 = 1 for both; rr: item 184549376 first for user 0 (1), item 7 third for user 1 (1/3).
    EXPECT_THAT(ranklab::testing::slurp(path("out.txt")), HasSubstr("m,1.0000,0.6667"));
}
#endif

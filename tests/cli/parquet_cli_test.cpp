// Parquet input without DuckDB's library: a clear message saying how to
// enable it (simulated with RANKLAB_DUCKDB pointing at no file), and the
// text inputs still work.
#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

using ranklab::testing::CliFixture;

namespace {

class ParquetCliTest : public CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        const char* old = std::getenv("RANKLAB_DUCKDB");
        hadOld_ = old != nullptr;
        if (old) old_ = old;
        ::setenv("RANKLAB_DUCKDB", path("no-such-dir/libduckdb.so").c_str(), 1);
        std::ofstream(path("qrels.tsv")) << "u\ta\t1\n";
        std::ofstream(path("run.tsv")) << "u\ta\t0.5\nu\tb\t0.25\n";
        std::ofstream(path("run.parquet")) << "PAR1 any bytes PAR1";
    }
    void TearDown() override {
        if (hadOld_) ::setenv("RANKLAB_DUCKDB", old_.c_str(), 1);
        else ::unsetenv("RANKLAB_DUCKDB");
        CliFixture::TearDown();
    }
    bool hadOld_ = false;
    std::string old_;
};

} // namespace

TEST_F(ParquetCliTest, WithoutTheLibraryAParquetRunSaysHowToEnableIt) {
    const auto r = run("eval --qrels '" + path("qrels.tsv") + "' --run '" + path("run.parquet") + "'");
    EXPECT_NE(r.exitCode, 0);
    const std::string library = path("no-such-dir/libduckdb.so");
    const std::string expected = path("run.parquet") + ": DuckDB's library (libduckdb.so) was not found (" + library +
                                 ": cannot open shared object file: No such file or directory). Parquet input needs "
                                 "DuckDB's library: run ./run.sh or cmake/fetch_duckdb.sh (it fetches libduckdb.so "
                                 "with npm into build/duckdb), or set RANKLAB_DUCKDB to the path of a libduckdb.so";
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
}

TEST_F(ParquetCliTest, WithoutTheLibraryTextInputsStillEvaluate) {
    const auto r = run("eval --qrels '" + path("qrels.tsv") + "' --run '" + path("run.tsv") +
                       "' --metrics precision --cutoffs 1");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("1.0"), std::string::npos) << r.out;  // a ranked first: precision@1 = 1
}

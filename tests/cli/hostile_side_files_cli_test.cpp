// Side files and Parquet paths built to hurt, through the real program:
// JSON nested 50,000 deep (partial states, bucket sizes, workspaces),
// /dev/zero and an endless FIFO as a partial state, a workspace with
// misspelt keys, bytes that are not UTF-8 in a message, and a Parquet URL.
// Each is refused with a message naming the file (exit 1), never a crash.
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

using ::testing::HasSubstr;
using ::testing::Not;

namespace {

using Result = ranklab::testing::CliResult;

// An environment variable set for one test, restored afterwards.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value) : name_(name) {
        const char* old = std::getenv(name);
        had_ = old != nullptr;
        if (old) old_ = old;
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (had_) ::setenv(name_, old_.c_str(), 1);
        else ::unsetenv(name_);
    }

private:
    const char* name_;
    bool had_ = false;
    std::string old_;
};

std::string nested(const std::string& before, std::size_t depth, const std::string& after) {
    return before + std::string(depth, '[') + std::string(depth, ']') + after;
}

class HostileSideFilesCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        std::ofstream(path("qrels.tsv")) << "u1\ta\t1\nu2\tb\t1\nu3\tc\t2\n";
        std::ofstream(path("run.tsv")) << "u1\ta\t0.9\nu1\tb\t0.1\nu2\tb\t0.5\nu3\ta\t0.4\nu3\tc\t0.3\n";
        inputs_ = "--qrels '" + path("qrels.tsv") + "' --run '" + path("run.tsv") + "' --metrics ndcg --cutoffs 5";
    }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(path(name), std::ios::binary) << text;
    }
    std::string inputs_;
};

TEST_F(HostileSideFilesCliTest, APartialStateNested50000DeepIsRefusedNotACrash) {
    write("deep.json", nested("{\"format\": \"ranklab-partial\", \"version\": 1, \"command\": \"eval\", \"buckets\": ",
                              50000, "}\n"));
    const Result r = run("merge '" + path("deep.json") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr(path("deep.json") + ":1:"));
    EXPECT_THAT(r.err, HasSubstr("nested deeper than 64 levels"));
}

TEST_F(HostileSideFilesCliTest, BucketSizesNested50000DeepAreRefusedNotACrash) {
    write("deep.json", nested("{\"format\": \"ranklab-bucket-sizes\", \"version\": 1, \"users\": ", 50000, "}\n"));
    const Result r = run("compare " + inputs_ + " --run b='" + path("run.tsv") + "' --buckets 0:4096 --partial '" +
                         path("state.json") + "' --bucket-sizes '" + path("deep.json") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr(path("deep.json") + ":1:"));
    EXPECT_THAT(r.err, HasSubstr("nested deeper than 64 levels"));
}

TEST_F(HostileSideFilesCliTest, AWorkspaceNested50000DeepIsRefusedNotACrash) {
    // Objects this time: {"a": {"a": ... 1 ...}}.
    std::string text = "{\"ranklab_workspace\": 1, \"view\": ";
    for (int i = 0; i < 50000; ++i) text += "{\"a\": ";
    text += "1" + std::string(50000, '}') + "}\n";
    write("deep.ranklab", text);
    const Result r = run("eval --workspace '" + path("deep.ranklab") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr(path("deep.ranklab") + ":1:"));
    EXPECT_THAT(r.err, HasSubstr("nested deeper than 64 levels"));
}

TEST_F(HostileSideFilesCliTest, DevZeroAsAPartialStateIsRefusedAtItsFirstByte) {
    const Result r = run("merge /dev/zero");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr("/dev/zero:1:1: binary data (a NUL byte); expected a text file (a partial state)"));
}

TEST_F(HostileSideFilesCliTest, AnEndlessFifoIsReadOnlyUpToTheSideFileLimit) {
    ASSERT_EQ(::mkfifo(path("state.fifo").c_str(), 0600), 0);
    // 3 MB of spaces (no NUL, no end in sight for a 1 MB limit).
    const std::string writer = "(head -c 3000000 /dev/zero | tr '\\0' ' ' > '" + path("state.fifo") +
                               "' 2>/dev/null &)";
    ASSERT_EQ(std::system(writer.c_str()), 0);
    const ScopedEnv limit("RANKLAB_SIDE_FILE_BYTES", "1000000");
    const Result r = run("merge '" + path("state.fifo") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr(path("state.fifo") + ": the stream goes on past 1000000 bytes, the limit for a "
                                                      "partial state"));
    EXPECT_THAT(r.err, HasSubstr("RANKLAB_SIDE_FILE_BYTES"));
}

TEST_F(HostileSideFilesCliTest, ARegularFilePastTheLimitIsRefusedBeforeItIsRead) {
    write("big.json", "{\"format\": \"ranklab-partial\"" + std::string(2000, ' ') + "}");
    const ScopedEnv limit("RANKLAB_SIDE_FILE_BYTES", "1000");
    const Result r = run("merge '" + path("big.json") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, HasSubstr(path("big.json") + ": the file is past 1000 bytes, the limit for a partial state"));
}

TEST_F(HostileSideFilesCliTest, MisspeltWorkspaceKeysAreWarnedAboutWithTheKeyMeant) {
    write("ws.ranklab", "{\"ranklab_workspace\": 1, \"ground_truth\": {\"path\": \"qrels.tsv\"},\n"
                        " \"models\": [{\"path\": \"run.tsv\", \"colour\": \"#112233\"}],\n"
                        " \"evaluation\": {\"metrics\": [\"ndcg\"], \"cutoffs\": [5], \"relevance_treshold\": 2},\n"
                        " \"zzz_private\": true}\n");
    const Result r = run("eval --workspace '" + path("ws.ranklab") + "'");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const std::string file = path("ws.ranklab");
    EXPECT_THAT(r.err, HasSubstr("ranklab-cli: warning: " + file +
                                 ": \"models[0].colour\": unknown key, ignored (did you mean \"color\"?)"));
    EXPECT_THAT(r.err, HasSubstr("ranklab-cli: warning: " + file +
                                 ": \"evaluation.relevance_treshold\": unknown key, ignored (did you mean "
                                 "\"relevance_threshold\"?)"));
    EXPECT_THAT(r.err, HasSubstr("ranklab-cli: warning: " + file + ": \"zzz_private\": unknown key, ignored\n"));
}

TEST_F(HostileSideFilesCliTest, BytesThatAreNotUtf8AreEscapedInErrors) {
    write("bad.tsv", "u1\ta\tx\xff\xfe\n");  // a score that is not a number nor UTF-8
    const Result r = run("eval --qrels '" + path("qrels.tsv") + "' --run '" + path("bad.tsv") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_THAT(r.err, Not(HasSubstr("\xff")));
    EXPECT_THAT(r.err, HasSubstr("x\\xff\\xfe"));
    EXPECT_THAT(r.err, HasSubstr(path("bad.tsv") + ":1:"));
}

TEST_F(HostileSideFilesCliTest, AParquetUrlIsRefusedBeforeDuckDbAndWritesNothingInHome) {
    std::filesystem::create_directories(path("home"));
    const ScopedEnv home("HOME", path("home"));
    for (const std::string url : {"https://example.invalid/x.parquet", "s3://bucket/x.parquet"}) {
        const Result r = run("eval --qrels '" + path("qrels.tsv") + "' --run '" + url + "' --run-format parquet");
        EXPECT_EQ(r.exitCode, 1) << r.err;
        EXPECT_THAT(r.err, HasSubstr(url + ": a URL: RankLab reads no Parquet over a network"));
    }
    EXPECT_TRUE(std::filesystem::is_empty(path("home"))) << "DuckDB wrote to HOME";
}

} // namespace
